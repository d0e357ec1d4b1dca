import { and, between, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import { rows } from '../../platform/db/schema/index';

/** A list's stored range of row ids (lists.first_row_id … last_row_id; null before its first load). */
export interface ListRowRange {
  id: number;
  firstRowId: number | null;
  lastRowId: number | null;
}

/**
 * The rows of one list, as a range of the rows' key (organization_id, id): a load gives its rows ascending ids and
 * stores the first and the last on the list, so a page, an export or a reload reads that range, with list_id
 * leaving out the rows of another list loaded at the same time. Rows keep no btree by list (each index is paid on
 * every load of a million rows); a list without a range (never loaded) is found through the BRIN by list.
 */
export function rowsOfList(
  organizationId: number,
  list: ListRowRange,
  /** The rows table as the statement names it: an alias (`alias(rows, 'r')`) in a statement of raw SQL. */
  table: Record<'organizationId' | 'listId' | 'id', AnyColumn> = rows,
): SQL {
  const ofList = and(eq(table.organizationId, organizationId), eq(table.listId, list.id))!;
  if (list.firstRowId === null || list.lastRowId === null) return ofList;
  return and(ofList, between(table.id, list.firstRowId, list.lastRowId))!;
}
