import { deliverabilityMessages, type ProviderValue } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { bigintArray, withTenant } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import type { MessagingProvider, SendOutcome } from '../providers/messaging-provider';
import { textRefUrl } from '../providers/text-ref-codec';
import { webhookUrl } from '../providers/webhook-url';
import { providerFor, senderIdentities, type SendingIdentity } from '../resolve-provider';
import type { ClaimedText } from './claimed-text';
import type { HandoverJournal } from './handover-journal';
import type { InFlight } from './in-flight';
import { chargeDays, returnUnused, takeRates, type Rate } from './rate-windows';

/**
 * Not sent in this run, back to Ready as it was (rate, pause); with `until`, not before then (the sender's daily
 * cap is spent), and why, in a staffer's words.
 */
export interface Release {
  kind: 'release';
  until?: Date;
  reason?: string;
}

/** What became of one claimed text in this run. */
export interface TextOutcome {
  text: ClaimedText;
  provider: ProviderValue | null;
  deliveryReceipts: boolean;
  result: SendOutcome | Release;
}

/** How long a worker holds texts it cannot send yet for the rate before it hands them back to Ready. */
const HOLD_MS = 5000;

interface Sender {
  identity: SendingIdentity | null;
  provider: MessagingProvider | null;
  /** Why this sender cannot send, in a staffer's words. */
  unavailable: string | null;
}

const failed = (errorMessage: string, status: 'Error' | 'Failed' | 'MediaSize' | 'NumberFormat' = 'Error') =>
  ({ kind: 'failed', status, errorMessage }) as const;

/** Each sender number's identity and provider client, resolved once for the batch. */
async function resolveSenders(platform: Platform, organizationId: number, phoneIds: number[]) {
  const identities = await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    senderIdentities(tx, platform, organizationId, phoneIds),
  );
  const senders = new Map<number, Sender>();
  for (const [phoneId, identity] of identities) {
    if (identity instanceof Error)
      senders.set(phoneId, { identity: null, provider: null, unavailable: identity.message });
    else if (!identity)
      senders.set(phoneId, { identity, provider: null, unavailable: 'The sender number was not found' });
    else
      try {
        senders.set(phoneId, { identity, provider: providerFor(platform, identity), unavailable: null });
      } catch (err) {
        senders.set(phoneId, { identity: null, provider: null, unavailable: (err as Error).message });
      }
  }
  return senders;
}

/** Why a text cannot go through this provider at all, checked before any request (spec §4 statuses). */
function refusal(text: ClaimedText, provider: MessagingProvider): SendOutcome | null {
  if (!text.to) return failed("This text has no recipient number, so it can't be sent", 'NumberFormat');
  if (!text.media) return null;
  const { mms, maxMediaBytes } = provider.capabilities;
  if (!mms || maxMediaBytes === null)
    return failed(`${provider.name} does not send MMS: this text was not sent`, 'Failed');
  if (text.media.bytes !== null && text.media.bytes > maxMediaBytes)
    return failed(
      `The media is ${(text.media.bytes / 1048576).toFixed(1)} MB; ${provider.name} accepts at most ${(maxMediaBytes / 1048576).toFixed(1)} MB`,
      'MediaSize',
    );
  return null;
}

/**
 * The rates a sender's texts are shaped by: its brand's throughput; the per-number limit, lower for a number
 * outside a Registered campaign (carriers filter unregistered traffic that goes faster); last its brand's daily cap
 * per number, so a second's grant that goes unused is never taken from the day.
 */
function ratesOf(platform: Platform, identity: SendingIdentity): Rate[] {
  const rates: Rate[] = [];
  if (identity.brandId !== null && identity.throughput && identity.throughput > 0)
    rates.push({ scope: `brand:${identity.brandId}`, limit: identity.throughput, per: 'second' });
  const { SEND_NUMBER_THROUGHPUT, SEND_UNREGISTERED_THROUGHPUT } = platform.config;
  const perNumber = [SEND_NUMBER_THROUGHPUT, identity.registered ? 0 : SEND_UNREGISTERED_THROUGHPUT].filter(
    (n) => n > 0,
  );
  if (perNumber.length)
    rates.push({ scope: `phone:${identity.phoneId}`, limit: Math.min(...perNumber), per: 'second' });
  if (identity.dailyCap && identity.dailyCap > 0)
    rates.push({
      scope: `day:phone:${identity.phoneId}`,
      limit: identity.dailyCap,
      per: 'day',
      timeZone: identity.timeZone,
    });
  return rates;
}

