import { phoneDigits } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/tenant';

/** One message a recipient sent to one of the organization's sender numbers. */
export interface InboundText {
  /** The FromPhone it was sent to (the webhook's route). */
  senderPhoneId: number;
  /** The recipient's number, E.164. */
  from: string;
  body: string;
  mediaUrls: string[];
  provider: string;
  providerMessageId: string;
}

/** A Received text as recorded. */
export interface ReceivedText {
  textId: number;
  createdAt: Date;
  projectId: number | null;
  textType: 'Reply' | 'Inbox';
  /** The organization's number it was sent to, and the recipient's phone it came from. */
  senderPhoneId: number;
  recipientPhoneId: number;
  body: string;
}

/**
 * Records inbound messages as Received texts, from the recipient's phone (its ToPhone, made if the number is new)
 * to the sender number, with the body and media. A message is a Reply in the project whose text the sender number
 * last sent this recipient, and counts in that project's summaries (under that sender number, as the project's own
 * texts do); otherwise it is an Inbox text of no project.
 * Set operations throughout: one statement for the new recipients, one for the texts and their counts.
 * Messages from a number Canvass cannot hold (not a 10-digit NANP number) are left out.
 */
export async function receiveTexts(tx: Tx, organizationId: number, inbound: readonly InboundText[]) {
  const input = inbound.flatMap((m) => {
    const number = phoneDigits(m.from);
    if (!/^\d{10}$/.test(number)) return [];
    return [
      {
        sender_id: m.senderPhoneId,
        number,
        body: m.body,
        media_urls: m.mediaUrls,
        provider: m.provider,
        provider_message_id: m.providerMessageId,
      },
    ];
  });
  if (!input.length) return [];
  const json = JSON.stringify(input);
  const inputSql = sql`jsonb_to_recordset(${json}::jsonb)
    AS i(sender_id bigint, number varchar, body text, media_urls text[], provider text, provider_message_id text)`;

  // A statement of its own, so the texts below see recipients another transaction added meanwhile.
  await tx.execute(sql`
    INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class)
    SELECT DISTINCT ${organizationId}::bigint, i.number, 'ToPhone'::phone_status, 'ToPhone'::phone_type,
           'Recipient'::phone_class
      FROM ${inputSql}
     ORDER BY 2
    ON CONFLICT (organization_id, number, phone_type) DO NOTHING`);

  const { rows } = await tx.execute<{
    id: string;
    created_at: Date | string;
    project_id: string | null;
    text_type: 'Reply' | 'Inbox';
    from_phone_id: string;
    to_phone_id: string;
    body: string;
  }>(sql`
    WITH received AS (
      INSERT INTO texts (organization_id, body, text_status, text_type, messaging_service_type, from_phone_id,
                         to_phone_id, project_id, provider, provider_message_id, media_urls, created_at, updated_at)
      SELECT ${organizationId}::bigint, i.body, 'Received', CASE WHEN last.project_id IS NULL THEN 'Inbox' ELSE 'Reply' END::text_type,
             CASE WHEN cardinality(i.media_urls) > 0 THEN 'MMS' ELSE 'SMS' END::messaging_service_type,
             r.id, i.sender_id, last.project_id, i.provider::provider, i.provider_message_id,
             nullif(i.media_urls, '{}'), date_trunc('milliseconds', now()), now()
        FROM ${inputSql}
        JOIN phones r ON r.organization_id = ${organizationId} AND r.phone_type = 'ToPhone' AND r.number = i.number
        LEFT JOIN LATERAL (
              SELECT t.project_id FROM texts t
               WHERE t.organization_id = ${organizationId} AND t.to_phone_id = r.id AND t.from_phone_id = i.sender_id
                 AND t.project_id IS NOT NULL AND t.sent_at IS NOT NULL
               ORDER BY t.sent_at DESC
               LIMIT 1) last ON true
      RETURNING id, created_at, project_id, from_phone_id, to_phone_id, text_type, body
    ), counted AS (
      INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
      SELECT ${organizationId}::bigint, project_id, (created_at AT TIME ZONE 'UTC')::date, to_phone_id, 'Received', count(*)
        FROM received WHERE project_id IS NOT NULL
       GROUP BY 2, 3, 4
      ON CONFLICT (organization_id, project_id, day, from_phone_id, text_status)
        DO UPDATE SET count = project_text_counts.count + EXCLUDED.count
    )
    SELECT id, created_at, project_id, text_type, from_phone_id, to_phone_id, body FROM received`);
  return rows.map((r): ReceivedText => ({
    textId: Number(r.id),
    createdAt: new Date(r.created_at),
    projectId: r.project_id === null ? null : Number(r.project_id),
    textType: r.text_type,
    senderPhoneId: Number(r.to_phone_id),
    recipientPhoneId: Number(r.from_phone_id),
    body: r.body,
  }));
}
