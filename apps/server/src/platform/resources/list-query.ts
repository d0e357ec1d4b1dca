import { sortableColumns, type FieldDef, type Filter, type ResourceDef } from '@canvass/domain';
import { and, eq, gt, inArray, is, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { columnsOf, type Columns } from '../db/columns';

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

/** What a list is planned over: a table, or the columns of a service whose rows are not one table's (users). */
export type Listed = PgTable | Columns;

const columnsIn = (listed: Listed): Columns => (is(listed, PgTable) ? columnsOf(listed) : listed);

function column(columns: Columns, def: ResourceDef, name: string): { col: PgColumn; field?: FieldDef } {
  const col = columns[name];
  const field = def.fields[name];
  if (!col || (name !== 'id' && !field)) throw new ListArgumentError(`Unknown field: ${name}`);
  return { col, field };
}

export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A filter value as the column's type, so a wrong value is the user's error (BAD_USER_INPUT) and never reaches
 * the database: dates must parse, numbers and ids must be numbers, enum values must be the enum's.
 */
function typedValue(col: PgColumn, field: FieldDef | undefined, name: string, raw: string): unknown {
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
      if (raw.trim() === '' || !fitsColumn(col, n)) throw bad();
      return n;
    }
    case 'money':
      // Compared as the decimal text it is: a float would turn 0.1 into 0.1000000000000000055…
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw bad();
      return raw.trim();
    case 'enum':
      if (!field.enum.is(raw)) throw bad();
      return raw;
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad();
      return raw === 'true';
    case 'phone':
      return searchDigits(raw);
    default:
      return raw;
  }
}

/** The whole-number range of each integer column type; a number outside it (1e23) would fail in the database. */
const SMALLINT = [-32_768, 32_767] as const;
const INTEGER = [-2_147_483_648, 2_147_483_647] as const;
// Ids are read as JavaScript numbers, exact only up to 2^53.
const BIGINT = [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER] as const;
const INTEGER_RANGES: Record<string, readonly [number, number]> = {
  smallint: SMALLINT,
  smallserial: SMALLINT,
  integer: INTEGER,
  serial: INTEGER,
  bigint: BIGINT,
  bigserial: BIGINT,
};

/** Whether `n` is a value of the column: a whole number in range for integer columns, any finite number else. */
function fitsColumn(col: PgColumn, n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const range = INTEGER_RANGES[col.getSQLType()];
  return !range || (Number.isInteger(n) && n >= range[0] && n <= range[1]);
}

/** A phone as typed ('(917)-555-0111', '+1 917 555 0111') reduced to the digits numbers are stored as. */
function searchDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Contains, any case; on a phone column the digits of what was typed, so punctuation never hides a number. */
function likeCondition(col: PgColumn, field: FieldDef | undefined, value: string): SQL {
  if (field?.kind !== 'phone') return sql`${col}::text ILIKE ${`%${escapeLike(value)}%`}`;
  const digits = searchDigits(value);
  // Text with no digit in it cannot be part of a number.
  if (!digits && value.trim()) return sql`false`;
  return sql`${col} LIKE ${`%${digits}%`}`;
}

/** One filter of spec §7 as SQL. With: the field has a value ("false" → has none). */
export function filterCondition(listed: Listed, def: ResourceDef, f: Filter): SQL {
  const { col, field } = column(columnsIn(listed), def, f.field);
  const value = f.value ?? null;
  const typed = (raw: string) => typedValue(col, field, f.field, raw);
  switch (f.operation) {
    case 'Equal':
      return value === null ? isNull(col) : eq(col, typed(value));
    case 'In':
      return (f.arrayValues?.length ?? 0) === 0 ? sql`false` : inArray(col, (f.arrayValues ?? []).map(typed));
    case 'With':
      return value === 'false' ? isNull(col) : isNotNull(col);
    case 'Like':
      return likeCondition(col, field, value ?? '');
    case 'GreaterThan':
      return gt(col, typed(value ?? ''));
    case 'LessThan':
      return lt(col, typed(value ?? ''));
  }
}

type CursorKey = string | number | boolean | null;
interface Cursor {
  k: CursorKey;
  id: number;
}
export function encodeCursor(key: unknown, id: number): string {
  const k = key instanceof Date ? key.toISOString() : (key as CursorKey);
  return Buffer.from(JSON.stringify({ k, id } satisfies Cursor)).toString('base64url');
}

