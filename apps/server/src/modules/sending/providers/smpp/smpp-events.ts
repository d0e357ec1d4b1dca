import crypto from 'node:crypto';
import smpp from 'smpp';
import { deliveryFailureWords, deliveryStatusOf } from '../delivery-states';
import type { WebhookEvent } from '../messaging-provider';

/**
 * A deliver_sm as our events: a delivery receipt (esm_class "MC delivery receipt") becomes a status event, anything
 * else an inbound message. Receipts carry the SMSC's message id and state in the receipted_message_id and
 * message_state TLVs when the SMSC sends them, and always in the text of SMPP 3.4 appendix B:
 * "id:IIII sub:SSS dlvrd:DDD submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DDDDDDD err:E text:…".
 */

/** message_state TLV values (SMPP 3.4 §5.2.28). */
const messageStates: Record<number, string> = {
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};

const textOf = (value: smpp.ShortMessage | string | undefined): string => {
  const message = typeof value === 'string' || value === undefined ? value : value.message;
  return Buffer.isBuffer(message) ? message.toString('latin1') : (message ?? '');
};

/** SMPP addresses go without the '+'; ours are E.164. */
export const toE164 = (address: string | undefined) => (address?.startsWith('+') ? address : `+${address ?? ''}`);
export const fromE164 = (e164: string) => e164.replace(/^\+/, '');

function receiptEvent(pdu: smpp.PDU, text: string): WebhookEvent | null {
  const field = (name: string) => new RegExp(`(?:^|\\s)${name}:(\\S+)`, 'i').exec(text)?.[1];
  const messageId = pdu.receipted_message_id || field('id');
  const state = (pdu.message_state && messageStates[pdu.message_state]) || field('stat');
  const status = deliveryStatusOf(state);
  if (!messageId || !status) return null;
  const err = field('err');
  const errorCode = err && !/^0+$/.test(err) ? err : null;
  return {
    kind: 'status',
    eventId: `${messageId}:${state}`,
    providerMessageId: messageId,
    // SMPP has nowhere to carry our reference: the text is found by its provider message id.
    ref: null,
    status,
    errorMessage: deliveryFailureWords(status, errorCode && `error ${errorCode}`),
    providerCode: errorCode,
    senderBlocked: false,
    occurredAt: new Date(),
  };
}

export function eventsOfDeliverSm(pdu: smpp.PDU): WebhookEvent[] {
  const text = textOf(pdu.message_payload) || textOf(pdu.short_message);
  if ((pdu.esm_class ?? 0) & smpp.ESM_CLASS.MC_DELIVERY_RECEIPT) {
    const event = receiptEvent(pdu, text);
    return event ? [event] : [];
  }
  return [
    {
      kind: 'inbound',
      // A mobile-originated deliver_sm has no id of its own; it is acknowledged only once handed over, so the
      // SMSC does not deliver it again and a fresh id is unique enough.
      eventId: `smpp-mo-${crypto.randomUUID()}`,
      providerMessageId: '',
      from: toE164(pdu.source_addr),
      to: toE164(pdu.destination_addr),
      body: text,
      mediaUrls: [],
      occurredAt: new Date(),
    },
  ];
}
