import { sql } from 'drizzle-orm';
import { bigintArray, withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { withTextRef } from '../providers/text-ref-codec';
import { webhookUrl } from '../providers/webhook-url';
import { providerFor, senderIdentity } from '../resolve-provider';
import { isCountedText, transitionTexts, type TextTransition } from '../text-transitions';
import { e164, type ClaimedText } from './claimed-text';
import { journalOf, pruneJournal } from './handover-journal';
import { recordOutcomes, returnToReady } from './record-outcomes';
import type { TextOutcome } from './send-batch';

/** The words on a text whose send Canvass cannot confirm or safely repeat. */
export const unknownOutcomeMessage =
  'Canvass lost track of this text while sending it and did not send it again, to avoid a duplicate. Check the provider before resending it.';

interface StaleRow extends Record<string, unknown> {
  id: string;
  created_at: Date | string;
  project_id: string | null;
  from_phone_id: string | null;
  to_phone_id: string | null;
  text_type: string;
  body: string;
  send_attempts: number;
  resend_count: number;
}

/**
 * Texts claimed more than SEND_CLAIM_GRACE_SECONDS ago and still Queued: their worker died between the claim and
 * recording the provider's answer. The handover journal (handover-journal.ts) tells what became of each:
 * - answered by the provider: the answer is recorded as the worker would have;
 * - claimed and never handed over: back to Ready, sent by the next claim;
 * - handed over without an answer (in flight when the worker died, at most SEND_CONCURRENCY of a run), or claimed
 *   before the journal existed: whether the provider got it is unknown. Never resent blindly:
 * - a provider that can tell (findSent) is asked: a text it has moves on with its message id, one it never got
 *   goes back to Ready;
 * - a provider that dedupes by our key (idempotentSend) gets it again with the same key, so it goes back to Ready;
 * - otherwise the text is marked Error, saying so, for a person to decide.
 * Returns how many texts were settled.
 */
export async function reconcileStaleClaims(platform: Platform, organizationId: number): Promise<number> {
  let settled = 0;
  for (;;) {
    const batch = await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
      reconcileBatch(tx, platform, organizationId),
    );
    settled += batch.settled;
    if (batch.seen < BATCH || !batch.settled) break;
  }
  await withTenant(platform.database, { organizationIds: [organizationId], userId: null }, (tx) =>
    pruneJournal(tx, organizationId, platform.config.SEND_CLAIM_GRACE_SECONDS),
  );
  return settled;
}

const BATCH = 200;

