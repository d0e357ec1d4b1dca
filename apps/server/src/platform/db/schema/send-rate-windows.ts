import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, tenantPolicy } from './_columns';
import { organizations } from './organizations';

/**
 * What dispatch has used of a rate in one second, shared by every worker process: scope names what is shaped
 * ('brand:12' at its throughput, 'phone:34' at SEND_NUMBER_THROUGHPUT), used counts SMS segments. A worker takes
 * its grant in one atomic upsert (last_grant is what that upsert granted), so two workers together never exceed
 * the rate. Old windows are swept by dispatch itself.
 */
export const sendRateWindows = pgTable(
  'send_rate_windows',
  {
    organizationId: organizationId(() => organizations.id),
    scope: text('scope').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    used: integer('used').notNull(),
    lastGrant: integer('last_grant').notNull(),
  },
  (t) => [
    tenantPolicy('send_rate_windows'),
    primaryKey({ name: 'send_rate_windows_pkey', columns: [t.organizationId, t.scope, t.windowStart] }),
  ],
);
