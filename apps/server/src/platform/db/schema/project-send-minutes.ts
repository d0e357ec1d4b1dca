import { bigint, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { organizationIdViaParent, refId, tenantPolicy, tenantRef } from './_columns';
import { providerEnum } from './enums';
import { projects } from './projects';

/**
 * A project's texts handed to each provider, by the minute they went (spec §3 Text insight), so its sending pace is
 * read from a few rows a minute and never by counting texts. Whatever stamps a text's sent_at (dispatch recording
 * the provider's acceptance, or a status callback that got there first) adds one here in the same transaction.
 */
export const projectSendMinutes = pgTable(
  'project_send_minutes',
  {
    organizationId: organizationIdViaParent(),
    projectId: refId('project_id').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    provider: providerEnum('provider').notNull(),
    sent: bigint('sent', { mode: 'number' }).notNull(),
  },
  (t) => [
    tenantPolicy('project_send_minutes'),
    primaryKey({ name: 'project_send_minutes_pkey', columns: [t.organizationId, t.projectId, t.minute, t.provider] }),
    tenantRef('project_send_minutes', t, t.projectId, projects, 'cascade'),
  ],
);
