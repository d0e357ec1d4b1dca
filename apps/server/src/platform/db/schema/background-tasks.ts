import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, timestamps } from './_columns';
import { backgroundTaskStatusEnum } from './enums';
import { organizations } from './organizations';
import { users } from './users';

/** A long job a user started (export, list load, import …), so its progress and outcome can be shown. */
export const backgroundTasks = pgTable(
  'background_tasks',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    kind: text('kind').notNull(),
    status: backgroundTaskStatusEnum('status').notNull().default('Queued'),
    userId: refId('user_id').references(() => users.id, { onDelete: 'set null' }),
    processed: integer('processed').notNull().default(0),
    // Null until the job knows how much there is to do.
    total: integer('total'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    errorMessage: text('error_message'),
    // A produced file (an export), kept in storage.
    filePath: text('file_path'),
    filename: text('filename'),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('background_tasks'),
    tenantKey('background_tasks', t),
    index('background_tasks_org_user_idx').on(t.organizationId, t.userId, t.createdAt),
    index('background_tasks_org_status_idx').on(t.organizationId, t.status),
  ],
);