/** A cursor's key must be a value of the sort column, so a tampered cursor is the user's error, not the database's. */
function validKey(col: PgColumn, field: FieldDef | undefined, k: unknown): boolean {
  switch (field?.kind) {
    case 'datetime':
    case 'date':
      return typeof k === 'string' && !Number.isNaN(Date.parse(k));
    case 'number':
    case 'ref':
    case undefined:
      return (
        (typeof k === 'number' || (typeof k === 'string' && /^-?\d+(\.\d+)?$/.test(k))) && fitsColumn(col, Number(k))
      );
    case 'money':
      return typeof k === 'string' && /^-?\d+(\.\d+)?$/.test(k);
    case 'enum':
      return typeof k === 'string' && field.enum.is(k);
    case 'boolean':
      return typeof k === 'boolean';
    default:
      return typeof k === 'string';
  }
}

function decodeCursor(cursor: string, col: PgColumn, field: FieldDef | undefined): Cursor {
  let c: Cursor;
  try {
    c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Cursor;
  } catch {
    c = { k: null, id: NaN };
  }
  const keyOk = c?.k === null ? !col.notNull : validKey(col, field, c?.k);
  if (typeof c !== 'object' || c === null || !Number.isSafeInteger(c.id) || !keyOk)
    throw new ListArgumentError('Invalid cursor');
  return c;
}

export interface ListPlan {
  where: SQL | undefined;
  /**
   * The keyset conditions of the page in reading order: the page reads the first, and the next only while it
   * is not full. Each is one index range on (organization_id, sort column, id). Two only when a nullable sort
   * column's nulls follow (or precede) its values; [undefined] without a cursor.
   */
  segments: (SQL | undefined)[];
  orderBy: SQL[];
  /** The plain sort column, selected with each row so its cursor keeps the exact value (microseconds too). */
  sortColumn: PgColumn;
  take: number;
  /** Paging backwards reads in reverse order; the page is flipped back before it is returned. */
  backwards: boolean;
  forwards: boolean;
  hasCursor: boolean;
}

/**
 * The keyset segments after cursor c, reading ascending (values, then nulls: NULLS LAST) or descending (nulls,
 * then values: NULLS FIRST), which is exactly the order of a plain btree read forwards or backwards.
 */
function keyset(col: PgColumn, idCol: PgColumn, c: Cursor, readDesc: boolean): SQL[] {
  const after = readDesc ? sql`(${col}, ${idCol}) < (${c.k}, ${c.id})` : sql`(${col}, ${idCol}) > (${c.k}, ${c.id})`;
  if (col.notNull) return [after];
  const nullsAfter = and(isNull(col), readDesc ? lt(idCol, c.id) : gt(idCol, c.id))!;
  if (readDesc) return c.k === null ? [nullsAfter, isNotNull(col)] : [after];
  return c.k === null ? [nullsAfter] : [after, isNull(col)];
}

/**
 * Turns list arguments into SQL pieces: filters, the keyset condition of the cursor, order and page size.
 * `scope` is the viewer's visibility (organization first), so every piece can use an index leading with it.
 */
export function planList(listed: Listed, def: ResourceDef, args: ListArgs, scope: SQL | undefined): ListPlan {
  const columns = columnsIn(listed);
  const sortBy = args.sortBy ?? def.list.sortBy;
  // Sorting by a column without an index would scan the table (a list's rows keep few indexes on purpose).
  const sortable = def.list.sortable && sortableColumns(def, args.filters ?? []);
  if (sortable && sortBy !== def.list.sortBy && sortBy !== 'id' && !sortable.includes(sortBy))
    throw new ListArgumentError(`Cannot sort by ${sortBy}`);
  const shown = column(columns, def, sortBy);
  const idCol = columns.id;
  // A column sorted as its id is (sortsById): the cursor keeps the id.
  const byId = def.list.sortsById?.includes(sortBy) ?? false;
  const col = byId ? idCol : shown.col;
  const field = byId ? undefined : shown.field;
  const desc = (args.sortOrder ?? (args.sortBy ? 'Asc' : def.list.sortOrder)) === 'Desc';
  const backwards = args.last != null || args.before != null;
  const requested = backwards ? args.last : (args.first ?? args.limit);
  const take = Math.min(Math.max(requested ?? DEFAULT_PAGE_SIZE, 0), MAX_PAGE_SIZE);
  // Reading backwards flips the direction of both the order and the keyset comparison.
  const readDesc = desc !== backwards;
  const cursor = backwards ? args.before : args.after;
  const segments = cursor ? keyset(col, idCol, decodeCursor(cursor, col, field), readDesc) : [undefined];
  const filters = (args.filters ?? []).map((f) => filterCondition(columns, def, f));
  return {
    where: and(scope, ...filters),
    segments,
    orderBy: readDesc
      ? [sql`${col} DESC NULLS FIRST`, sql`${idCol} DESC`]
      : [sql`${col} ASC NULLS LAST`, sql`${idCol} ASC`],
    sortColumn: col,
    take,
    backwards,
    forwards: !backwards,
    hasCursor: Boolean(cursor),
  };
}
