import { phoneDigits } from '@canvass/domain';
import { withSystemAtOnce } from '../../../platform/db/system-at-once';
import type { Platform } from '../../../platform/platform';
import type { WebhookEvent } from '../providers/messaging-provider';
import { coalesce, type CoalesceOptions } from './coalesce';
import type { IncomingWebhook } from './incoming-webhook';
import { senderProviders, type SenderProviders } from './sender-providers';
import { insertEvents, type StoredRow } from './store-events';
import { enqueueProcessing } from './webhook-events.job';
import { refKey, routeKey, routeSenderNumbers, routeTextRefs, type WebhookRoute } from './webhook-routing';

/** stored: at least one event verified and is kept (or was already); refused: none could be routed and verified. */
export type IngestOutcome = 'stored' | 'refused';

/** The 10-digit number of an E.164 address, or null for one Canvass does not hold (not NANP). */
function senderNumberOf(e164: string): string | null {
  const digits = phoneDigits(e164);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/** Where an event may belong, before its signature is checked: the candidates, best first. */
function candidatesOf(
  incoming: IncomingWebhook,
  event: WebhookEvent,
  byRef: Map<string, WebhookRoute>,
  byNumber: Map<string, WebhookRoute[]>,
): WebhookRoute[] {
  if (event.kind === 'status') {
    const ref = event.ref ?? incoming.queryRef;
    const route = ref && byRef.get(refKey(ref));
    return route ? [route] : [];
  }
  const number = senderNumberOf(event.to);
  return (number && byNumber.get(number)) || [];
}

/**
 * Stores a batch of webhook requests, each event only once it is verified by the provider settings of the sender
 * number it is routed to (a status callback by the text it names, an inbound message by the number it was sent
 * to), so a request signed with one organization's credentials can never touch another's texts. Runs in one
 * transaction on the system handle (routing is the one place that reads across organizations): routes as set
 * queries, one INSERT of the verified events (a redelivered event id is dropped by the unique key), and one
 * processing job per organization that got new events, all committed together.
 */
async function storeBatch(
  platform: Platform,
  verifiers: SenderProviders,
  batch: IncomingWebhook[],
): Promise<{ outcomes: IngestOutcome[]; organizationIds: number[] }> {
  return withSystemAtOnce(platform.database, 'webhook-routing', async (tx) => {
    const refs = batch.flatMap((b) =>
      b.events.flatMap((e) => (e.kind === 'status' && (e.ref ?? b.queryRef) ? [e.ref ?? b.queryRef!] : [])),
    );
    const numbers = batch.flatMap((b) =>
      b.events.flatMap((e) => (e.kind === 'inbound' ? [senderNumberOf(e.to)].filter((n) => n !== null) : [])),
    );
    const [byRef, byNumber] = [await routeTextRefs(tx, refs), await routeSenderNumbers(tx, [...new Set(numbers)])];

    const verifier = verifiers.forBatch(tx);
    const rows: StoredRow[] = [];
    const outcomes: IngestOutcome[] = [];
    for (const incoming of batch) {
      // One signature covers the whole request: checked once per sender number its events route to.
      const verified = new Map<string, Promise<boolean>>();
      const verifies = (route: WebhookRoute) => {
        const key = routeKey(route);
        if (!verified.has(key)) verified.set(key, verifier(route, incoming));
        return verified.get(key)!;
      };
      let stored = 0;
      for (const event of incoming.events) {
        for (const route of candidatesOf(incoming, event, byRef, byNumber)) {
          if (!(await verifies(route))) continue;
          rows.push({
            provider: incoming.provider,
            event_id: event.eventId,
            organization_id: route.organizationId,
            phone_id: route.phoneId,
            payload: event.kind === 'status' ? { ...event, ref: event.ref ?? incoming.queryRef } : event,
            raw_body: incoming.request.rawBody.toString('utf8'),
          });
          stored++;
          break;
        }
      }
      outcomes.push(stored ? 'stored' : 'refused');
    }
    return { outcomes, organizationIds: await insertEvents(tx, rows) };
  });
}

/**
 * How long the processing requests of an organization are gathered into one enqueue. Each enqueue is a transaction
 * of its own (four round trips): at 20 ms a stream of callbacks spent almost as many on enqueues as on storing; the
 * job applies the events a moment later either way.
 */
const ENQUEUE_WINDOW_MS = 100;

/**
 * Asks for the processing job of organizations that got new events, once per organization per window, after the
 * events committed: one waiting job per organization (its key) takes every unprocessed event, and batches committing
 * at once no longer queue on that job's row. Events stored but never asked for (the process died in between) are
 * found by the minute sweep (webhookEventsSweepJob).
 */
function processingRequests(platform: Platform) {
  const waiting = new Map<number, Promise<void>>();
  return (organizationIds: number[]) => {
    for (const organizationId of organizationIds) {
      if (waiting.has(organizationId)) continue;
      waiting.set(
        organizationId,
        new Promise<void>((resolve) => setTimeout(resolve, ENQUEUE_WINDOW_MS))
          .then(() => {
            waiting.delete(organizationId);
            return enqueueProcessing(platform, organizationId);
          })
          .catch((err: unknown) =>
            platform.logger.warn({ err, organizationId }, 'webhook processing not enqueued; the sweep will'),
          ),
      );
    }
    return Promise.all(waiting.values()).then(() => undefined);
  };
}

export interface WebhookIngest {
  store(incoming: IncomingWebhook): Promise<IngestOutcome>;
  drain(): Promise<void>;
}

/**
 * The webhook routes' store: requests arriving within a couple of milliseconds share one transaction, and each is
 * answered only after its batch has committed (nothing acknowledged is lost; a failed batch answers 5xx and the
 * provider redelivers). Two batches at a time: what arrives meanwhile forms one larger batch, and a batch costs
 * mostly its round trips, not its size, so fewer, larger batches ingest more (and sooner) on a busy machine.
 */
export function createWebhookIngest(
  platform: Platform,
  options: CoalesceOptions = { windowMs: 2, maxBatch: 500, maxInFlight: 2 },
): WebhookIngest {
  const requestProcessing = processingRequests(platform);
  const verifiers = senderProviders(platform);
  let requested = Promise.resolve();
  const batcher = coalesce(async (batch: IncomingWebhook[]) => {
    const stored = await storeBatch(platform, verifiers, batch);
    requested = requestProcessing(stored.organizationIds);
    return stored.outcomes;
  }, options);
  return {
    store: (incoming) => batcher.add(incoming),
    drain: async () => {
      await batcher.drain();
      await requested;
    },
  };
}
