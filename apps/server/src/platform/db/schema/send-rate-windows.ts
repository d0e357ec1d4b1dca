import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, tenantPolicy } from './_columns';
import { organizations } from './organizations';

/**
 * What dispatch has used of a rate in one window, shared by every worker process: scope names what is shaped
 * ('brand:12' per second at its throughput, 'phone:34' per second at SEND_NUMBER_THROUGHPUT or, unregistered,
 * SEND_UNREGISTERED_THROUGHPUT, 'day:phone:34' per day of the organization at its brand's daily cap), used counts
 * SMS segments. A worker takes its grant in one atomic upsert (last_grant is what that upsert granted), so two
 * workers together never exceed the rate. Old windows are swept by dispatch itself.
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
