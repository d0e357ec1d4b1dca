import type { EnumValue, ListColumnRole, ListStatus } from '@canvass/domain';
import type { BackgroundTask } from '../../ui/documents';
import type { FieldError } from '../../ui/types';

/*
 * The lists module's own operations (beyond the registry's list/create/update/destroy). Written against the
 * engine's API (listPreview, setListColumns, loadList, List.sheets, List.loadTask); typed by hand and sent as
 * plain text like the queue monitor's, because schema.graphql does not carry them yet. Once it does, they can move
 * to a *-operations.ts file so graphql-codegen checks them.
 */

export type ListStatusName = EnumValue<typeof ListStatus>;
export type ColumnRole = EnumValue<typeof ListColumnRole>;

export interface ListSheet {
  id: string;
  name: string;
  headerRowIndex: number;
  columnRoles: ColumnRole[];
  /** The names of the kept (Column-role) columns, in order: the message placeholders. */
  headerRow: string[];
}

/** What the lists screens follow of a list: its status, counts, load task and sheets. */
export interface ListState {
  id: string;
  name: string;
  googleSheetKey: string | null;
  uploadId: string | null;
  listStatus: ListStatusName;
  loadErrorMessage: string | null;
  /** The latest load's background task: its progress while the list loads. */
  loadTask: Pick<BackgroundTask, 'id' | 'status' | 'processed' | 'total'> | null;
  lastLoadedAt: string | null;
  rowsCount: number;
  validRowsCount: number;
  invalidRowsCount: number;
  duplicateRowsCount: number;
  optedOutRowsCount: number;
  doNotContactRowsCount: number;
  optimizedRowsCount: number;
  sheets: ListSheet[];
}

const LIST_STATE_FIELDS = `id name googleSheetKey uploadId listStatus loadErrorMessage lastLoadedAt
  loadTask { id status processed total }
  rowsCount validRowsCount invalidRowsCount duplicateRowsCount optedOutRowsCount doNotContactRowsCount
  optimizedRowsCount sheets { id name headerRowIndex columnRoles headerRow }`;

export const LIST_STATE = `query ListState($id: ID!) { list(id: $id) { ${LIST_STATE_FIELDS} } }`;

export const LIST_PREVIEW = `query ListPreview($listId: ID!, $sheetId: ID!, $limit: Int) {
  listPreview(listId: $listId, sheetId: $sheetId, limit: $limit)
}`;

export const SET_LIST_COLUMNS = `mutation SetListColumns($listId: ID!, $sheetId: ID!, $headerRowIndex: Int!,
  $columnRoles: [ListColumnRole!]!) {
  setListColumns(listId: $listId, sheetId: $sheetId, headerRowIndex: $headerRowIndex, columnRoles: $columnRoles) {
    message errors { field messages } list { ${LIST_STATE_FIELDS} }
  }
}`;

// A small list may finish before the first re-check; the header still announces the end (use-list-load.ts).
export const LOAD_LIST = `mutation LoadList($listId: ID!) {
  loadList(listId: $listId) { message errors { field messages } list { ${LIST_STATE_FIELDS} } }
}`;

export interface ListPayload {
  message: string | null;
  errors: FieldError[];
  list: ListState | null;
}
