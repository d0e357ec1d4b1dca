import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import { countSends } from '../send-minutes';
import { isCountedText, moveTextCounts, type MovedText, type TextTransition } from '../text-transitions';
import { importProviderOptOuts, type RefusedAsOptedOut } from '../../opt-outs/provider-opt-outs';
import { blockSenders } from './block-sender';
import { noteProviderTrouble } from './provider-trouble';
import type { ClaimedText } from './claimed-text';
import type { TextOutcome } from './send-batch';

export interface Recorded {
  /** Projects whose counts moved, for their live progress. */
  projectIds: number[];
  /** The earliest retry this batch scheduled (the next run's time), or null. */
  nextRetryAt: Date | null;
}

interface BackToReady {
  text: ClaimedText;
  sendAfter: Date | null;
  errorMessage: string | null;
  /** A release never reached the provider: it does not count as an attempt. */
  attemptUsed: boolean;
}

/**
 * The wait before retry n (1, 2 …): SEND_RETRY_BASE_MS doubling up to SEND_RETRY_MAX_DELAY_MS, a little jitter, what
 * the provider asked for.
 */
export function retryDelayMs(platform: Platform, attempt: number, retryAfterMs?: number): number {
  const { SEND_RETRY_BASE_MS, SEND_RETRY_MAX_DELAY_MS } = platform.config;
  const backoff = Math.min(SEND_RETRY_BASE_MS * 2 ** Math.min(attempt - 1, 30), SEND_RETRY_MAX_DELAY_MS);
  return Math.max(backoff, retryAfterMs ?? 0) * (1 + Math.random() * 0.2);
}

/**
 * Records what became of a sent batch, in the caller's transaction: accepted texts move to Sending (Sent when the
 * provider reports no delivery) with the provider's message id, refused ones to their spec §4 status with the
 * reason, retryable ones back to Ready after a growing wait (a project's until it ends or is paused, the project
 * saying its provider is failing; a text outside a project Failed once SEND_MAX_ATTEMPTS are spent), released
 * ones back to Ready as they were; senders a carrier blocked are taken out of sending (blockSenders), and
 * recipients the provider reports opted out there are opted out here too (importProviderOptOuts).
 */
export async function recordOutcomes(
  tx: Tx,
  platform: Platform,
  organizationId: number,
  outcomes: readonly TextOutcome[],
): Promise<Recorded> {
  const forward: TextTransition[] = [];
  const back: BackToReady[] = [];
  const blocked = new Set<number>();
  const optedOut: RefusedAsOptedOut[] = [];
  const now = Date.now();
  for (const { text, result, provider, deliveryReceipts } of outcomes) {
    const key = { textId: text.ref.textId, createdAt: text.createdAt, provider };
    if (result.kind === 'accepted')
      forward.push({ ...key, to: deliveryReceipts ? 'Sending' : 'Sent', providerMessageId: result.providerMessageId });
    else if (result.kind === 'failed') {
      forward.push({ ...key, to: result.status, errorMessage: result.errorMessage });
      if (result.senderBlocked && text.fromPhoneId !== null) blocked.add(text.fromPhoneId);
      if (result.recipientOptedOut)
        optedOut.push({ textId: text.ref.textId, createdAt: text.createdAt, errorMessage: result.errorMessage });
    } else if (result.kind === 'release')
      back.push({ text, sendAfter: result.until ?? null, errorMessage: result.reason ?? null, attemptUsed: false });
    // A project's text outlasts any provider outage: its project's end (send-time-checks.ts) or a pause stops it.
    else if (text.projectId === null && text.attempt >= platform.config.SEND_MAX_ATTEMPTS)
      forward.push({
        ...key,
        to: 'Failed',
        errorMessage: `The provider did not accept this text after ${text.attempt} tries (${result.reason}); it was not sent`,
      });
    else
      back.push({
        text,
        sendAfter: new Date(now + retryDelayMs(platform, text.attempt, result.retryAfterMs)),
        errorMessage: `Will retry: ${result.reason}`,
        attemptUsed: true,
      });
  }
  const moved = await settleClaimed(tx, organizationId, forward);
  await returnToReady(tx, organizationId, back);
  const touched = await blockSenders(tx, organizationId, [...blocked]);
  await importProviderOptOuts(tx, organizationId, optedOut);
  await noteProviderTrouble(tx, organizationId, outcomes);
  const retries = back.filter((b) => b.sendAfter).map((b) => b.sendAfter!.getTime());
  return {
    projectIds: [
      ...new Set([...moved.map((m) => m.projectId), ...back.map((b) => b.text.projectId), ...touched]),
    ].filter((id): id is number => id !== null),
    nextRetryAt: retries.length ? new Date(Math.min(...retries)) : null,
  };
}

