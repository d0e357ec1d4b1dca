import { resources } from '@canvass/domain';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/platform/db/schema/index';
import { createTestApp, type TestApp } from './harness';

// Every column a registry list sorts or searches by has a btree index (organization_id, column, id): the list
// orders by (column, id) with the organization named, so a page is an index range in either direction. Derived
// from the registry, so a resource added later is held to it without editing this file.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));

const cases = Object.values(resources).flatMap((def) => {
  const table = tables.find((t) => getTableName(t) === snake(def.plural));
  // A resource that declares its sortable columns (a list's million rows) is held to those: its other columns are
  // shown, not sorted, and its search scans inside the one record its pages are scoped to.
  // One that sorts nothing (a list's rows, sheet order) is paged by id alone, through the key (organization_id, id):
  // within its scope, a range of that key the scope's record stores (rowsOfList).
  const fields = def.list.sortable
    ? def.list.sortable.length
      ? [...def.list.sortable]
      : ['id']
    : [...new Set([...def.list.columns, ...(def.list.search ? [def.list.search] : [])])];
  // A column sorted as its id (a creation date) is paged through the key too.
  return fields
    .map((field) => (def.list.sortsById?.includes(field) ? 'id' : field))
    .map((field) => ({
      name: `${def.name}.${field}`,
      resource: def.name,
      table,
      field,
      scope: field === 'id' ? undefined : def.list.scope,
    }));
});

describe('sort indexes of the registry lists', () => {
  it('covers every registry resource', () => {
    expect(new Set(cases.map((c) => c.resource))).toEqual(new Set(Object.keys(resources)));
  });

  it.each(cases)('$name has an index (organization_id, [scope,] column, id)', async ({ table, field, scope }) => {
    expect(table, 'the resource has a table named after its plural').toBeDefined();
    const column = (getTableColumns(table!) as Record<string, { name: string } | undefined>)[field];
    expect(column, `${field} is a column of ${getTableName(table!)}`).toBeDefined();
    // The first three key columns of each plain (non-partial, btree) index of the table. A unique key whose third
    // column is an enum counts as (organization_id, column, id): at most one row per enum value shares the column's
    // value, so the page is an index range on the column with those few rows sorted by id (an incremental sort).
    const { rows } = await app.sql(
      `SELECT CASE WHEN i.indisunique AND i.indnkeyatts = 3 AND t.typtype = 'e'
                   THEN regexp_replace(cols, ',[^,]+$', ',id') ELSE cols END AS cols
         FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid JOIN pg_am am ON am.oid = ic.relam
         CROSS JOIN LATERAL (SELECT array_to_string(array(
                      SELECT coalesce(a.attname::text, '?') FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, ord)
                        LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                       WHERE k.ord <= 3 ORDER BY k.ord), ',') AS cols) c
         LEFT JOIN pg_attribute third ON third.attrelid = i.indrelid AND third.attnum = i.indkey[2]
         LEFT JOIN pg_type t ON t.oid = third.atttypid
        WHERE i.indrelid = $1::regclass AND i.indpred IS NULL AND am.amname = 'btree'`,
      [`public.${getTableName(table!)}`],
    );
    // Pages of a scoped resource are read inside one record of its scope: (organization_id, scope, column).
    const scopeColumn = scope && (getTableColumns(table!) as Record<string, { name: string }>)[scope].name;
    const expected = scopeColumn
      ? `organization_id,${scopeColumn},${column!.name}`
      : column!.name === 'id'
        ? 'organization_id,id'
        : `organization_id,${column!.name},id`;
    expect(rows.map((r: { cols: string }) => r.cols)).toContain(expected);
  });
});
