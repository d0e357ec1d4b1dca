import { messages, optOutMessages } from '@canvass/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import type { Tx } from '../../platform/db/tenant';
import { optOuts, type texts } from '../../platform/db/schema/index';
import type { RowOf, WriteResult } from '../../platform/resources/resource-service';
import { clientsOfMessages } from '../opt-outs/message-client';
import type { ChangeOrigin } from '../opt-outs/opt-out-changes';
import { addOptOut, removeOptOut } from '../opt-outs/opt-outs.service';

type Text = RowOf<typeof texts>;

/** The recipient of a text (the sender of a received one) and the organization's number at the other end. */
const endsOf = (text: Text) => {
  const received = text.textStatus === 'Received';
  return {
    phoneId: received ? text.fromPhoneId : text.toPhoneId,
    senderPhoneId: received ? text.toPhoneId : text.fromPhoneId,
  };
};

const key = (phoneId: number | null, clientId: number | null) => `${phoneId}|${clientId}`;

/** The client each text is about (clientsOfMessages: its project's, else its number's), by text id. */
async function clientsOfTexts(tx: Tx, organizationId: number, rows: readonly Text[]) {
  const clients = await clientsOfMessages(
    tx,
    organizationId,
    rows.map((r) => ({ key: r.id, projectId: r.projectId, senderPhoneId: endsOf(r).senderPhoneId })),
  );
  return (r: Text) => clients.get(r.id)?.clientId ?? null;
}

/** Each text's optOut: whether its recipient is opted out of the text's client (or organization-wide there). */
export async function addOptOutFlags(tx: Tx, organizationId: number, rows: Text[]): Promise<void> {
  const phoneIds = [...new Set(rows.map((r) => endsOf(r).phoneId).filter((id) => id !== null))];
  if (!phoneIds.length) {
    for (const r of rows) r.optOut = false;
    return;
  }
  const clientOf = await clientsOfTexts(tx, organizationId, rows);
  const found = await tx
    .select({ phoneId: optOuts.phoneId, clientId: optOuts.clientId })
    .from(optOuts)
    .where(and(eq(optOuts.organizationId, organizationId), inArray(optOuts.phoneId, phoneIds)));
  const opted = new Set(found.map((o) => key(o.phoneId, o.clientId)));
  for (const r of rows) r.optOut = opted.has(key(endsOf(r).phoneId, clientOf(r)));
}

export interface TextOptOutResult extends WriteResult {
  message: string | null;
}

/**
 * The opt-out toggle on a text (spec §4): on adds a Manual opt-out of the text's recipient (the sender of a received
 * text) for the text's client, off removes it, each with its audit record; turning on what is on, or off what is
 * off, changes nothing. Answers with the text as it now reads, or the spec's error and nothing changed.
 */
export async function setTextOptOut(
  tx: Tx,
  viewer: Viewer,
  get: (id: number) => Promise<Text | null>,
  id: number,
  on: boolean,
  origin: ChangeOrigin,
): Promise<TextOptOutResult> {
  const failed = (errors: WriteResult['errors']): TextOptOutResult => ({
    row: null,
    errors: { base: [on ? optOutMessages.errorAdding : optOutMessages.errorRemoving], ...errors },
    message: null,
  });
  const text = await get(id);
  const { phoneId } = text ? endsOf(text) : { phoneId: null };
  if (!text || phoneId === null) return failed(text ? {} : { id: [messages.notFound] });
  const clientId = (await clientsOfTexts(tx, viewer.organizationId, [text]))(text);
  const [existing] = await tx
    .select({ id: optOuts.id })
    .from(optOuts)
    .where(
      and(
        eq(optOuts.organizationId, viewer.organizationId),
        eq(optOuts.phoneId, phoneId),
        clientId === null ? isNull(optOuts.clientId) : eq(optOuts.clientId, clientId),
      ),
    );
  let result: WriteResult = { row: null, errors: {} };
  if (on && !existing) result = await addOptOut(tx, viewer, { phoneId, clientId }, origin);
  if (!on && existing) result = await removeOptOut(tx, viewer, existing.id, optOutMessages.toggledOff, origin);
  if (Object.keys(result.errors).length) return failed(result.errors);
  return { row: await get(id), errors: {}, message: on ? optOutMessages.created : optOutMessages.deleted };
}
