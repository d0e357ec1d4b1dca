import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { services } from './modules/services';
import { tableOf } from './modules/tables';
import './platform/graphql/background-tasks';
import { builder } from './platform/graphql/builder';
import { applyRecordExtensions } from './platform/graphql/record-extensions';
import { registerResource } from './platform/graphql/resource-schema';
// Each module adds its types, queries and mutations to the builder when imported (and the fields it adds to a
// registry type once that type exists: extendRecord).
import './modules/auth/auth.graphql';
import './modules/data-imports/data-imports.graphql';
import './modules/exports/exports.graphql';
import './modules/favorites/favorites.graphql';
import './modules/google/google.graphql';
import './modules/list-filters/list-filters.graphql';
import './modules/lists/lists.graphql';
import './modules/options/options.graphql';
import './modules/projects/list-projects.graphql';
import './modules/projects/projects.graphql';
import './modules/organization/organization.graphql';
import './modules/phones/phone-lookup.graphql';
import './modules/phones/phone-numbers.graphql';
import './modules/prices/prices.graphql';
import './modules/projects/load/project-summary.graphql';
import './modules/projects/waits/project-waits.graphql';
import './modules/opt-outs/keyword-settings.graphql';
import './modules/opt-outs/opt-outs.graphql';
import './modules/queue/queue.graphql';
import './modules/projects/insights/text-insights.graphql';
import './modules/sending/provider-capabilities.graphql';
import './modules/shortened-links/shortened-links.graphql';
import './modules/teams/teams.graphql';
import './modules/texts/texts.graphql';
import './modules/restrictions/restrictions.graphql';
import './modules/users/users.graphql';

// Every registry entry is served by the same generic machinery, through its service, with the fields modules add.
const recordRefs = new Map(services.map((service) => [service.def.name, registerResource(service, tableOf)]));
applyRecordExtensions(recordRefs);

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
