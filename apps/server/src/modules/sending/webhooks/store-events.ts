import type { EnumValue, Provider } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../platform/db/system-at-once';
import type { WebhookEvent } from '../providers/messaging-provider';

type ProviderValue = EnumValue<typeof Provider>;

/** One verified provider event, routed to its organization and sender number, as webhook_events keeps it. */
export interface StoredRow {
  provider: ProviderValue;
  event_id: string;
  organization_id: number;
  phone_id: number;
  payload: WebhookEvent;
  raw_body: string;
}

/** Stores the events; returns the organizations that got new ones. */
export async function insertEvents(tx: Queryable, rows: StoredRow[]): Promise<number[]> {
  if (!rows.length) return [];
  const { rows: inserted } = await tx.execute<{ organization_id: string }>(sql`
    INSERT INTO webhook_events (provider, event_id, routed_organization_id, routed_phone_id, payload, raw_body)
    SELECT r.provider::provider, r.event_id, r.organization_id, r.phone_id, r.payload, r.raw_body
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS r(provider text, event_id text, organization_id bigint, phone_id bigint, payload jsonb, raw_body text)
    ON CONFLICT (provider, event_id) DO NOTHING
    RETURNING routed_organization_id AS organization_id`);
  return [...new Set(inserted.map((r) => Number(r.organization_id)))];
}