/** What a batch's sends share with the rest of the run. */
export interface SendLanes {
  /** The run's bound on sends in flight. */
  inFlight: InFlight;
  /** Where each text is written as handed over before it is sent, and its answer after. */
  journal: HandoverJournal;
  /** After this (ms since the epoch) no text of the batch is handed over: its claim may be taken as abandoned. */
  giveUpAt: number;
}

/** Tests stand in for a crash with these: a hook that throws ends the run there, recording nothing. */
export interface SendHooks {
  beforeSend?(text: ClaimedText): void;
  afterSend?(text: ClaimedText, outcome: SendOutcome): void;
}

/**
 * Sends a claimed batch: texts grouped by sender number, each group shaped by its rates (takeRates: segments per
 * second, shared by every worker), each text sent once through its sender's provider with our reference as the
 * idempotency key, at most `inFlight` at a time, each written to the journal as handed over before its request
 * (a text the journal could not take is released, unsent) and its answer queued there after. Returns every text's
 * outcome; nothing here writes a text.
 */
export async function sendBatch(
  platform: Platform,
  organizationId: number,
  texts: readonly ClaimedText[],
  lanes: SendLanes,
  hooks: SendHooks = {},
): Promise<TextOutcome[]> {
  const byPhone = new Map<number | null, ClaimedText[]>();
  for (const t of texts) {
    const group = byPhone.get(t.fromPhoneId);
    if (group) group.push(t);
    else byPhone.set(t.fromPhoneId, [t]);
  }
  const senders = await resolveSenders(
    platform,
    organizationId,
    [...byPhone.keys()].filter((id): id is number => id !== null),
  );
  const outcomes: TextOutcome[] = [];
  await Promise.all(
    [...byPhone].map(async ([phoneId, group]) => {
      const sender = phoneId === null ? null : senders.get(phoneId)!;
      if (!sender?.provider || !sender.identity) {
        const why = sender?.unavailable ?? "This text has no sender number, so it can't be sent";
        for (const text of group) outcomes.push({ text, provider: null, deliveryReceipts: false, result: failed(why) });
        return;
      }
      const { provider, identity } = sender;
      const base = { provider: provider.name, deliveryReceipts: provider.capabilities.deliveryReceipts };
      const callbackUrl = textRefUrl(webhookUrl(platform.config.publicUrl, provider.name, 'status'));
      const sendOne = async (text: ClaimedText) => {
        const refused = refusal(text, provider);
        const result = refused ?? (await lanes.inFlight.run(() => handOver(lanes, text, provider, callbackUrl, hooks)));
        if (!refused && result.kind !== 'release') hooks.afterSend?.(text, result);
        outcomes.push({ ...base, text, result });
      };
      const rates = ratesOf(platform, identity);
      if (!rates.length) {
        await Promise.all(group.map(sendOne));
        return;
      }
      await sendShaped(platform, organizationId, rates, group, sendOne, (text, until) =>
        outcomes.push({ ...base, text, result: until ? { kind: 'release', ...until } : { kind: 'release' } }),
      );
    }),
  );
  return outcomes;
}

/**
 * One text through its send slot: written as handed over, sent, its answer queued in the journal before the slot
 * is given up. A text the journal could not take (the database away past the claim's time) is released unsent.
 */
async function handOver(
  lanes: SendLanes,
  text: ClaimedText,
  provider: MessagingProvider,
  callbackUrl: (ref: ClaimedText['ref']) => string,
  hooks: SendHooks,
): Promise<SendOutcome | Release> {
  try {
    await lanes.journal.handOver(text, lanes.giveUpAt);
  } catch {
    return { kind: 'release' };
  }
  try {
    hooks.beforeSend?.(text);
  } catch (err) {
    // The run is ending (a crash, as tests stand it in): nothing more of it goes to a provider.
    lanes.journal.halt();
    throw err;
  }
  const outcome = await attempt(provider, text, callbackUrl);
  lanes.journal.answered({
    id: text.ref.textId,
    provider: provider.name,
    deliveryReceipts: provider.capabilities.deliveryReceipts,
    outcome,
  });
  return outcome;
}