async function reconcileBatch(tx: Tx, platform: Platform, organizationId: number) {
  const grace = platform.config.SEND_CLAIM_GRACE_SECONDS;
  const { rows: stale } = await tx.execute<StaleRow>(sql`
    SELECT t.id, t.created_at, t.project_id, t.from_phone_id, t.to_phone_id, t.text_type, coalesce(t.rendered_message, t.body) AS body,
           t.send_attempts, t.resend_count
      FROM texts t
     WHERE t.organization_id = ${organizationId} AND t.text_status = 'Queued'
       AND t.claimed_at < now() - make_interval(secs => ${grace})
     ORDER BY t.claimed_at
     LIMIT ${BATCH}
       FOR UPDATE SKIP LOCKED`);
  if (!stale.length) return { seen: 0, settled: 0 };
  const phoneIds = [
    ...new Set(
      stale
        .flatMap((r) => [r.from_phone_id, r.to_phone_id])
        .filter(Boolean)
        .map(Number),
    ),
  ];
  const { rows: numbers } = await tx.execute<{ id: string; number: string }>(sql`
    SELECT id, number FROM phones WHERE organization_id = ${organizationId} AND id = ANY(${bigintArray(phoneIds)})`);
  const numberOf = new Map(numbers.map((p) => [Number(p.id), p.number]));

  const journal = await journalOf(
    tx,
    organizationId,
    stale.map((r) => Number(r.id)),
  );
  const forward: TextTransition[] = [];
  const back: ClaimedText[] = [];
  const answered: TextOutcome[] = [];
  for (const row of stale) {
    const text = claimedOf(row, organizationId, numberOf);
    const answer = journal.answered.get(text.ref.textId);
    if (answer) {
      answered.push({
        text,
        provider: answer.provider,
        deliveryReceipts: answer.deliveryReceipts,
        result: answer.outcome,
      });
      continue;
    }
    if (journal.claimed.has(text.ref.textId) && !journal.handed.has(text.ref.textId)) {
      back.push(text);
      continue;
    }
    const verdict = await verdictOf(tx, platform, organizationId, text);
    if (verdict.kind === 'later') continue;
    if (verdict.kind === 'resend') back.push(text);
    else
      forward.push({
        textId: text.ref.textId,
        createdAt: text.createdAt,
        provider: verdict.provider,
        ...(verdict.kind === 'found'
          ? { to: 'Sending' as const, providerMessageId: verdict.providerMessageId }
          : { to: 'Error' as const, errorMessage: unknownOutcomeMessage }),
      });
  }
  await transitionTexts(tx, organizationId, forward);
  await recordOutcomes(tx, platform, organizationId, answered);
  await returnToReady(
    tx,
    organizationId,
    back.map((text) => ({ text, sendAfter: null, errorMessage: null, attemptUsed: false })),
  );
  return { seen: stale.length, settled: forward.length + back.length + answered.length };
}

type Verdict =
  | { kind: 'found'; provider: string | null; providerMessageId: string }
  | { kind: 'resend' }
  | { kind: 'unknown'; provider: string | null }
  /** The provider cannot answer now: the text waits for the next reconciliation rather than a guess. */
  | { kind: 'later' };

async function verdictOf(tx: Tx, platform: Platform, organizationId: number, text: ClaimedText): Promise<Verdict> {
  if (text.fromPhoneId === null || !text.to || !text.from) return { kind: 'resend' };
  let provider;
  try {
    const identity = await senderIdentity(tx, platform, organizationId, text.fromPhoneId);
    provider = identity ? providerFor(platform, identity) : null;
  } catch {
    provider = null;
  }
  if (!provider) return { kind: 'unknown', provider: null };
  if (provider.capabilities.findSent && provider.findSent) {
    try {
      const found = await provider.findSent({
        ref: text.ref,
        from: text.from,
        to: text.to,
        body: text.body,
        mediaUrls: [],
        statusCallbackUrl: withTextRef(webhookUrl(platform.config.publicUrl, provider.name, 'status'), text.ref),
      });
      return found
        ? { kind: 'found', provider: provider.name, providerMessageId: found.providerMessageId }
        : { kind: 'resend' };
    } catch {
      return { kind: 'later' };
    }
  }
  if (provider.capabilities.idempotentSend) return { kind: 'resend' };
  return { kind: 'unknown', provider: provider.name };
}

function claimedOf(row: StaleRow, organizationId: number, numberOf: Map<number, string>): ClaimedText {
  const createdAt = new Date(row.created_at);
  const fromPhoneId = row.from_phone_id === null ? null : Number(row.from_phone_id);
  const toPhoneId = row.to_phone_id === null ? null : Number(row.to_phone_id);
  return {
    ref: {
      organizationId,
      textId: Number(row.id),
      createdAtMs: createdAt.getTime(),
      ...(row.resend_count ? { resend: row.resend_count } : {}),
    },
    createdAt,
    projectId: row.project_id === null ? null : Number(row.project_id),
    fromPhoneId,
    from: e164(fromPhoneId === null ? null : (numberOf.get(fromPhoneId) ?? null)),
    to: e164(toPhoneId === null ? null : (numberOf.get(toPhoneId) ?? null)),
    body: row.body,
    segments: 1,
    media: null,
    attempt: row.send_attempts,
    counted: isCountedText(row.text_type),
  };
}
