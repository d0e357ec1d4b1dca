import type { ResourceDef } from '@canvass/domain';
import type { ListState } from './list-operations';

/** Name fields a row has only when the list's chosen sheet marks a column with their role. */
const NAME_ROLES = { firstName: 'FirstName', lastName: 'LastName' } as const;

/**
 * The rows resource as this list's rows tab shows it: the name columns only when the sheet has them, then each kept
 * column (columnOne …) under the sheet's own header name instead of its placeholder label.
 */
export function listRowsDef(rowDef: ResourceDef, list: Pick<ListState, 'sheetId' | 'sheets' | 'rowColumns'>) {
  const roles = list.sheets.find((s) => s.id === list.sheetId)?.columnRoles ?? [];
  const columns = rowDef.list.columns.filter((c) => {
    const role = NAME_ROLES[c as keyof typeof NAME_ROLES];
    return !role || roles.includes(role);
  });
  const fields = { ...rowDef.fields };
  for (const { field, header } of list.rowColumns) fields[field] = { ...fields[field], label: header };
  return {
    ...rowDef,
    fields,
    list: { ...rowDef.list, columns: [...columns, ...list.rowColumns.map((c) => c.field)] },
  } satisfies ResourceDef;
}
