import SchemaBuilder from '@pothos/core';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import type { Context } from './context';

/** The one Pothos builder; modules add their types to it, src/schema.ts prints and serves the result. */
export const builder = new SchemaBuilder<{
  Context: Context;
  DefaultFieldNullability: false;
  Scalars: {
    ID: { Input: string; Output: string | number };
    DateTime: { Input: string; Output: Date | string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({ defaultFieldNullability: false });

builder.queryType({});
builder.mutationType({});
// Served over graphql-ws only (platform/graphql/subscriptions.ts).
builder.subscriptionType({});

builder.addScalarType(
  'DateTime',
  new GraphQLScalarType({
    name: 'DateTime',
    description: 'An ISO 8601 date-time string',
    serialize: (v) => (v instanceof Date ? v.toISOString() : String(v)),
    parseValue: (v) => {
      if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw new GraphQLError('Invalid date-time');
      return v;
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING || Number.isNaN(Date.parse(ast.value))) throw new GraphQLError('Invalid date-time');
      return ast.value;
    },
  }),
);

function literalToJson(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return ast.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.LIST:
      return ast.values.map(literalToJson);
    case Kind.OBJECT:
      return Object.fromEntries(ast.fields.map((f) => [f.name.value, literalToJson(f.value)]));
    default:
      return null;
  }
}

builder.addScalarType(
  'JSON',
  new GraphQLScalarType({
    name: 'JSON',
    description: 'Any JSON value',
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral: literalToJson,
  }),
);

/** The errors map keyed by field (spec §7) as a list, so it is typed. `base` holds errors of the whole record. */
export interface FieldErrorShape {
  field: string;
  messages: string[];
}
export const FieldErrorRef = builder.objectRef<FieldErrorShape>('FieldError').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    messages: t.exposeStringList('messages'),
  }),
});

export function toFieldErrors(errors: Record<string, string[]>): FieldErrorShape[] {
  return Object.entries(errors).map(([field, messages]) => ({ field, messages }));
}

export interface MessagePayloadShape {
  success: boolean;
  message?: string | null;
  errors?: FieldErrorShape[];
}
export const MessagePayloadRef = builder.objectRef<MessagePayloadShape>('MessagePayload').implement({
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    message: t.exposeString('message', { nullable: true }),
    errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors ?? [] }),
  }),
});
