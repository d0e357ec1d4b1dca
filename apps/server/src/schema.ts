import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './platform/graphql/builder';
// Each module adds its types, queries and mutations to the builder when imported.
import './modules/auth/auth.graphql';
import './modules/brands/brands.graphql';
import './modules/campaigns/campaigns.graphql';
import './modules/clients/clients.graphql';
import './modules/exports/exports.graphql';
import './modules/favorites/favorites.graphql';
import './modules/options/options.graphql';
import './modules/phones/phones.graphql';
import './modules/queue/queue.graphql';

let schema: GraphQLSchema | null = null;

/** The whole API, built once per process. */
export function buildSchema(): GraphQLSchema {
  schema ??= builder.toSchema();
  return schema;
}

/** The committed schema.graphql: sorted so that a diff shows only real changes. */
export function printedSchema(): string {
  return printSchema(lexicographicSortSchema(buildSchema())) + '\n';
}
