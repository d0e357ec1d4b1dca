import { sql } from 'drizzle-orm';
import { bigint, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { organizationId, tenantId, tenantKey, tenantPolicy } from './_columns';
import { organizations } from './organizations';

/**
 * Dispatch's journal of what it handed to providers, so a crash leaves only the texts really in flight unknown
 * (issue 34). A claim writes the ids it claimed; before a text is POSTed its id is written (handed), in groups,
 * one row per group; a provider's answer is written (answered) as soon as it arrives, before the text's send slot
 * is given to another. After a crash, reconcile.ts reads a stale claim's text here: answered, its outcome is
 * recorded; handed without an answer, it was in flight; claimed and never handed, it goes back to Ready. Rows are
 * short-lived: a run deletes its own when it ends, and reconciliation deletes a dead run's.
 */
export const sendHandovers = pgTable(
  'send_handovers',
  {
    organizationId: organizationId(() => organizations.id),
    id: tenantId(),
    /** The dispatch run that wrote it (a random id per run), so a run that ends deletes its own rows. */
    runId: bigint('run_id', { mode: 'number' }).notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull().defaultNow(),
    claimed: bigint('claimed', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    handed: bigint('handed', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** [{ id, provider, deliveryReceipts, outcome }]: a SendOutcome per text, as the provider answered. */
    answered: jsonb('answered')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [tenantPolicy('send_handovers'), tenantKey('send_handovers', t)],
);
