import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
  date,
} from 'drizzle-orm/pg-core';
import { organizationIdViaParent, refId, tenantPolicy, tenantRef } from './_columns';
import { textStatusEnum } from './enums';
import { projects } from './projects';

/**
 * Why a row of a project's list got no text. One reason per row, the first that applies in this order, so the
 * counts of the reasons and the texts add up to the list's rows.
 */
export const projectExclusionReasons = [
  'Duplicate',
  'Invalid',
  'DoNotContact',
  'OrganizationOptOut',
  'ClientOptOut',
  'Landline',
  'Carrier',
  'State',
] as const;
export const projectExclusionReasonEnum = pgEnum('project_exclusion_reason', projectExclusionReasons);

/**
 * The latest load of a project: its outcome (the message a failed load leaves for the screen) and its totals.
 * One row per project, replaced by each load and removed by the unload (the error message stays until a load
 * succeeds).
 */
export const projectLoads = pgTable(
  'project_loads',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    errorMessage: text('error_message'),
    loadedAt: timestamp('loaded_at', { withTimezone: true }),
    rowsCount: integer('rows_count').notNull().default(0),
    textsCount: integer('texts_count').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    tenantPolicy('project_loads'),
    primaryKey({ name: 'project_loads_pkey', columns: [t.organizationId, t.projectId] }),
    tenantRef('project_loads', t, t.projectId, projects, 'cascade'),
  ],
);

/**
 * The rows of a project's list that got no text, for the duplicate_phones, invalid_phones and opt_out_phones tabs:
 * paged by (reason, row_id) through the key. Written by the load in one INSERT … SELECT, removed by the unload.
 */
export const projectExclusions = pgTable(
  'project_exclusions',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    reason: projectExclusionReasonEnum('reason').notNull(),
    rowId: refId('row_id').notNull(),
    // As the list has it: the cleaned number, else (an invalid row) the raw one.
    number: text('number'),
    toPhoneId: refId('to_phone_id'),
  },
  (t) => [
    tenantPolicy('project_exclusions'),
    primaryKey({ name: 'project_exclusions_pkey', columns: [t.organizationId, t.projectId, t.reason, t.rowId] }),
    tenantRef('project_exclusions', t, t.projectId, projects, 'cascade'),
  ],
);

/** How many rows each reason left out of a project's latest load (read instead of counting project_exclusions). */
export const projectExclusionCounts = pgTable(
  'project_exclusion_counts',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    reason: projectExclusionReasonEnum('reason').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    tenantPolicy('project_exclusion_counts'),
    primaryKey({ name: 'project_exclusion_counts_pkey', columns: [t.organizationId, t.projectId, t.reason] }),
    tenantRef('project_exclusion_counts', t, t.projectId, projects, 'cascade'),
  ],
);

/**
 * A project's texts counted by day (UTC, of the text's created_at), sender and status, so reports, summaries and
 * the dashboard never count texts. The load adds its Ready texts, the unload takes them away; whatever changes a
 * text's status moves one count from its old status to its new one in the same transaction.
 */
export const projectTextCounts = pgTable(
  'project_text_counts',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    fromPhoneId: refId('from_phone_id').notNull(),
    textStatus: textStatusEnum('text_status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    tenantPolicy('project_text_counts'),
    primaryKey({
      name: 'project_text_counts_pkey',
      columns: [t.organizationId, t.projectId, t.day, t.fromPhoneId, t.textStatus],
    }),
    tenantRef('project_text_counts', t, t.projectId, projects, 'cascade'),
    index('project_text_counts_org_day_idx').on(t.organizationId, t.day),
  ],
);

/** The recipients of a project's latest load by area code (its area code usage), written by the load. */
export const projectAreaCodes = pgTable(
  'project_area_codes',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    areaCode: varchar('area_code', { length: 3 }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    tenantPolicy('project_area_codes'),
    primaryKey({ name: 'project_area_codes_pkey', columns: [t.organizationId, t.projectId, t.areaCode] }),
    tenantRef('project_area_codes', t, t.projectId, projects, 'cascade'),
  ],
);
