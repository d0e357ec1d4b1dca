import {
  createdMessage,
  guardOf,
  inputFields,
  messages,
  entryByName,
  type ChildrenField,
  type FieldDef,
  type RefField,
  type ResourceDef,
} from '@canvass/domain';
import type { ObjectFieldBuilder, ObjectRef, SchemaTypes } from '@pothos/core';
import DataLoader from 'dataloader';
import { and, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { GraphQLError } from 'graphql';
import { assertCan } from '../auth/viewer';
import { columnsOf } from '../db/columns';
import { ListArgumentError, type ListArgs } from '../resources/list-query';
import { abilitiesOf, nameableWhere, type RecordAbilities } from '../resources/policy';
import {
  TOTAL_COUNT_CAP,
  type Page,
  type ResourceService,
  type Row,
  type TableOf,
} from '../resources/resource-service';
import { sealKeyValueAttributes, viewSettings, type SettingView } from '../secrets/key-values';
import { builder, FieldErrorRef, toFieldErrors, type FieldErrorShape } from './builder';
import type { Context } from './context';
import { enumRef } from './enums';
import { FilterInputRef, PageInfoRef, ReferenceRef, SortOrderRef, type ReferenceShape } from './list-types';
import { selectsAnyOf } from './selected-fields';
import { inChosenOrganization } from './chosen-organization';

const COUNT_FIELDS = ['totalCount', 'totalCountIsCapped'];

/** Counting is asked for by selecting a count field, so the resolver must have counted when one is read. */
function countOf(c: Page): { total: number; capped: boolean } {
  if (c.totalCount === null) throw new Error('totalCount read from a list that was not counted');
  return { total: c.totalCount, capped: c.totalCountIsCapped };
}

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
type RowFieldBuilder = ObjectFieldBuilder<Types & SchemaTypes, Row>;

// Provider settings are write-only (platform/secrets): a browser learns which keys are set, never a value.
export const EnvKeyValueRef = builder.objectRef<SettingView>('EnvKeyValue').implement({
  fields: (t) => ({ envKey: t.exposeString('envKey'), isSet: t.exposeBoolean('isSet') }),
});
export const EnvKeyValueInput = builder.inputType('EnvKeyValueInput', {
  description: 'A new value replaces the stored one, clear removes it, the key alone keeps what is stored',
  fields: (t) => ({ envKey: t.string({ required: true }), envValue: t.string(), clear: t.boolean() }),
});
/** A child row as its resource's decorate hook hands it over: its id and its fields' values. */
export type ChildRow = Record<string, unknown> & { id: number };

// One output and one input type per children field, made on first use (a resource's rows are one shape).
const childTypes = new Map<string, { output: ReturnType<typeof childOutput>; input: ReturnType<typeof childInput> }>();

function childOutput(f: ChildrenField) {
  return builder.objectRef<ChildRow>(f.typeName).implement({
    description: `One of the ${f.label.toLowerCase()} of a record, saved with it`,
    fields: (t) => {
      const out: Record<string, unknown> = { id: t.id({ resolve: (r) => r.id }) };
      for (const [name, child] of Object.entries(f.fields))
        out[name] = t.string({
          nullable: !child.required,
          resolve: (r) => (r[name] == null ? null : String(r[name])) as string,
        });
      return out as never;
    },
  });
}

function childInput(f: ChildrenField) {
  return builder.inputType(`${f.typeName}Input`, {
    description: 'A row with an id changes that saved row (_destroy removes it); a row without one is added',
    fields: (t) => {
      const out: Record<string, unknown> = { id: t.id(), _destroy: t.boolean() };
      for (const name of Object.keys(f.fields)) out[name] = t.string();
      return out as never;
    },
  });
}

/** The output and input types of a children field's rows (also served by modules outside the registry). */
export function childTypesOf(f: ChildrenField) {
  let types = childTypes.get(f.typeName);
  if (!types) childTypes.set(f.typeName, (types = { output: childOutput(f), input: childInput(f) }));
  return types;
}

export const RecordAbilitiesRef = builder.objectRef<RecordAbilities>('RecordAbilities').implement({
  description: 'What the viewer may do with this record (spec §6): the UI shows its buttons from this',
  fields: (t) => ({
    update: t.exposeBoolean('update'),
    destroy: t.exposeBoolean('destroy'),
    export: t.exposeBoolean('export'),
    favorite: t.exposeBoolean('favorite'),
  }),
});

/** An ID argument as a record id; anything else ('abc', '1.5') is the caller's mistake, said as such. */
export function parseId(value: string | number): number {
  const id = Number(value);
  if (!/^[1-9]\d{0,15}$/.test(String(value)) || !Number.isSafeInteger(id))
    throw new GraphQLError(messages.invalidId(String(value)), { extensions: { code: 'BAD_USER_INPUT' } });
  return id;
}

/**
 * One loader per request and table: a page of 50 rows resolves its references with one query, through the
 * target's visibility policy (a Client-role user gets null for another client's name, as for a missing one), or
 * the organization alone for a name that is part of the record (nameableWhere: a text's numbers).
 */
function referenceLoader(ctx: Context, field: RefField, table: PgTable, tableOf: TableOf) {
  const { resource } = field;
  return ctx.memo(`ref:${resource}${field.namedWithRecord ? ':with-record' : ''}`, () => {
    const cols = columnsOf(table);
    const def = entryByName(resource);
    // A resource without a name column (a phone) is named by its search field, as the web's reference query does.
    const nameCol = cols.name ?? (def ? cols[def.list.search] : undefined);
    return new DataLoader<number, ReferenceShape | null>(async (ids) => {
      const rows = await ctx.tenant(async (tx, viewer) => {
        const referable = nameableWhere(field, tableOf, viewer);
        if (!referable) return [];
        return tx
          .select({ id: cols.id, name: nameCol })
          .from(table)
          .where(and(referable, inArray(cols.id, [...ids])));
      });
      const byId = new Map(rows.map((r) => [r.id as number, r as ReferenceShape]));
      return ids.map((id) => byId.get(id) ?? null);
    });
  });
}

/**
 * The output fields of one registry field. A real record's required fields are non-null; a draft (the blank of
 * new<Type>) has every field nullable, since nothing is filled in yet. A reference object stays nullable: the
 * target's policy may hide it from the viewer.
 */
function outputField(t: RowFieldBuilder, name: string, f: FieldDef, tableOf: TableOf, draft: boolean) {
  const nullable = draft || !f.required;
  const value = (r: Row) => r[name] as never;
  switch (f.kind) {
    case 'enum':
      return { [name]: t.field({ type: enumRef(f.enum), nullable, resolve: value }) };
    case 'number': {
      const resolve = (r: Row) => (r[name] == null ? null : Number(r[name])) as number;
      return { [name]: f.integer ? t.int({ nullable, resolve }) : t.float({ nullable, resolve }) };
    }
    case 'boolean':
      return { [name]: t.boolean({ nullable, resolve: value }) };
    case 'datetime':
      return { [name]: t.field({ type: 'DateTime', nullable, resolve: value }) };
    case 'keyValues':
      return { [name]: t.field({ type: [EnvKeyValueRef], resolve: (r) => viewSettings(r[name]) }) };
    case 'children':
      return {
        [name]: t.field({ type: [childTypesOf(f).output], resolve: (r) => (r[name] as ChildRow[] | null) ?? [] }),
      };
    case 'ref': {
      const target = tableOf(f.resource);
      return {
        [name]: t.id({ nullable, resolve: value }),
        [f.as]: t.field({
          type: ReferenceRef,
          nullable: true,
          resolve: (r, _a, ctx) =>
            r[name] == null || !target ? null : referenceLoader(ctx, f, target, tableOf).load(Number(r[name])),
        }),
      };
    }
    default:
      return { [name]: t.string({ nullable, resolve: (r) => (r[name] == null ? null : String(r[name])) as string }) };
  }
}

function inputField(t: PothosSchemaTypes.InputFieldBuilder<Types & SchemaTypes, 'InputObject'>, f: FieldDef) {
  switch (f.kind) {
    case 'enum':
      return t.field({ type: enumRef(f.enum) });
    case 'number':
      return t.float();
    case 'boolean':
      return t.boolean();
    case 'ref':
      return t.id();
    case 'keyValues':
      return t.field({ type: [EnvKeyValueInput] });
    case 'children':
      return t.field({ type: [childTypesOf(f).input] });
    default:
      return t.string();
  }
}

function toGraphQLError(err: unknown): never {
  if (err instanceof ListArgumentError) throw new GraphQLError(err.message, { extensions: { code: 'BAD_USER_INPUT' } });
  throw err;
}

/**
 * Serves one registry entry over GraphQL: `<name>`, `<plural>` (filters, cursors, sort, totalCount, pageInfo),
 * `new<Type>`, `create/update/destroy<Type>` returning `{ <name>, errors, message }`. Every operation checks
 * the viewer's permission on the entry's restriction resource and runs in a tenant transaction.
 */
export function registerResource(service: ResourceService, tableOf: TableOf) {
  const def: ResourceDef = service.def;
  const T = def.typeName;
  // The restriction resource every operation checks (a list's rows are guarded by List).
  const G = guardOf(def);
  // Fields a page gets from the service's decorate hook (counts, nested rows, favorites), not from its columns.
  const decoratedFields = [...Object.keys(def.fields).filter((name) => !(name in service.table)), 'isFavorite'];
  const ref = builder.objectRef<Row>(T).implement({
    fields: (t) => {
      let fields: Record<string, unknown> = {
        id: t.id({ resolve: (r) => r.id as string | number }),
        createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt as Date }),
        updatedAt: t.field({ type: 'DateTime', resolve: (r) => r.updatedAt as Date }),
      };
      for (const [name, f] of Object.entries(def.fields))
        fields = { ...fields, ...outputField(t, name, f, tableOf, false) };
      // The resource's decorate hook marks the viewer's favorites on each page of rows.
      if (def.favorite) fields.isFavorite = t.boolean({ resolve: (r) => Boolean(r.isFavorite) });
      fields.can = t.field({ type: RecordAbilitiesRef, resolve: (_r, _a, ctx) => abilitiesOf(def, ctx.viewer) });
      return fields as never;
    },
  });
  const edge = builder.objectRef<{ cursor: string; node: Row }>(`${T}Edge`).implement({
    fields: (t) => ({ cursor: t.exposeString('cursor'), node: t.field({ type: ref, resolve: (e) => e.node }) }),
  });
  const connection = builder.objectRef<Page>(`${T}Connection`).implement({
    fields: (t) => ({
      edges: t.field({ type: [edge], resolve: (c) => c.rows.map((node, i) => ({ node, cursor: c.cursors[i] })) }),
      nodes: t.field({ type: [ref], resolve: (c) => c.rows }),
      totalCount: t.int({
        description: `Exact up to ${TOTAL_COUNT_CAP.toLocaleString('en-US')}; beyond, that number and totalCountIsCapped`,
        resolve: (c) => countOf(c).total,
      }),
      totalCountIsCapped: t.boolean({
        description: 'True when there are more rows than totalCount says (the list is shown as "10,000+")',
        resolve: (c) => countOf(c).capped,
      }),
      pageInfo: t.field({
        type: PageInfoRef,
        resolve: (c) => ({
          hasNextPage: c.hasNextPage,
          hasPreviousPage: c.hasPreviousPage,
          startCursor: c.cursors[0] ?? null,
          endCursor: c.cursors[c.cursors.length - 1] ?? null,
        }),
      }),
    }),
  });
  builder.queryFields((t) => ({
    [def.plural]: t.field({
      type: connection,
      description: `${def.pluralLabel}: filters, cursor paging (first/after, last/before; limit = first), sortBy/sortOrder`,
      args: {
        filters: t.arg({ type: [FilterInputRef] }),
        first: t.arg.int(),
        after: t.arg.string(),
        last: t.arg.int(),
        before: t.arg.string(),
        limit: t.arg.int(),
        sortBy: t.arg.string(),
        sortOrder: t.arg({ type: SortOrderRef }),
      },
      resolve: (_r, args, ctx, info) => {
        assertCan(ctx.viewer, 'View', G);
        const count = selectsAnyOf(info, COUNT_FIELDS);
        const decorate =
          selectsAnyOf(info, decoratedFields, ['nodes']) || selectsAnyOf(info, decoratedFields, ['edges', 'node']);
        return ctx
          .tenant((tx, viewer) => service.list(tx, viewer, args as ListArgs, { count, decorate }))
          .catch(toGraphQLError);
      },
    }),
    [def.name]: t.field({
      type: ref,
      nullable: true,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'View', G);
        const id = parseId(args.id);
        return ctx.tenant((tx, viewer) => service.get(tx, viewer, id));
      },
    }),
  }));

  // A read-only resource (a list's rows) is written by its own module: no form, no create, update or destroy.
  if (!def.readOnly) registerWrites(service, tableOf, ref);
  return ref;
}

