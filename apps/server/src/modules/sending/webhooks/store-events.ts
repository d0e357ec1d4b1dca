import type { ProviderValue } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AtOnce, Prepared, Queryable } from '../../../platform/db/system-at-once';
import type { WebhookEvent } from '../providers/messaging-provider';

/** One verified provider event, routed to its organization and sender number, as webhook_events keeps it. */
export interface StoredRow {
  provider: ProviderValue;
  event_id: string;
  organization_id: number;
  phone_id: number;
  payload: WebhookEvent;
  raw_body: string;
}

/**
 * The events in one JSON parameter; an event id the organization already has from the provider (a redelivery) is
 * dropped by the unique key. Answers the organizations
 * that got new events, once each (not a row per event: the ingest reads nothing else of them).
 */
const insertEventsSql = (rows: string) => sql`
  WITH inserted AS (
    INSERT INTO webhook_events (provider, event_id, routed_organization_id, routed_phone_id, payload, raw_body)
    SELECT r.provider::provider, r.event_id, r.organization_id, r.phone_id, r.payload, r.raw_body
      FROM jsonb_to_recordset(${rows}::jsonb)
           AS r(provider text, event_id text, organization_id bigint, phone_id bigint, payload jsonb, raw_body text)
    ON CONFLICT (provider, routed_organization_id, event_id) DO NOTHING
    RETURNING routed_organization_id)
  SELECT DISTINCT routed_organization_id AS organization_id FROM inserted`;

/** The same statement, prepared once per connection for the webhook routes' batches (withSystemAtOnce). */
const insertEventsStatement: Prepared = {
  name: 'webhook_insert_events',
  text: new PgDialect().sqlToQuery(insertEventsSql('') as SQL).sql,
};

/** Stores the events; returns the organizations that got new ones. */
export async function insertEvents(tx: Queryable | AtOnce, rows: StoredRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const json = JSON.stringify(rows);
  const inserted =
    'run' in tx
      ? await tx.run<{ organization_id: string }>(insertEventsStatement, [json])
      : (await tx.execute<{ organization_id: string }>(insertEventsSql(json))).rows;
  return inserted.map((r) => Number(r.organization_id));
}
