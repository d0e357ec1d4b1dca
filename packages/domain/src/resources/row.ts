import { RowStatus } from '../enums';
import { defineResource, field, oneOf, ref, text } from '../resource';
import { rowColumnFields } from '../row-columns';

/**
 * One spreadsheet row of a list (spec §3 Row), as the load left it: read and exported, never edited. Rows are
 * listed within their list, in sheet order, and nothing else sorts them: every index on a million-row table is paid
 * on every load.
 */
export const row = defineResource({
  name: 'row',
  plural: 'rows',
  typeName: 'Row',
  label: 'Row',
  pluralLabel: 'Rows',
  path: 'rows',
  fields: {
    // Read-only like every field here: rows go with their list (ON DELETE CASCADE), never block deleting it.
    listId: ref('list', 'list', 'List', { required: true, readOnly: true }),
    position: field('number', 'Row', { readOnly: true, required: true, integer: true }),
    rawPhoneNumber: text('Phone as found', { readOnly: true }),
    toPhoneNumber: field('phone', 'Phone', { readOnly: true }),
    firstName: text('First name', { readOnly: true }),
    lastName: text('Last name', { readOnly: true }),
    state: text('State', { readOnly: true }),
    rowStatus: oneOf(RowStatus, 'Status', { readOnly: true, required: true }),
    // The sheet's other kept columns (message placeholders), shown under their header names (List.rowColumns).
    ...rowColumnFields,
  },
  list: {
    columns: ['toPhoneNumber', 'firstName', 'lastName', 'state', 'rowStatus'],
    search: 'toPhoneNumber',
    // In sheet order: a load gives its rows ascending ids in that order, and the list's pages read its range of the
    // rows' key (rowsOfList on the server). Nothing else sorts: each index is paid on every load.
    sortBy: 'id',
    sortOrder: 'Asc',
    sortable: [],
    scope: 'listId',
    exportColumns: ['position', 'rawPhoneNumber', 'toPhoneNumber', 'firstName', 'lastName', 'state', 'rowStatus'],
  },
  sections: [],
  guard: 'List',
  readOnly: true,
  // A row is seen by whoever sees its list (a client's recipients by that client's users).
  ownedBy: null,
  ownedThrough: 'listId',
  messages: { destroyed: 'The row has been deleted successfully' },
});
