import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../platform/db/tenant';
import { texts } from '../../platform/db/schema/index';
import { startTextsDispatch } from '../sending/dispatch/dispatch.job';

/** A text Canvass sends by itself in answer to a keyword (a confirmation or a help reply). */
export interface AutoReply {
  /** The organization's number the keyword was sent to, and the recipient who sent it. */
  fromPhoneId: number;
  toPhoneId: number;
  /** The project the keyword replied to, if any: the answer shows there (a Reply text, not one of its List texts). */
  projectId: number | null;
  body: string;
  /** At most one reply of this body to the number a day (help replies: a chatty HELP is not answered each time). */
  oncePerDay?: boolean;
}

/** The numbers (of those given) that got one of these bodies as an auto reply in the last 24 hours. */
async function answeredToday(tx: Tx, organizationId: number, replies: readonly AutoReply[]): Promise<Set<string>> {
  if (!replies.length) return new Set();
  const { rows } = await tx.execute<{ to_phone_id: string; body: string }>(sql`
    SELECT DISTINCT to_phone_id, body FROM texts
     WHERE organization_id = ${organizationId} AND auto_reply
       AND to_phone_id = ANY(${bigintArray(replies.map((r) => r.toPhoneId))})
       AND created_at > now() - interval '24 hours'`);
  return new Set(rows.map((r) => `${r.to_phone_id}|${r.body}`));
}

/**
 * Queues auto replies as Reply texts (spec §3 text types: a reply Canvass makes, not a Manual text someone wrote),
 * marked to send (is_send_text) and auto_reply, so the send-time checks let them through to a number that has just
 * opted out, and wakes dispatch when this transaction commits. One INSERT for the batch. Returns how many were
 * queued.
 */
export async function sendAutoReplies(tx: Tx, organizationId: number, replies: readonly AutoReply[]): Promise<number> {
  const answered = await answeredToday(
    tx,
    organizationId,
    replies.filter((r) => r.oncePerDay),
  );
  const due = replies.filter((r) => !r.oncePerDay || !answered.has(`${r.toPhoneId}|${r.body}`));
  if (!due.length) return 0;
  await tx.insert(texts).values(
    due.map((r) => ({
      organizationId,
      body: r.body,
      textType: 'Reply' as const,
      textStatus: 'Ready' as const,
      isSendText: true,
      autoReply: true,
      fromPhoneId: r.fromPhoneId,
      toPhoneId: r.toPhoneId,
      projectId: r.projectId,
    })),
  );
  await startTextsDispatch(tx, organizationId);
  return due.length;
}
