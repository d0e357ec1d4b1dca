import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizationId, refId, tenantId, tenantKey, tenantPolicy, tenantRef, timestamps } from './_columns';
import { backgroundTaskStatusEnum } from './enums';
import { organizations } from './organizations';
import { projects } from './projects';
import { users } from './users';

/** A texter's queue of texts, filled in the background; processed, total and errors report its progress. */
export const works = pgTable(
  'works',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    userId: refId('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: refId('project_id'),
    status: backgroundTaskStatusEnum('status').notNull().default('Queued'),
    processed: integer('processed').notNull().default(0),
    total: integer('total'),
    errors: integer('errors').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('works'),
    tenantKey('works', t),
    tenantRef('works', t, t.projectId, projects, 'cascade'),
    index('works_org_user_idx').on(t.organizationId, t.userId, t.createdAt),
    index('works_org_project_idx').on(t.organizationId, t.projectId),
  ],
);

/** One text in a work queue, at its position (the cursor the work view pages by). */
export const workItems = pgTable(
  'work_items',
  {
    id: tenantId(),
    organizationId: organizationId(() => organizations.id),
    workId: refId('work_id').notNull(),
    // The text's key in texts (partitioned by month). Not a foreign key: one into texts would block dropping or
    // detaching an old month.
    textId: refId('text_id').notNull(),
    textCreatedAt: timestamp('text_created_at', { withTimezone: true }).notNull(),
    position: integer('position').notNull(),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy('work_items'),
    tenantKey('work_items', t),
    tenantRef('work_items', t, t.workId, works, 'cascade'),
    uniqueIndex('work_items_work_position_key').on(t.organizationId, t.workId, t.position),
    uniqueIndex('work_items_work_text_key').on(t.organizationId, t.workId, t.textId),
    index('work_items_org_text_idx').on(t.organizationId, t.textId),
  ],
);
