import { row, rowColumnKeys } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { lists, rows } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { ListArgs } from '../../platform/resources/list-query';
import { createResourceService, type ExportColumn } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

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
async function keptColumns(tx: Tx, organizationId: number, args: ListArgs): Promise<ExportColumn[]> {
  const listId = listIdOf(args);
  if (listId === null) return [];
  const [found] = await tx
    .select({ rowHeaders: lists.rowHeaders })
    .from(lists)
    .where(and(eq(lists.organizationId, organizationId), eq(lists.id, listId)));
  return rowColumnsOf(found?.rowHeaders ?? []).map(({ field, header }) => ({ name: field, label: header }));
}

/** The kept columns of loaded rows: the Row field holding each (columnOne …) and its header name. */
export function rowColumnsOf(headers: readonly string[]): { field: string; header: string }[] {
  return headers.map((header, i) => ({ field: rowColumnKeys[i], header }));
}

export const rowsService = createResourceService(row, rows, tableOf, { extraExportColumns: keptColumns });
