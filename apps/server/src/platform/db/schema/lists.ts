import { rowColumnKeys, type RowColumnKey } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
  type PgTextBuilderInitial,
} from 'drizzle-orm/pg-core';
import {
  organizationId,
  organizationIdViaParent,
  refId,
  tenantId,
  tenantKey,
  tenantPolicy,
  tenantRef,
  timestamps,
} from './_columns';
import { clients } from './clients';
import { listColumnRoleEnum, listStatusEnum, rowStatusEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/** A file a user uploaded (streamed to storage), waiting to become a list's source. */
export const uploads = pgTable(
  'uploads',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('uploads'),
    tenantKey('uploads', t),
    index('uploads_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * A contact list loaded from a spreadsheet. Row counts are stored by the loader: counting rows on read is too slow.
 * The source is an uploaded file (uploadId) or a Google Sheet (googleSheetKey).
 */
export const lists = pgTable(
  'lists',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    // The client the list was loaded for (spec §6: its Client and Agency users see it); null: the organization's.
    clientId: refId('client_id'),
    googleSheetKey: text('google_sheet_key'),
    uploadId: refId('upload_id'),
    // The sheet the user picked for loading; null until column roles are set.
    sheetId: refId('sheet_id'),
    listStatus: listStatusEnum('list_status').notNull().default('Setup'),
    loadErrorMessage: text('load_error_message'),
    // The background task of the latest load, so the screen can follow its progress.
    loadTaskId: refId('load_task_id'),
    lastLoadedAt: timestamp('last_loaded_at', { withTimezone: true }),
    // The header names of the loaded rows' kept columns (columnOne …), written by the load with the rows: a new
    // column choice names the next load's columns, not the rows already there.
    rowHeaders: text('row_headers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    rowsCount: integer('rows_count').notNull().default(0),
    validRowsCount: integer('valid_rows_count').notNull().default(0),
    invalidRowsCount: integer('invalid_rows_count').notNull().default(0),
    duplicateRowsCount: integer('duplicate_rows_count').notNull().default(0),
    optedOutRowsCount: integer('opted_out_rows_count').notNull().default(0),
    doNotContactRowsCount: integer('do_not_contact_rows_count').notNull().default(0),
    optimizedRowsCount: integer('optimized_rows_count').notNull().default(0),
    // The first and last id of the loaded rows (null before the first load). A load gives its rows ascending ids in
    // sheet order, so the rows of the list are those of the list between the two: its pages and its reload read
    // that range of the rows' key, and rows need no index of their own by list (rowsOfList).
    firstRowId: bigint('first_row_id', { mode: 'number' }),
    lastRowId: bigint('last_row_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('lists'),
    tenantKey('lists', t),
    // Restrict: an upload in use stays; uploads are swept only when no list names them.
    tenantRef('lists', t, t.uploadId, uploads, 'restrict'),
    // Restrict: a client that still has lists is not deleted; the user is told which depend on it.
    tenantRef('lists', t, t.clientId, clients, 'restrict'),
    // The policy's client limit (a Client-role user's lists) and the client's lists, by the foreign key.
    index('lists_org_client_idx').on(t.organizationId, t.clientId, t.id),
    index('lists_org_name_idx').on(t.organizationId, t.name, t.id),
    index('lists_org_status_idx').on(t.organizationId, t.listStatus, t.id),
    index('lists_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('lists_org_rows_idx').on(t.organizationId, t.rowsCount, t.id),
    index('lists_org_optimized_idx').on(t.organizationId, t.optimizedRowsCount, t.id),
    index('lists_org_loaded_idx').on(t.organizationId, t.lastLoadedAt, t.id),
    index('lists_org_upload_idx').on(t.organizationId, t.uploadId),
    // A colleague following a load finds the list that names its task (platform/jobs/task-access.ts).
    index('lists_org_load_task_idx').on(t.organizationId, t.loadTaskId),
  ],
);

/**
 * One sheet (tab) of a list's spreadsheet. sourceSheetId is the source's own id (an index, a Google gid);
 * headerRowIndex and columnRoles are the user's choice on the preview (one role per column of the sheet), and
 * headerRow the names of the columns kept as columnOne … in order, so message placeholders find them.
 */
export const sheets = pgTable(
  'sheets',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    listId: refId('list_id').notNull(),
    sourceSheetId: text('source_sheet_id').notNull(),
    name: text('name').notNull(),
    headerRowIndex: integer('header_row_index').notNull().default(0),
    columnRoles: listColumnRoleEnum('column_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    headerRow: text('header_row')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('sheets'),
    tenantKey('sheets', t),
    tenantRef('sheets', t, t.listId, lists, 'cascade'),
    index('sheets_org_list_idx').on(t.organizationId, t.listId),
  ],
);

/** The fifty generic spreadsheet columns of a row (column_one … column_fifty), named once in the domain. */
export { rowColumnKeys };

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const rowColumns = Object.fromEntries(rowColumnKeys.map((key) => [key, text(snakeCase(key))])) as Record<
  RowColumnKey,
  PgTextBuilderInitial<string, [string, ...string[]]>
>;

/**
 * One spreadsheet row of a list: the recipient's number and names, and the raw cells for message placeholders.
 * Written only by the load (a COPY, straight in or through a temporary table: row-copy.ts), so its indexes are the
 * few a reader needs: each one is paid on every load of a million rows.
 */
export const rows = pgTable(
  'rows',
  {
    id: tenantId(),
    organizationId: organizationIdViaParent(),
    listId: refId('list_id').notNull(),
    // 1-based line of the sheet (after the header row), so a staffer finds the row in the file.
    position: integer('position').notNull(),
    // As found in the sheet; invalid numbers are kept so the list can report them.
    rawPhoneNumber: text('raw_phone_number'),
    // The cleaned 10 digits; null when the number is invalid.
    toPhoneNumber: varchar('to_phone_number', { length: 10 }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    state: varchar('state', { length: 2 }),
    rowStatus: rowStatusEnum('row_status').notNull(),
    ...rowColumns,
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('rows'),
    tenantKey('rows', t),
    tenantRef('rows', t, t.listId, lists, 'cascade'),
    // Pages and reloads read the list's range of the key (lists.first_row_id … last_row_id), not an index by list:
    // a btree on (organization_id, list_id, position, id) cost a million-row load 1.2-1.7 s of the COPY's CPU. This
    // BRIN, a few pages that a load barely touches, serves what has only the list to go by: the cascade that deletes
    // a deleted list's rows.
    index('rows_org_list_brin').using('brin', t.organizationId, t.listId),
  ],
);
