import {
  classifyInbound,
  keywordForm,
  keywordReplies,
  type InboundIntent,
  type KeywordSettings,
} from '@canvass/domain';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { organizations } from '../../platform/db/schema/index';
import { sendAutoReplies, type AutoReply } from './auto-replies';
import { addTextOptOuts, removeTextOptOuts } from './text-opt-outs';

/** A message a recipient sent, as recorded (a Received text). */
export interface InboundMessage {
  textId: number;
  createdAt: Date;
  /** The project it replies to, if any. */
  projectId: number | null;
  /** The organization's number it was sent to. */
  senderPhoneId: number;
  /** The recipient's phone (ToPhone). */
  recipientPhoneId: number;
  body: string;
}

/** A message that asks for something, with the client it is about (null: none known) and that client's words. */
interface Asked extends InboundMessage {
  intent: InboundIntent;
  clientId: number | null;
  /** The client's name, or the organization's. */
  name: string;
  optOutMessage: string | null;
}

/** The organization's keyword settings (organizations.settings) and name. */
async function organizationKeywords(tx: Tx, organizationId: number) {
  const [org] = await tx
    .select({ name: organizations.name, settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { name: org.name, settings: org.settings as KeywordSettings };
}

/**
 * The client each message is about: the client of the project it replies to, else the client of the number it was
 * sent to (the phone's own, or its campaign's). One read for the batch.
 */
async function withClients(
  tx: Tx,
  organizationId: number,
  organizationName: string,
  asked: readonly (InboundMessage & { intent: InboundIntent })[],
): Promise<Asked[]> {
  const input = asked.map((m) => ({ text_id: m.textId, project_id: m.projectId, sender_id: m.senderPhoneId }));
  const { rows } = await tx.execute<{
    text_id: string;
    client_id: string | null;
    name: string | null;
    opt_out_message: string | null;
  }>(sql`
    SELECT i.text_id, cl.id AS client_id, cl.name, cl.opt_out_message
      FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS i(text_id bigint, project_id bigint, sender_id bigint)
      LEFT JOIN projects p ON p.organization_id = ${organizationId} AND p.id = i.project_id
      LEFT JOIN phones s ON s.organization_id = ${organizationId} AND s.id = i.sender_id
      LEFT JOIN campaigns c ON c.organization_id = ${organizationId} AND c.id = s.campaign_id
      LEFT JOIN clients cl ON cl.organization_id = ${organizationId}
                          AND cl.id = coalesce(p.client_id, s.client_id, c.client_id)`);
  const byText = new Map(rows.map((r) => [Number(r.text_id), r]));
  return asked.map((m) => {
    const client = byText.get(m.textId);
    return {
      ...m,
      clientId: client?.client_id == null ? null : Number(client.client_id),
      name: client?.name ?? organizationName,
      optOutMessage: client?.opt_out_message?.trim() || null,
    };
  });
}

/** A reply to the message that asked, from the number it was sent to. */
const replyTo = (m: Asked, body: string): AutoReply => ({
  fromPhoneId: m.senderPhoneId,
  toPhoneId: m.recipientPhoneId,
  projectId: m.projectId,
  body,
});

/**
 * Answers the keywords among received messages (issue 15 §1), in the caller's transaction:
 * - an opt-out (STOP, or plain words) opts the number out of the client the message is about (Recipient, the
 *   message as its body) and gets exactly one confirmation: a repeated STOP finds the opt-out there and gets none;
 * - START and UNSTOP re-subscribe and are confirmed; YES only re-subscribes a number that was opted out (otherwise
 *   it is just a reply);
 * - HELP and INFO get the help reply, at most one per number a day.
 * Returns how many replies were queued (the caller wakes dispatch for them).
 */
export async function answerKeywords(
  tx: Tx,
  organizationId: number,
  received: readonly InboundMessage[],
): Promise<number> {
  const org = await organizationKeywords(tx, organizationId);
  const classified = received.flatMap((m) => {
    const intent = classifyInbound(m.body, org.settings);
    return intent ? [{ ...m, intent }] : [];
  });
  if (!classified.length) return 0;
  const asked = await withClients(tx, organizationId, org.name, classified);
  const of = (intent: InboundIntent) => asked.filter((m) => m.intent === intent);
  const pairKey = (phoneId: number, clientId: number | null) => `${phoneId}|${clientId}`;

  const optedOut = await addTextOptOuts(
    tx,
    organizationId,
    of('OptOut').map((m) => ({
      phoneId: m.recipientPhoneId,
      clientId: m.clientId,
      textId: m.textId,
      textCreatedAt: m.createdAt,
      body: m.body,
    })),
    'Recipient',
  );
  const confirmOut = new Set(optedOut.map((o) => o.textId));

  const optIns = of('OptIn');
  const removed = new Set(
    (
      await removeTextOptOuts(
        tx,
        organizationId,
        optIns.map((m) => ({ phoneId: m.recipientPhoneId, clientId: m.clientId })),
      )
    ).map((p) => pairKey(p.phoneId, p.clientId)),
  );
  const confirmIn = new Map<string, Asked>();
  for (const m of optIns) {
    const key = pairKey(m.recipientPhoneId, m.clientId);
    // YES is an ordinary reply unless it ended an opt-out; one confirmation per number and client.
    if (removed.has(key) || keywordForm(m.body) !== 'yes') confirmIn.set(key, m);
  }

  const helps = new Map(of('Help').map((m) => [m.recipientPhoneId, m]));

  const replies: AutoReply[] = [
    ...of('OptOut')
      .filter((m) => confirmOut.has(m.textId))
      .map((m) => replyTo(m, m.optOutMessage ?? keywordReplies.optedOut(m.name))),
    ...[...confirmIn.values()].map((m) => replyTo(m, keywordReplies.optedIn(m.name))),
    ...[...helps.values()].map((m) => ({ ...replyTo(m, keywordReplies.help(m.name)), oncePerDay: true })),
  ];
  return sendAutoReplies(tx, organizationId, replies);
}
