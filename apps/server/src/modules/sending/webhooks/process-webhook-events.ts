import { sql } from 'drizzle-orm';
import { bigintArray, withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import type { WebhookEvent } from '../providers/messaging-provider';
import { blockSenders } from '../dispatch/block-sender';
import { journalOf } from '../dispatch/handover-journal';
import { publishSendingProgress } from '../dispatch/sending-progress';
import { applyStatusCallbacks, textKey, type HandedOver } from '../text-transitions';
import { answerKeywords } from '../../opt-outs/inbound-keywords';
import { importProviderOptOuts } from '../../opt-outs/provider-opt-outs';
import { receiveTexts, type InboundText } from './receive-texts';

/** How many events one transaction takes. */
const BATCH = 2000;

type StatusEvent = Extract<WebhookEvent, { kind: 'status' }>;
type InboundEvent = Extract<WebhookEvent, { kind: 'inbound' }>;

interface EventRow extends Record<string, unknown> {
  id: string;
  provider: string;
  phone_id: string;
  payload: WebhookEvent;
}

/** The texts dispatch wrote down as handed over (its handover journal), though it has not recorded them yet. */
const handedOverBy =
  (tx: Tx, organizationId: number): HandedOver =>
  async (textIds) => {
    const journal = await journalOf(tx, organizationId, textIds);
    return new Set([...journal.handed, ...journal.answered.keys()]);
  };

/**
 * Applies an organization's stored webhook events, a batch per transaction until none is left: status events move
 * their texts forward (applyStatusCallbacks: a duplicate or a late one changes nothing, nor does one for a text never
 * handed to a provider, whose opt-out and blocked-sender reports are ignored too), inbound ones become Received
 * texts (receiveTexts) and their keywords are answered (answerKeywords: opt-outs, help, re-subscribe). Events
 * are claimed with SKIP LOCKED, so jobs of the same organization running at once on several workers share the work
 * instead of doing it twice. Returns the events processed.
 */
export async function processWebhookEvents(platform: Platform, organizationId: number): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
      processBatch(tx, organizationId),
    );
    await publishSendingProgress(platform, organizationId, batch.projectIds);
    total += batch.events;
    if (batch.events < BATCH) return total;
  }
}

async function processBatch(tx: Tx, organizationId: number): Promise<{ events: number; projectIds: number[] }> {
  const { rows } = await tx.execute<EventRow>(sql`
    SELECT e.id, e.provider, e.routed_phone_id AS phone_id, e.payload
      FROM webhook_events e
     WHERE e.routed_organization_id = ${organizationId} AND e.processed_at IS NULL
     ORDER BY e.id
     LIMIT ${BATCH}
       FOR UPDATE SKIP LOCKED`);
  if (!rows.length) return { events: 0, projectIds: [] };

  const reported = (rows.filter((r) => r.payload.kind === 'status') as (EventRow & { payload: StatusEvent })[]).filter(
    (r) => r.payload.ref?.organizationId === organizationId,
  );
  const { moved, neverHanded } = await applyStatusCallbacks(
    tx,
    organizationId,
    reported.map((r) => ({
      textId: r.payload.ref!.textId,
      createdAt: new Date(r.payload.ref!.createdAtMs),
      to: r.payload.status,
      errorMessage: r.payload.errorMessage,
      provider: r.provider,
      providerMessageId: r.payload.providerMessageId,
    })),
    handedOverBy(tx, organizationId),
  );
  const ours = reported.filter((r) => !neverHanded.has(textKey(r.payload.ref!.textId, r.payload.ref!.createdAtMs)));
  const blocked = [...new Set(ours.filter((r) => r.payload.senderBlocked).map((r) => Number(r.phone_id)))];
  const touched = await blockSenders(tx, organizationId, blocked);
  await importProviderOptOuts(
    tx,
    organizationId,
    ours
      .filter((r) => r.payload.recipientOptedOut)
      .map((r) => ({
        textId: r.payload.ref!.textId,
        createdAt: new Date(r.payload.ref!.createdAtMs),
        errorMessage: r.payload.errorMessage,
      })),
  );

  const inbound: InboundText[] = rows
    .filter((r): r is EventRow & { payload: InboundEvent } => r.payload.kind === 'inbound')
    .map((r) => ({
      senderPhoneId: Number(r.phone_id),
      from: r.payload.from,
      body: r.payload.body,
      mediaUrls: r.payload.mediaUrls,
      provider: r.provider,
      providerMessageId: r.payload.providerMessageId,
    }));
  // Keywords are answered with the texts that carry them: a STOP is an opt-out as soon as it is received.
  await answerKeywords(tx, organizationId, await receiveTexts(tx, organizationId, inbound));

  await tx.execute(sql`
    UPDATE webhook_events SET processed_at = now()
     WHERE routed_organization_id = ${organizationId}
       AND id = ANY(${bigintArray(rows.map((r) => Number(r.id)))})`);
  const projectIds = [...moved.map((m) => m.projectId), ...touched].filter((id): id is number => id !== null);
  return { events: rows.length, projectIds };
}
