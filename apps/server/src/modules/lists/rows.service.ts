import { list, row, rowColumnKeys } from '@canvass/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { lists, rows } from '../../platform/db/schema/index';
import type { Viewer } from '../../platform/auth/viewer';
import type { Tx } from '../../platform/db/tenant';
import type { ListArgs } from '../../platform/resources/list-query';
import { visibleWhereOf } from '../../platform/resources/policy';
import { createResourceService, type ExportColumn } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';
import { rowsOfList } from './rows-of-list';

/** The list an export of rows is about: the rows tab exports one list's rows, filtered by listId. */
function listIdOf(args: ListArgs): number | null {
  const filter = args.filters?.find((f) => f.field === 'listId' && f.operation === 'Equal');
  const id = Number(filter?.value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The kept columns of a list's rows (columnOne …) under the header names the load stored with them: an export of
 * the rows tab reads like the file the staffer uploaded. Rows of several lists have no one header: none added.
 */
async function keptColumns(tx: Tx, viewer: Viewer, args: ListArgs): Promise<ExportColumn[]> {
  const listId = listIdOf(args);
  if (listId === null) return [];
  // Through the list's policy: a list the viewer cannot see gives its rows' file no headers either.
  const [found] = await tx
    .select({ rowHeaders: lists.rowHeaders })
    .from(lists)
    .where(and(visibleWhereOf(list.name, tableOf, viewer) ?? sql`false`, eq(lists.id, listId)));
  return rowColumnsOf(found?.rowHeaders ?? []).map(({ field, header }) => ({ name: field, label: header }));
}

/** The kept columns of loaded rows: the Row field holding each (columnOne …) and its header name. */
export function rowColumnsOf(headers: readonly string[]): { field: string; header: string }[] {
  return headers.map((header, i) => ({ field: rowColumnKeys[i], header }));
}

/** The rows tab's list and export read the list's range of row ids (rowsOfList), the rows' key, not all the rows. */
async function listRange(tx: Tx, organizationId: number, args: ListArgs): Promise<SQL | undefined> {
  const listId = listIdOf(args);
  if (listId === null) return undefined;
  const [found] = await tx
    .select({ id: lists.id, firstRowId: lists.firstRowId, lastRowId: lists.lastRowId })
    .from(lists)
    .where(and(eq(lists.organizationId, organizationId), eq(lists.id, listId)));
  // A list the viewer cannot see has no rows to show either.
  return found ? rowsOfList(organizationId, found) : sql`false`;
}

export const rowsService = createResourceService(row, rows, tableOf, {
  extraExportColumns: keptColumns,
  narrow: listRange,
});
