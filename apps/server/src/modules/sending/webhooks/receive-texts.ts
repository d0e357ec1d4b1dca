import { phoneDigits } from '@canvass/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { bigintArray, type Tx } from '../../../platform/db/tenant';
import { phones, texts } from '../../../platform/db/schema/index';
import { applyCountDeltas } from '../text-transitions';

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
 * Set operations throughout, each statement routed to the organization's shard on Citus: one for the new
 * recipients, one read each for the recipients and their last projects, one insert for the texts, one for counts.
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

  const recipients = await recipientIds(tx, organizationId, [...new Set(input.map((i) => i.number))]);
  const known = input.filter((i) => recipients.has(i.number));
  const projects = await lastProjects(
    tx,
    organizationId,
    known.map((i) => recipients.get(i.number)!),
    known.map((i) => i.sender_id),
  );
  if (!known.length) return [];
  const rows = await tx
    .insert(texts)
    .values(
      known.map((i) => {
        const recipientId = recipients.get(i.number)!;
        const projectId = projects.get(`${recipientId}|${i.sender_id}`) ?? null;
        return {
          organizationId,
          body: i.body,
          textStatus: 'Received' as const,
          // When it arrived (the moment it is recorded, as created_at): the time a received text shows, as a sent
          // text shows when it went out.
          sentAt: sql`date_trunc('milliseconds', now())`,
          textType: projectId === null ? ('Inbox' as const) : ('Reply' as const),
          messagingServiceType: i.media_urls.length ? ('MMS' as const) : ('SMS' as const),
          fromPhoneId: recipientId,
          toPhoneId: i.sender_id,
          projectId,
          provider: i.provider as (typeof texts.$inferInsert)['provider'],
          providerMessageId: i.provider_message_id,
          mediaUrls: i.media_urls.length ? i.media_urls : null,
        };
      }),
    )
    .returning({
      id: texts.id,
      createdAt: texts.createdAt,
      projectId: texts.projectId,
      textType: texts.textType,
      fromPhoneId: texts.fromPhoneId,
      toPhoneId: texts.toPhoneId,
      body: texts.body,
    });
  // A Reply counts in its project's summaries, under the sender number, as the project's own texts do.
  await applyCountDeltas(
    tx,
    organizationId,
    rows
      .filter((r) => r.projectId !== null)
      .map((r) => ({
        projectId: r.projectId!,
        day: r.createdAt.toISOString().slice(0, 10),
        fromPhoneId: r.toPhoneId!,
        textStatus: 'Received' as const,
        delta: 1,
      })),
  );
  return rows.map((r): ReceivedText => ({
    textId: r.id,
    createdAt: r.createdAt,
    projectId: r.projectId,
    textType: r.textType as 'Reply' | 'Inbox',
    senderPhoneId: r.toPhoneId!,
    recipientPhoneId: r.fromPhoneId!,
    body: r.body,
  }));
}

/** The organization's recipient phone (ToPhone) of each number, one read. */
async function recipientIds(tx: Tx, organizationId: number, numbers: string[]): Promise<Map<string, number>> {
  const found = await tx
    .select({ id: phones.id, number: phones.number })
    .from(phones)
    .where(
      and(eq(phones.organizationId, organizationId), eq(phones.phoneType, 'ToPhone'), inArray(phones.number, numbers)),
    );
  return new Map(found.map((p) => [p.number, p.id]));
}

/**
 * The project whose text each sender number last sent each recipient, keyed `recipient|sender`: one read, routed to
 * the organization's shard on Citus (which refuses the lateral join over the input's rows this used to be).
 */
async function lastProjects(
  tx: Tx,
  organizationId: number,
  recipientIds: number[],
  senderIds: number[],
): Promise<Map<string, number>> {
  if (!recipientIds.length) return new Map();
  const { rows } = await tx.execute<{ to_phone_id: string; from_phone_id: string; project_id: string }>(sql`
    SELECT DISTINCT ON (to_phone_id, from_phone_id) to_phone_id, from_phone_id, project_id FROM texts
     WHERE organization_id = ${organizationId} AND to_phone_id = ANY(${bigintArray(recipientIds)})
       AND from_phone_id = ANY(${bigintArray([...new Set(senderIds)])})
       AND project_id IS NOT NULL AND sent_at IS NOT NULL
     ORDER BY to_phone_id, from_phone_id, sent_at DESC`);
  return new Map(rows.map((r) => [`${r.to_phone_id}|${r.from_phone_id}`, Number(r.project_id)]));
}
