import { getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A table's columns by their property names (clientId, organizationId), as the registry's fields name them. */
export type Columns = Record<string, PgColumn>;

/**
 * The columns of a table the code knows only as a PgTable (a registry entry's, a children field's), to reach one
 * by a field's name. An alias gives its own columns, which render under the alias's name.
 */
export function columnsOf(table: PgTable): Columns {
  return getTableColumns(table);
}
