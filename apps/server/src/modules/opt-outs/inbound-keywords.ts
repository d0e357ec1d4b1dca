import {
  classifyInbound,
  keywordForm,
  keywordReplies,
  type InboundIntent,
  type KeywordSettings,
} from '@canvass/domain';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { organizations } from '../../platform/db/schema/index';
import { sendAutoReplies, type AutoReply } from './auto-replies';
import { clientsOfMessages } from './message-client';
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
  helpMessage: string | null;
}

/** The organization's keyword settings (organizations.settings) and name. */
async function organizationKeywords(tx: Tx, organizationId: number) {
  const [org] = await tx
    .select({ name: organizations.name, settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { name: org.name, settings: org.settings as KeywordSettings };
}

/** The messages with the client each is about (clientsOfMessages) and that client's words. */
async function withClients(
  tx: Tx,
  organizationId: number,
  organizationName: string,
  asked: readonly (InboundMessage & { intent: InboundIntent })[],
): Promise<Asked[]> {
  const clients = await clientsOfMessages(
    tx,
    organizationId,
    asked.map((m) => ({ key: m.textId, projectId: m.projectId, senderPhoneId: m.senderPhoneId })),
  );
  return asked.map((m) => {
    const client = clients.get(m.textId);
    return {
      ...m,
      clientId: client?.clientId ?? null,
      name: client?.name ?? organizationName,
      optOutMessage: client?.optOutMessage ?? null,
      helpMessage: client?.helpMessage ?? null,
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
 * - HELP and INFO get the client's help reply (or the default), at most one per number a day.
 * Returns how many replies were queued (the caller wakes dispatch for them).
 */
export async function answerKeywords(
  tx: Tx,
  organizationId: number,
  received: readonly InboundMessage[],
): Promise<number> {
  if (!received.length) return 0;
  const org = await organizationKeywords(tx, organizationId);
  const classified = received.flatMap((m) => {
    const intent = classifyInbound(m.body, org.settings);
    return intent ? [{ ...m, intent }] : [];
  });
  if (!classified.length) return 0;
  const asked = (await withClients(tx, organizationId, org.name, classified)).sort((a, b) => a.textId - b.textId);
  const pairKey = (phoneId: number, clientId: number | null) => `${phoneId}|${clientId}`;
  // Of a number's STOPs and STARTs to one client in a batch, the last is what the recipient wants now: only it counts.
  const latest = new Map<string, Asked>();
  for (const m of asked) if (m.intent !== 'Help') latest.set(pairKey(m.recipientPhoneId, m.clientId), m);
  const of = (intent: InboundIntent) =>
    asked.filter(
      (m) => m.intent === intent && (intent === 'Help' || latest.get(pairKey(m.recipientPhoneId, m.clientId)) === m),
    );

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
    ...[...helps.values()].map((m) => ({
      ...replyTo(m, m.helpMessage ?? keywordReplies.help(m.name)),
      oncePerDay: true,
    })),
  ];
  return sendAutoReplies(tx, organizationId, replies);
}
