import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, type PgTextBuilderInitial } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { listStatusEnum } from './enums';
import { organizations } from './organizations';

/** A contact list loaded from a spreadsheet. Row counts are stored by the loader: counting rows on read is too slow. */
export const lists = pgTable(
  'lists',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    name: text('name').notNull(),
    googleSheetKey: text('google_sheet_key').notNull(),
    listStatus: listStatusEnum('list_status').notNull().default('Setup'),
    lastLoadedAt: timestamp('last_loaded_at', { withTimezone: true }),
    rowsCount: integer('rows_count').notNull().default(0),
    optimizedRowsCount: integer('optimized_rows_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('lists'),
    tenantKey('lists', t),
    index('lists_org_name_idx').on(t.organizationId, t.name),
    index('lists_org_status_idx').on(t.organizationId, t.listStatus),
    index('lists_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One sheet (tab) of a list's spreadsheet; headerRow names the generic columns of its rows, in order. */
export const sheets = pgTable(
  'sheets',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    listId: refId('list_id').notNull(),
    name: text('name').notNull(),
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

// prettier-ignore
const numberWords = [
  'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const tens = ['Twenty', 'Thirty', 'Forty'] as const;
type NumberWord =
  | (typeof numberWords)[number]
  | (typeof tens)[number]
  | `${(typeof tens)[number]}${(typeof numberWords)[0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8]}`
  | 'Fifty';

/** The fifty generic spreadsheet columns of a row: columnOne … columnFifty (column_one … column_fifty). */
export const rowColumnKeys = [
  ...numberWords,
  ...tens.flatMap((ten) => [ten, ...numberWords.slice(0, 9).map((unit) => `${ten}${unit}`)]),
  'Fifty',
].map((word) => `column${word}`) as `column${NumberWord}`[];

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const rowColumns = Object.fromEntries(rowColumnKeys.map((key) => [key, text(snakeCase(key))])) as Record<
  `column${NumberWord}`,
  PgTextBuilderInitial<string, [string, ...string[]]>
>;

/** One spreadsheet row of a list: the recipient's number and names, and the raw cells for message placeholders. */
export const rows = pgTable(
  'rows',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    listId: refId('list_id').notNull(),
    sheetId: refId('sheet_id'),
    // As found in the sheet; invalid numbers are kept so the project can report them.
    toPhoneNumber: text('to_phone_number'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    ...rowColumns,
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('rows'),
    tenantKey('rows', t),
    tenantRef('rows', t, t.listId, lists, 'cascade'),
    tenantRef('rows', t, t.sheetId, sheets, 'cascade'),
    index('rows_org_list_idx').on(t.organizationId, t.listId, t.id),
    index('rows_org_sheet_idx').on(t.organizationId, t.sheetId),
    index('rows_org_list_phone_idx').on(t.organizationId, t.listId, t.toPhoneNumber),
  ],
);