/** One send; a thrown error (network, timeout) is a retry, as the interface says. Each adapter bounds its own time. */
async function attempt(
  provider: MessagingProvider,
  text: ClaimedText,
  callbackUrl: (ref: ClaimedText['ref']) => string,
): Promise<SendOutcome> {
  try {
    return await provider.send({
      ref: text.ref,
      from: text.from!,
      to: text.to!,
      body: text.body,
      mediaUrls: text.media ? [text.media.url] : [],
      statusCallbackUrl: callbackUrl(text.ref),
    });
  } catch (err) {
    return { kind: 'retry', reason: (err as Error).message || 'The provider could not be reached' };
  }
}

/**
 * Sends a group within its rates: a second's grant of segments at a time, waiting for the next second when the
 * grant is spent. What cannot go within HOLD_MS is released (back to Ready) for a later claim, so a slow brand
 * never keeps texts claimed long enough to look abandoned; what the day's cap leaves no room for is released until
 * the next day begins.
 */
async function sendShaped(
  platform: Platform,
  organizationId: number,
  rates: Rate[],
  group: ClaimedText[],
  sendOne: (text: ClaimedText) => Promise<void>,
  release: (text: ClaimedText, until?: Pick<Release, 'until' | 'reason'>) => void,
) {
  const slowest = Math.min(...rates.filter((r) => r.per === 'second').map((r) => r.limit));
  let budget = Math.max(1, Math.floor((slowest * HOLD_MS) / 1000));
  const queue: ClaimedText[] = [];
  for (const text of group) {
    if (budget >= text.segments || !queue.length) queue.push(text);
    else release(text);
    budget -= text.segments;
  }
  const deadline = Date.now() + HOLD_MS * 2;
  const sending: Promise<void>[] = [];
  let first = true;
  while (queue.length) {
    if (Date.now() > deadline) {
      queue.splice(0).forEach((text) => release(text));
      break;
    }
    // A pause reaches texts held for the rate too: before each further second, they go back if it came.
    if (!first) {
      const paused = await pausedProjects(platform, organizationId, queue);
      for (let i = queue.length - 1; i >= 0; i--)
        if (queue[i].projectId !== null && paused.has(queue[i].projectId!)) release(queue.splice(i, 1)[0]);
      if (!queue.length) break;
    }
    first = false;
    const want = queue.reduce((n, t) => n + t.segments, 0);
    const grant = await takeRates(platform, organizationId, rates, want);
    let left = grant.segments;
    let beyond = 0;
    const dayCap = grant.limitedBy?.per === 'day' ? grant.limitedBy : null;
    // A text longer than the whole rate goes alone, in a second of its own (but never past the day's cap).
    while (
      queue.length &&
      (queue[0].segments <= left || (!dayCap && left === slowest && queue[0].segments > slowest))
    ) {
      const text = queue.shift()!;
      beyond += Math.max(0, text.segments - left);
      left -= Math.min(left, text.segments);
      sending.push(sendOne(text));
    }
    if (left > 0) await returnUnused(platform, organizationId, grant, left);
    if (beyond > 0) await chargeDays(platform, organizationId, grant, rates, beyond);
    if (dayCap) {
      const until = {
        until: new Date(grant.windowEndsMs),
        reason: deliverabilityMessages.dailyCapReached(dayCap.limit),
      };
      queue.splice(0).forEach((text) => release(text, until));
      break;
    }
    if (queue.length) await sleep(Math.max(5, grant.windowEndsMs - Date.now()) + Math.random() * 20);
  }
  await Promise.all(sending);
}

/** Which of these texts' projects are paused now. */
async function pausedProjects(platform: Platform, organizationId: number, texts: readonly ClaimedText[]) {
  const ids = [...new Set(texts.map((t) => t.projectId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Set<number>();
  const { rows } = await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    tx.execute<{ id: string }>(sql`
      SELECT id FROM projects
       WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(ids)}) AND is_paused`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
