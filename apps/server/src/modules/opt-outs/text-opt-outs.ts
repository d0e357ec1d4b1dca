import { keywordReplies } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { recordChanges, type ChangeOrigin } from './opt-out-changes';

/** A number's opt-out that a text brought: a recipient's STOP, or a provider refusing a send to an opted-out number. */
export interface TextOptOut {
  /** The recipient phone (ToPhone) that opted out. */
  phoneId: number;
  /** The client it opted out of; null: the whole organization. */
  clientId: number | null;
  /** The text that carried it (texts' key). */
  textId: number;
  textCreatedAt: Date;
  body: string | null;
}

/** Changes that came in with a message or a provider's report: no user, no address. */
export const inboundOrigin: ChangeOrigin = { userId: null, source: 'Inbound', ipAddress: null };

/**
 * Adds the opt-outs texts brought, with their audit records, in two statements. A number already opted out for that
 * client (or twice in the batch) is left as it is: the unique (organization, phone, client) key and ON CONFLICT DO
 * NOTHING decide, so of two STOPs only one comes back here. Returns the opt-outs that are new: exactly those a
 * confirmation may answer.
 */
export async function addTextOptOuts(
  tx: Tx,
  organizationId: number,
  optOuts: readonly TextOptOut[],
  optOutType: 'Recipient' | 'Provider',
): Promise<TextOptOut[]> {
  if (!optOuts.length) return [];
  const input = optOuts.map((o) => ({
    phone_id: o.phoneId,
    client_id: o.clientId,
    text_id: o.textId,
    text_created_at: o.textCreatedAt.toISOString(),
    body: o.body,
  }));
  const { rows } = await tx.execute<{ phone_id: string; client_id: string | null; number: string; text_id: string }>(
    sql`
    INSERT INTO opt_outs (organization_id, phone_id, number, client_id, text_id, text_created_at, opt_out_type, body)
    SELECT ${organizationId}::bigint, r.id, r.number, i.client_id, i.text_id, i.text_created_at,
           ${optOutType}::opt_out_type, i.body
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
           AS i(phone_id bigint, client_id bigint, text_id bigint, text_created_at timestamptz, body text)
      JOIN phones r ON r.organization_id = ${organizationId} AND r.id = i.phone_id
     ORDER BY i.text_id
    ON CONFLICT DO NOTHING
    RETURNING phone_id, client_id, number, text_id`,
  );
  await recordChanges(
    tx,
    organizationId,
    rows.map((r) => ({
      subject: 'OptOut' as const,
      action: 'Added' as const,
      number: r.number,
      phoneId: Number(r.phone_id),
      clientId: r.client_id === null ? null : Number(r.client_id),
      optOutType,
    })),
    inboundOrigin,
  );
  const added = new Set(rows.map((r) => `${r.phone_id}|${r.text_id}`));
  return optOuts.filter((o) => added.has(`${o.phoneId}|${o.textId}`));
}

/**
 * Removes the opt-outs of numbers that texted START for the client they texted (or the organization), with their
 * audit records ('Removed', the recipient's START as the reason). Returns the (phone, client) pairs that were
 * opted out.
 */
export async function removeTextOptOuts(
  tx: Tx,
  organizationId: number,
  pairs: readonly { phoneId: number; clientId: number | null }[],
): Promise<{ phoneId: number; clientId: number | null }[]> {
  if (!pairs.length) return [];
  const input = pairs.map((p) => ({ phone_id: p.phoneId, client_id: p.clientId }));
  const { rows } = await tx.execute<{
    phone_id: string;
    client_id: string | null;
    number: string;
    opt_out_type: 'Manual' | 'Provider' | 'Recipient';
  }>(sql`
    DELETE FROM opt_outs o
     USING jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(phone_id bigint, client_id bigint)
     WHERE o.organization_id = ${organizationId} AND o.phone_id = i.phone_id
       AND o.client_id IS NOT DISTINCT FROM i.client_id
    RETURNING o.phone_id, o.client_id, o.number, o.opt_out_type`);
  const removed = rows.map((r) => ({
    phoneId: Number(r.phone_id),
    clientId: r.client_id === null ? null : Number(r.client_id),
  }));
  await recordChanges(
    tx,
    organizationId,
    rows.map((r, i) => ({
      subject: 'OptOut' as const,
      action: 'Removed' as const,
      number: r.number,
      ...removed[i],
      optOutType: r.opt_out_type,
      reason: keywordReplies.optInReason,
    })),
    inboundOrigin,
  );
  return removed;
}