/**
 * Puts claimed texts back to Ready (only those still Queued: a callback may already have moved one on), free for
 * the next claim from send_after, their counts moved back.
 */
export async function returnToReady(tx: Tx, organizationId: number, items: readonly BackToReady[]): Promise<void> {
  if (!items.length) return;
  const rows = items.map((b) => ({
    id: b.text.ref.textId,
    created_at: b.text.createdAt.toISOString(),
    send_after: b.sendAfter?.toISOString() ?? null,
    error_message: b.errorMessage,
    uncount: b.attemptUsed ? 0 : 1,
  }));
  const { rows: returned } = await tx.execute<{ id: string; created_at: Date }>(sql`
    UPDATE texts t
       SET text_status = 'Ready', claimed_at = NULL, send_after = i.send_after,
           error_message = coalesce(i.error_message, t.error_message),
           send_attempts = greatest(0, t.send_attempts - i.uncount), updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS i(id bigint, created_at timestamptz, send_after timestamptz, error_message text, uncount int)
     WHERE t.organization_id = ${organizationId} AND t.id = i.id AND t.created_at = i.created_at
       AND t.text_status = 'Queued'
    RETURNING t.id, t.created_at`);
  const back = new Set(returned.map((r) => `${r.id}@${new Date(r.created_at).getTime()}`));
  await moveTextCounts(
    tx,
    organizationId,
    items
      .filter((b) => back.has(`${b.text.ref.textId}@${b.text.createdAt.getTime()}`))
      .map((b) => ({ ...b.text, from: 'Queued' as const, to: 'Ready' as const })),
  );
}

/**
 * Moves claimed texts from Queued to their outcome in one statement (the claim is ours, so no read-and-lock first):
 * a text a callback already moved on is left as it is. Counts move with the texts that did.
 */
async function settleClaimed(tx: Tx, organizationId: number, reports: readonly TextTransition[]): Promise<MovedText[]> {
  if (!reports.length) return [];
  const now = new Date().toISOString();
  const rows = reports.map((r) => ({
    id: r.textId,
    created_at: r.createdAt.toISOString(),
    status: r.to,
    error_message: r.errorMessage ?? null,
    provider: r.provider ?? null,
    provider_message_id: r.providerMessageId ?? null,
  }));
  const { rows: settled } = await tx.execute<{
    id: string;
    created_at: Date | string;
    project_id: string | null;
    from_phone_id: string | null;
    text_type: string;
    status: MovedText['to'];
    provider: string | null;
    accepted: boolean;
  }>(sql`
    UPDATE texts t
       SET text_status = i.status,
           error_message = i.error_message,
           provider = coalesce(i.provider, t.provider),
           provider_message_id = i.provider_message_id,
           sent_at = CASE WHEN i.provider_message_id IS NULL THEN t.sent_at ELSE ${now}::timestamptz END,
           updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
           AS i(id bigint, created_at timestamptz, status text_status, error_message text, provider provider,
                provider_message_id text)
     WHERE t.organization_id = ${organizationId} AND t.id = i.id AND t.created_at = i.created_at
       AND t.text_status = 'Queued'
    RETURNING t.id, t.created_at, t.project_id, t.from_phone_id, t.text_type, i.status, t.provider,
              i.provider_message_id IS NOT NULL AS accepted`);
  const moved: MovedText[] = settled.map((r) => ({
    textId: Number(r.id),
    createdAt: new Date(r.created_at),
    projectId: r.project_id === null ? null : Number(r.project_id),
    fromPhoneId: r.from_phone_id === null ? null : Number(r.from_phone_id),
    from: 'Queued',
    to: r.status,
    counted: isCountedText(r.text_type),
  }));
  await moveTextCounts(tx, organizationId, moved);
  await countSends(
    tx,
    organizationId,
    now,
    settled
      .filter((r) => r.accepted)
      .map((r) => ({ projectId: r.project_id === null ? null : Number(r.project_id), provider: r.provider })),
  );
  return moved;
}