/** The GraphQL object of a registry entry's records, typed by this schema's builder. */
export type RecordRef =
  typeof FieldErrorRef extends ObjectRef<infer Types, FieldErrorShape> ? ObjectRef<Types, Row> : never;

/** new<Type> and create/update/destroy<Type> of one registry entry: the writes of the generic machinery. */
function registerWrites(service: ResourceService, tableOf: TableOf, ref: RecordRef) {
  const def: ResourceDef = service.def;
  const T = def.typeName;
  const G = guardOf(def);
  // The blank of new<Type>: the fields a form fills in, with their defaults; no id, counts or abilities yet.
  const draft = builder.objectRef<Row>(`${T}Draft`).implement({
    description: `A ${def.label} not yet created: the fields a new form starts with, nullable until filled in`,
    fields: (t) => {
      let fields: Record<string, unknown> = {};
      for (const [name, f] of inputFields(def)) fields = { ...fields, ...outputField(t, name, f, tableOf, true) };
      return fields as never;
    },
  });
  const attributes = builder.inputType(`${T}Attributes`, {
    fields: (t) => {
      const out: Record<string, unknown> = {};
      for (const [name, f] of Object.entries(def.fields)) if (!f.readOnly) out[name] = inputField(t, f);
      return out as never;
    },
  });
  interface Payload {
    row: Row | null;
    errors: FieldErrorShape[];
    message: string | null;
  }
  const payload = builder.objectRef<Payload>(`${T}Payload`).implement({
    fields: (t) => ({
      [def.name]: t.field({ type: ref, nullable: true, resolve: (p) => p.row }),
      errors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      message: t.exposeString('message', { nullable: true }),
    }),
  });

  builder.queryFields((t) => ({
    [`new${T}`]: t.field({
      type: draft,
      description: `A blank ${def.label} with its defaults, for a new form`,
      resolve: (_r, _a, ctx) => {
        assertCan(ctx.viewer, 'Create', G);
        return service.blank() as Row;
      },
    }),
  }));

  const payloadOf = (row: Row | null, errors: Record<string, string[]>, message: string | null): Payload => ({
    row,
    errors: toFieldErrors(errors),
    message,
  });
  builder.mutationFields((t) => ({
    [`create${T}`]: t.field({
      type: payload,
      args: {
        attributes: t.arg({ type: attributes, required: true }),
        ...(def.organizationChoice
          ? { organizationId: t.arg.id({ description: 'A platform admin: the organization it goes to' }) }
          : {}),
      },
      resolve: (_r, args, ctx) => {
        const chosen = (args as { organizationId?: string | null }).organizationId;
        return inChosenOrganization(ctx, chosen ? parseId(chosen) : null, G, async (tx, viewer) => {
          const attrs = sealKeyValueAttributes(def, args.attributes, ctx.platform.secrets);
          const { row, errors } = await service.create(tx, viewer, attrs, { platform: ctx.platform });
          return payloadOf(row, errors, row ? createdMessage(def) : null);
        });
      },
    }),
    [`update${T}`]: t.field({
      type: payload,
      args: { id: t.arg.id({ required: true }), attributes: t.arg({ type: attributes, required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Update', G);
        const id = parseId(args.id);
        return ctx.tenant(async (tx, viewer) => {
          const attrs = sealKeyValueAttributes(def, args.attributes, ctx.platform.secrets);
          const { row, errors } = await service.update(tx, viewer, id, attrs, { platform: ctx.platform });
          return payloadOf(row, errors, row ? 'All changes saved' : null);
        });
      },
    }),
    [`destroy${T}`]: t.field({
      type: payload,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        assertCan(ctx.viewer, 'Delete', G);
        const id = parseId(args.id);
        return ctx.tenant(async (tx, viewer) => {
          const { row, errors } = await service.destroy(tx, viewer, id);
          return payloadOf(row, errors, row ? def.messages.destroyed : null);
        });
      },
    }),
  }));
}
