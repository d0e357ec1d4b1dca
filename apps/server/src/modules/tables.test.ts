import { resources, type ResourceDef } from '@canvass/domain';
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favorites } from '../platform/db/schema/index';
import { tableOf } from './tables';

// The registry (packages/domain) and the Drizzle tables are written separately; this keeps them in step.
describe.each(Object.values(resources))('the $name registry entry', (def) => {
  const table = tableOf(def.name);

  it('has a table', () => {
    expect(table).toBeDefined();
  });

  it('stores every input field in a column (nested lists are stored by the resource itself)', () => {
    const columns = Object.keys(getTableColumns(table!));
    const stored = Object.entries(def.fields)
      .filter(([, f]) => !f.readOnly && f.kind !== 'children')
      .map(([name]) => name);
    expect(stored.filter((name) => !columns.includes(name))).toEqual([]);
  });

  it('keeps every field the registry marks required NOT NULL (the API serves it non-null)', () => {
    const columns = getTableColumns(table!);
    const nullable = Object.entries(def.fields)
      .filter(([name, f]) => f.required && name in columns && !columns[name].notNull)
      .map(([name]) => name);
    expect(nullable).toEqual([]);
  });

  it('has the organization, id and timestamps every tenant table carries', () => {
    expect(Object.keys(getTableColumns(table!))).toEqual(
      expect.arrayContaining(['id', 'organizationId', 'createdAt', 'updatedAt']),
    );
  });

  it('lists, sorts, searches and exports only fields it knows', () => {
    const names = Object.keys(def.fields);
    // 'id' is every table's key: a bulk table (texts) lists newest first by it.
    for (const f of [...def.list.columns, ...def.list.exportColumns, def.list.search, def.list.sortBy])
      if (f !== 'id') expect(names).toContain(f);
  });
});

describe('favourites', () => {
  it('every resource marked favorite has its column in the favourites table', () => {
    const columns = Object.keys(getTableColumns(favorites));
    const starred = Object.values(resources as Record<string, ResourceDef>).filter((def) => def.favorite);
    expect(starred.length).toBeGreaterThan(0);
    expect(starred.map((def) => `${def.name}Id`).filter((c) => !columns.includes(c))).toEqual([]);
  });
});
