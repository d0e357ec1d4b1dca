import { phoneDigits, type ProviderValue } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import type { WebhookEvent } from '../providers/messaging-provider';
import { insertEvents, type StoredRow } from './store-events';
import { enqueueProcessing } from './webhook-events.job';

/**
 * Events that arrive over a provider's own connection rather than as webhooks (SMPP delivery receipts and replies,
 * as deliver_sm on the bind), for the organization whose settings opened that connection: trusted as the connection
 * is, routed within that organization only, stored in webhook_events like a verified webhook and applied by the
 * same processing job. A receipt finds its text by the provider's message id (SMPP carries no reference of ours); a
 * reply finds the sender number it was sent to. An event that routes nowhere is dropped (logged).
 */
export async function storeConnectionEvents(
  platform: Platform,
  organizationId: number,
  provider: ProviderValue,
  events: readonly WebhookEvent[],
): Promise<void> {
  const organizations = await withTenant(
    platform.database,
    { organizationIds: [organizationId], userId: null },
    async (tx) => {
      const ids = [...new Set(events.flatMap((e) => (e.kind === 'status' ? [e.providerMessageId] : [])))];
      const texts = new Map<string, { id: string; created_at: Date | string; from_phone_id: string }>();
      if (ids.length) {
        const { rows } = await tx.execute<{
          id: string;
          created_at: Date | string;
          from_phone_id: string;
          provider_message_id: string;
        }>(sql`
          SELECT id, created_at, from_phone_id, provider_message_id FROM texts
           WHERE organization_id = ${organizationId} AND provider = ${provider}
             AND provider_message_id = ANY(${`{${ids.map((id) => JSON.stringify(id)).join(',')}}`}::text[])
             AND from_phone_id IS NOT NULL`);
        for (const r of rows) texts.set(r.provider_message_id, r);
      }
      const numbers = [...new Set(events.flatMap((e) => (e.kind === 'inbound' ? [phoneDigits(e.to)] : [])))].filter(
        (n) => /^\d{10}$/.test(n),
      );
      const senders = new Map<string, number>();
      if (numbers.length) {
        const { rows } = await tx.execute<{ id: string; number: string }>(sql`
          SELECT id, number FROM phones
           WHERE organization_id = ${organizationId} AND phone_type = 'FromPhone'
             AND number = ANY(${`{${numbers.join(',')}}`}::varchar[])
           ORDER BY (phone_status = 'Active') DESC, id DESC`);
        for (const r of rows) if (!senders.has(r.number)) senders.set(r.number, Number(r.id));
      }
      const rows: StoredRow[] = [];
      for (const event of events) {
        const route =
          event.kind === 'status'
            ? texts.get(event.providerMessageId)
            : { from_phone_id: senders.get(phoneDigits(event.to)) };
        if (!route?.from_phone_id) {
          platform.logger.warn({ organizationId, provider, event }, 'a connection event matched no text or number');
          continue;
        }
        const payload: WebhookEvent =
          event.kind === 'status' && 'id' in route
            ? {
                ...event,
                ref: { organizationId, textId: Number(route.id), createdAtMs: new Date(route.created_at).getTime() },
              }
            : event;
        rows.push({
          provider,
          event_id: event.eventId,
          organization_id: organizationId,
          phone_id: Number(route.from_phone_id),
          payload,
          raw_body: JSON.stringify(event),
        });
      }
      return insertEvents(tx, rows);
    },
  );
  for (const id of organizations) await enqueueProcessing(platform, id);
}
