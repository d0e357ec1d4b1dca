import { row, rowColumnKeys } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { lists, rows, sheets } from '../../platform/db/schema/index';
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
 * The kept columns of a list, as its rows hold them (columnOne …), under its chosen sheet's header names: an export
 * of the rows tab reads like the file the staffer uploaded. Rows of several lists have no one header: none added.
 */
async function keptColumns(tx: Tx, organizationId: number, args: ListArgs): Promise<ExportColumn[]> {
  const listId = listIdOf(args);
  if (listId === null) return [];
  const [chosen] = await tx
    .select({ headerRow: sheets.headerRow })
    .from(lists)
    .innerJoin(sheets, and(eq(sheets.organizationId, lists.organizationId), eq(sheets.id, lists.sheetId)))
    .where(and(eq(lists.organizationId, organizationId), eq(lists.id, listId)));
  return (chosen?.headerRow ?? []).map((label, i) => ({ name: rowColumnKeys[i], label }));
}

export const rowsService = createResourceService(row, rows, tableOf, { extraExportColumns: keptColumns });
