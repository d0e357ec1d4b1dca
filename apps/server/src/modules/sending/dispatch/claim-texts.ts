import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../../platform/db/tenant';
import { isCountedText, moveTextCounts } from '../text-transitions';
import { e164, type ClaimedText } from './claimed-text';
import { applySendTimeChecks, sendTimeFacts, type CheckedText, type SendTimeContext } from './send-time-checks';

interface TextRow extends CheckedText, Record<string, unknown> {
  body: string;
  segments: number | null;
  messaging_service_type: string;
  send_attempts: number;
  resend_count: number;
  /** The sender's and the recipient's numbers, and the project's media: what sending needs. */
  from_number: string | null;
  to_number: string | null;
  media_url: string | null;
  media_size: number | null;
  /** The sender's status as the claim locked the text; a project's texts go out only from Active numbers. */
  from_phone_status: string | null;
  is_send_text: boolean;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * Where a run's claims have reached in each project (the last id claimed). Claims walk a project's Ready texts in id
 * order; starting after the cursor skips the index entries of texts already claimed in this run, which stay in the
 * index until vacuum and would otherwise be read again by every claim. A run ends with one claim from the start, so
 * a text passed over (locked by someone else at the time, or back from a retry) is still found.
 */
export type ClaimCursor = Map<number, number>;

/** One claim: the texts to send now, how many due texts it read, and the projects of those the checks stopped. */
export interface Claim {
  texts: ClaimedText[];
  /** 0 when nothing was due; more than texts.length when the checks held or stopped some (the next claim reads on). */
  read: number;
  stoppedProjectIds: number[];
  /**
   * Sender numbers no longer Active that due project texts were on: those texts were left Ready, unsent, for the
   * caller to move off the numbers (retireInactiveSenders) once this claim has committed.
   */
  inactiveSenderIds: number[];
}

/**
 * The projects whose texts go out now: Blast projects released to send (Queued, or already Sending) and not
 * paused. A Queued one becomes Sending here, so its overview shows sending from the first claim; read first, so a
 * claim whose projects all send already (every claim but a project's first) makes one statement of it.
 */
export async function sendingProjects(tx: Tx, organizationId: number): Promise<number[]> {
  const { rows } = await tx.execute<{ id: string; project_status: string }>(sql`
    SELECT id, project_status FROM projects
     WHERE organization_id = ${organizationId} AND delivery_type = 'Blast'
       AND project_status IN ('Queued', 'Sending') AND NOT is_paused`);
  const sending = rows.filter((r) => r.project_status === 'Sending').map((r) => Number(r.id));
  if (sending.length === rows.length) return sending;
  const { rows: started } = await tx.execute<{ id: string }>(sql`
    UPDATE projects SET project_status = 'Sending', updated_at = now()
     WHERE organization_id = ${organizationId} AND delivery_type = 'Blast' AND project_status = 'Queued'
       AND NOT is_paused
    RETURNING id`);
  if (started.length === rows.length - sending.length) return [...sending, ...started.map((r) => Number(r.id))];
  // Another claim started some first (or they were paused meanwhile): read again what sends now.
  const { rows: now } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM projects
     WHERE organization_id = ${organizationId} AND delivery_type = 'Blast' AND project_status = 'Sending'
       AND NOT is_paused`);
  return [...new Set([...started, ...now].map((r) => Number(r.id)))];
}

/**
 * A due text with what the send-time checks read (sendTimeFacts) and what sending needs, locked by the statement
 * that selects it (FOR UPDATE OF t: only the text is locked, not its phones or project).
 */
const claimSelect = (organizationId: number) => {
  const facts = sendTimeFacts(organizationId);
  return sql`SELECT t.id, t.created_at, t.project_id, t.from_phone_id,
      coalesce(t.rendered_message, t.body) AS body, t.segments, t.messaging_service_type, t.text_type, t.send_attempts,
      t.resend_count, t.is_send_text, s.phone_status AS from_phone_status, s.number AS from_number, r.number AS to_number, p.media_url, p.media_size, ${facts.columns}
    FROM texts t ${facts.joins}`;
};

/**
 * Claims up to `limit` texts due to go out, for this worker alone: locked with FOR UPDATE SKIP LOCKED (so workers
 * claiming at once take different texts), read with the facts of the checks, checked at this moment (send-time-checks.ts: opt-outs, do-not-contact,
 * the project's schedule, quiet hours), then marked Queued with claimed_at and one more attempt, their counts moved,
 * all in the caller's transaction. Once it commits, a text is this worker's to send, and a crash leaves it Queued
 * with its claim time, for reconciliation (reconcile.ts), never for a blind resend. Due: the Ready texts of a sending
 * project, and single texts marked to send (tests, seeds, 'Save and send', sendText), whose wait (send_after: a
 * retry, quiet hours, the project's start) is over by the context's clock.
 */
export async function claimTexts(
  tx: Tx,
  organizationId: number,
  limit: number,
  cursor: ClaimCursor,
  context: SendTimeContext,
): Promise<Claim> {
  const projectIds = await sendingProjects(tx, organizationId);
  const due = await lockDueTexts(tx, organizationId, limit, cursor, projectIds, context.clock());
  const { fromActive, inactiveSenderIds } = setAsideInactiveSenders(due);
  const { sendable, stoppedProjectIds } = await applySendTimeChecks(tx, organizationId, fromActive, context);
  return {
    texts: sendable.length ? await markClaimed(tx, organizationId, sendable) : [],
    read: due.length,
    stoppedProjectIds,
    inactiveSenderIds,
  };
}

/**
 * A sending project's texts whose sender number is no longer Active (released, burned, invalid … since the project
 * was set up; a blocked one's texts were moved when it was blocked) are not sent from it: they stay Ready, and the
 * caller moves them to the project's other numbers or pauses the project. Only texts the project's own claim found
 * (not single texts marked to send, which are claimed even while their project is paused): once moved or paused,
 * the next claim cannot find them on that number again.
 */
function setAsideInactiveSenders<T extends TextRow>(rows: T[]): { fromActive: T[]; inactiveSenderIds: number[] } {
  const inactive = new Set<number>();
  const fromActive = rows.filter((r) => {
    const retired =
      r.project_id !== null && !r.is_send_text && r.from_phone_status !== null && r.from_phone_status !== 'Active';
    if (retired) inactive.add(Number(r.from_phone_id));
    return !retired;
  });
  return { fromActive, inactiveSenderIds: [...inactive] };
}

/** Locks up to `limit` due Ready texts: single texts to send first, then each sending project's in id order. */
async function lockDueTexts(
  tx: Tx,
  organizationId: number,
  limit: number,
  cursor: ClaimCursor,
  projectIds: readonly number[],
  now: Date,
): Promise<(TextRow & { created_at: Date })[]> {
  const found = new Map<string, TextRow>();
  const take = (rows: TextRow[]) => {
    for (const r of rows) found.set(`${r.id}@${new Date(r.created_at).getTime()}`, r);
  };
  const select = claimSelect(organizationId);
  const due = sql`t.text_status = 'Ready' AND (t.send_after IS NULL OR t.send_after <= ${now.toISOString()}::timestamptz)`;
  take(
    (
      await tx.execute<TextRow>(sql`
        ${select}
         WHERE t.organization_id = ${organizationId} AND t.is_send_text AND ${due}
         ORDER BY t.id LIMIT ${limit}
           FOR UPDATE OF t SKIP LOCKED`)
    ).rows,
  );
  // One project at a time, so each claim walks (organization, project, status, id) in order.
  for (const projectId of projectIds) {
    if (found.size >= limit) break;
    take(
      (
        await tx.execute<TextRow>(sql`
          ${select}
           WHERE t.organization_id = ${organizationId} AND t.project_id = ${projectId} AND ${due}
             AND t.id > ${cursor.get(projectId) ?? 0}
           ORDER BY t.id LIMIT ${limit - found.size}
             FOR UPDATE OF t SKIP LOCKED`)
      ).rows,
    );
  }
  for (const r of found.values())
    if (r.project_id !== null)
      cursor.set(Number(r.project_id), Math.max(cursor.get(Number(r.project_id)) ?? 0, Number(r.id)));
  // The driver reads timestamptz as a Date already: a row is copied only in the rare case it did not.
  return [...found.values()].map((r) =>
    r.created_at instanceof Date ? (r as TextRow & { created_at: Date }) : { ...r, created_at: new Date(r.created_at) },
  );
}

/** Marks checked texts Queued (claimed now, one more attempt), moves their counts, and reads what sending needs. */
async function markClaimed(
  tx: Tx,
  organizationId: number,
  rows: (TextRow & { created_at: Date })[],
): Promise<ClaimedText[]> {
  const ids = bigintArray(rows.map((r) => Number(r.id)));
  const days = `{${[...new Set(rows.map((r) => r.created_at.toISOString()))].join(',')}}`;
  await tx.execute(sql`
    UPDATE texts SET text_status = 'Queued', claimed_at = now(), send_attempts = send_attempts + 1, updated_at = now()
     WHERE organization_id = ${organizationId} AND id = ANY(${ids}) AND created_at = ANY(${days}::timestamptz[])`);
  await moveTextCounts(
    tx,
    organizationId,
    rows.map((r) => ({
      createdAt: r.created_at,
      projectId: num(r.project_id),
      fromPhoneId: num(r.from_phone_id),
      from: 'Ready' as const,
      to: 'Queued' as const,
      counted: isCountedText(r.text_type),
    })),
  );
  return claimedTexts(organizationId, rows);
}

/** What sending needs of each claimed text, as the claim read it. */
function claimedTexts(organizationId: number, rows: (TextRow & { created_at: Date })[]): ClaimedText[] {
  return rows.map((r) => {
    const projectId = num(r.project_id);
    const fromPhoneId = num(r.from_phone_id);
    const claimed: ClaimedText = {
      ref: {
        organizationId,
        textId: Number(r.id),
        createdAtMs: r.created_at.getTime(),
        ...(r.resend_count ? { resend: r.resend_count } : {}),
      },
      createdAt: r.created_at,
      projectId,
      fromPhoneId,
      from: e164(r.from_number),
      to: e164(r.to_number),
      body: r.body,
      segments: Math.max(1, r.segments ?? 1),
      media: r.messaging_service_type === 'MMS' && r.media_url ? { url: r.media_url, bytes: r.media_size } : null,
      attempt: r.send_attempts + 1,
      counted: isCountedText(r.text_type),
    };
    return claimed;
  });
}
