import { sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../../platform/db/tenant';
import { applyCountDeltas, type CountDelta } from '../text-transitions';
import type { TextStatusValue } from '../providers/messaging-provider';

/**
 * The outcomes a resend may try again: the carrier or provider could not deliver this time. Spam, NumberFormat,
 * Rejected and MediaSize are not among them: the same text to the same number would be refused the same way.
 */
const RESENDABLE = sql`('Failed', 'Undelivered', 'Error', 'RateLimited', 'Expired')`;

/** The texts of a project that ResendTexts sends again (and its confirmation counts). */
export const resendableTextsWhere = (organizationId: number, projectId: number) =>
  sql`organization_id = ${organizationId} AND project_id = ${projectId} AND text_status IN ${RESENDABLE}`;

/**
 * Spec §4 ResendTexts: a project's texts that ended in a resendable failure go back to Ready as new messages to the
 * provider (resend_count is part of the idempotency key), their counts moved. Returns how many.
 */
export async function resendProjectTexts(tx: Tx, organizationId: number, projectId: number): Promise<number> {
  const failing = resendableTextsWhere(organizationId, projectId);
  const { rows: groups } = await tx.execute<{
    day: string;
    from_phone_id: string;
    text_status: TextStatusValue;
    count: string;
  }>(sql`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, from_phone_id, text_status, count(*) AS count
      FROM texts WHERE ${failing} AND text_type = 'List' AND from_phone_id IS NOT NULL
     GROUP BY 1, 2, 3`);
  const { rowCount } = await tx.execute(sql`
    UPDATE texts SET text_status = 'Ready', resend_count = resend_count + 1, send_attempts = 0, send_after = NULL,
                     claimed_at = NULL, error_message = NULL, updated_at = now()
     WHERE ${failing}`);
  const deltas: CountDelta[] = groups.flatMap((g) => {
    const at = { projectId, day: g.day, fromPhoneId: Number(g.from_phone_id) };
    return [
      { ...at, textStatus: g.text_status, delta: -Number(g.count) },
      { ...at, textStatus: 'Ready' as const, delta: Number(g.count) },
    ];
  });
  await applyCountDeltas(tx, organizationId, deltas);
  return rowCount ?? 0;
}

/** sendText's limit (spec §7: textIds up to 100). */
export const MAX_SEND_TEXT_IDS = 100;

/**
 * Spec §7 sendText: these Ready texts of the project go out now, with `message` as their body when given (a
 * texter's edit). Returns the texts marked, or null when one is not the project's or not Ready: nothing changes.
 */
export async function markTextsToSend(
  tx: Tx,
  organizationId: number,
  projectId: number,
  textIds: readonly number[],
  message: string | null,
): Promise<number | null> {
  const ids = bigintArray([...new Set(textIds)]);
  const { rows } = await tx.execute<{ id: string; text_status: string }>(sql`
    SELECT id, text_status FROM texts
     WHERE organization_id = ${organizationId} AND project_id = ${projectId} AND id = ANY(${ids})
     ORDER BY id
       FOR UPDATE`);
  if (rows.length !== new Set(textIds).size || rows.some((r) => r.text_status !== 'Ready')) return null;
  await tx.execute(sql`
    UPDATE texts SET is_send_text = true, body = coalesce(${message}, body),
                     rendered_message = coalesce(${message}, rendered_message), updated_at = now()
     WHERE organization_id = ${organizationId} AND project_id = ${projectId} AND id = ANY(${ids})`);
  return rows.length;
}
