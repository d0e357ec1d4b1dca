import type { FieldDef, ResourceDef } from '@canvass/domain';
import { and, eq, gt, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

export type FilterOperation = 'Equal' | 'In' | 'With' | 'Like' | 'GreaterThan' | 'LessThan';
export interface Filter {
  field: string;
  operation: FilterOperation;
  value?: string | null;
  arrayValues?: readonly string[] | null;
}
export interface ListArgs {
  filters?: readonly Filter[] | null;
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  limit?: number | null;
  sortBy?: string | null;
  sortOrder?: 'Asc' | 'Desc' | null;
}

export class ListArgumentError extends Error {}

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

type Columns = Record<string, PgColumn>;

function column(table: PgTable, def: ResourceDef, name: string): { col: PgColumn; field?: FieldDef } {
  const col = (table as unknown as Columns)[name];
  const field = def.fields[name];
  if (!col || (name !== 'id' && !field)) throw new ListArgumentError(`Unknown field: ${name}`);
  return { col, field };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A filter value as the column's type, so a wrong value is the user's error (BAD_USER_INPUT) and never reaches
 * the database: dates must parse, numbers and ids must be numbers, enum values must be the enum's.
 */
function typedValue(field: FieldDef | undefined, name: string, raw: string): unknown {
  const bad = () => new ListArgumentError(`Invalid value for ${name}: ${raw}`);
  switch (field?.kind) {
    case 'datetime': {
      const d = new Date(raw);
      if (Number.isNaN(d.getTime())) throw bad();
      return d;
    }
    case 'number':
    case 'ref':
    case undefined: {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw bad();
      return n;
    }
    case 'enum':
      if (!field.enum.is(raw)) throw bad();
      return raw;
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad();
      return raw === 'true';
    default:
      return raw;
  }
}

/** One filter of spec §7 as SQL. With: the field has a value ("false" → has none). */
export function filterCondition(table: PgTable, def: ResourceDef, f: Filter): SQL {
  const { col, field } = column(table, def, f.field);
  const value = f.value ?? null;
  const typed = (raw: string) => typedValue(field, f.field, raw);
  switch (f.operation) {
    case 'Equal':
      return value === null ? isNull(col) : eq(col, typed(value));
    case 'In':
      return (f.arrayValues?.length ?? 0) === 0 ? sql`false` : inArray(col, (f.arrayValues ?? []).map(typed));
    case 'With':
      return value === 'false' ? isNull(col) : isNotNull(col);
    case 'Like':
      return sql`${col}::text ILIKE ${`%${escapeLike(value ?? '')}%`}`;
    case 'GreaterThan':
      return gt(col, typed(value ?? ''));
    case 'LessThan':
      return lt(col, typed(value ?? ''));
  }
}

/**
 * The sort key of a field as a never-null SQL expression, so that (key, id) keyset paging is exact whatever
 * the column holds; nulls sort first ascending.
 */
function sortKey(col: PgColumn, field: FieldDef | undefined): SQL {
  switch (field?.kind) {
    case 'datetime':
      return sql`coalesce(${col}, '-infinity'::timestamptz)`;
    case 'number':
    case 'ref':
      return sql`coalesce(${col}::numeric, -1)`;
    case 'boolean':
      return sql`coalesce(${col}::int, -1)`;
    case undefined:
      return sql`${col}`;
    default:
      return sql`coalesce(lower(${col}::text), '')`;
  }
}

interface Cursor {
  k: string | number | null;
  id: number;
}
export function encodeCursor(key: unknown, id: number): string {
  const k = key instanceof Date ? key.toISOString() : (key as string | number | null);
  return Buffer.from(JSON.stringify({ k, id } satisfies Cursor)).toString('base64url');
}
function decodeCursor(cursor: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Cursor;
    if (typeof c.id !== 'number') throw new Error();
    return c;
  } catch {
    throw new ListArgumentError('Invalid cursor');
  }
}

export interface ListPlan {
  where: SQL | undefined;
  pageWhere: SQL | undefined;
  orderBy: SQL[];
  sortKey: SQL;
  take: number;
  /** Paging backwards reads in reverse order; the page is flipped back before it is returned. */
  backwards: boolean;
  forwards: boolean;
  hasCursor: boolean;
}

/** Turns list arguments into SQL pieces: filters, the keyset condition of the cursor, order and page size. */
export function planList(table: PgTable, def: ResourceDef, args: ListArgs, scope: SQL | undefined): ListPlan {
  const sortBy = args.sortBy ?? def.list.sortBy;
  const { col, field } = column(table, def, sortBy);
  const desc = (args.sortOrder ?? (args.sortBy ? 'Asc' : def.list.sortOrder)) === 'Desc';
  const backwards = args.last != null || args.before != null;
  const requested = backwards ? args.last : (args.first ?? args.limit);
  const take = Math.min(Math.max(requested ?? DEFAULT_PAGE_SIZE, 0), MAX_PAGE_SIZE);
  const key = sortKey(col, field);
  const idCol = (table as unknown as Columns).id;
  // Reading backwards flips the direction of both the order and the keyset comparison.
  const readDesc = desc !== backwards;
  const cursor = backwards ? args.before : args.after;
  let pageWhere: SQL | undefined;
  if (cursor) {
    const c = decodeCursor(cursor);
    pageWhere = readDesc ? sql`(${key}, ${idCol}) < (${c.k}, ${c.id})` : sql`(${key}, ${idCol}) > (${c.k}, ${c.id})`;
  }
  const filters = (args.filters ?? []).map((f) => filterCondition(table, def, f));
  return {
    where: and(scope, ...filters),
    pageWhere,
    orderBy: readDesc ? [sql`${key} DESC`, sql`${idCol} DESC`] : [sql`${key} ASC`, sql`${idCol} ASC`],
    sortKey: key,
    take,
    backwards,
    forwards: !backwards,
    hasCursor: Boolean(cursor),
  };
}
