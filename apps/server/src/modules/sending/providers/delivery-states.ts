import type { TextStatusValue } from './messaging-provider';

/**
 * Delivery states as generic providers word them: SMPP delivery receipts' `stat` (SMPP 3.4 appendix B:
 * DELIVRD, EXPIRED, DELETED, UNDELIV, ACCEPTD, UNKNOWN, REJECTD, ENROUTE) and the plain words HTTP providers use.
 */
const states: Record<string, TextStatusValue> = {
  ENROUTE: 'Sending',
  ACCEPTD: 'Sent',
  ACCEPTED: 'Sent',
  SENT: 'Sent',
  QUEUED: 'Queued',
  SENDING: 'Sending',
  DELIVRD: 'Delivered',
  DELIVERED: 'Delivered',
  UNDELIV: 'Undelivered',
  UNDELIVERED: 'Undelivered',
  REJECTD: 'Rejected',
  REJECTED: 'Rejected',
  EXPIRED: 'Expired',
  DELETED: 'Failed',
  UNKNOWN: 'Failed',
  FAILED: 'Failed',
};

export const deliveryStatusOf = (state: string | undefined | null): TextStatusValue | null =>
  states[(state ?? '').trim().toUpperCase()] ?? null;

const finalWords: Partial<Record<TextStatusValue, string>> = {
  Undelivered: "The recipient's carrier could not deliver the text (phone off, unreachable or out of service).",
  Rejected: 'The carrier or the recipient refused the text.',
  Expired: 'The text could not be delivered before it expired.',
  Failed: 'The provider reported the text as failed without a reason.',
};

/** Words for a failed delivery state, with the provider's own error code or text when it gave one. */
export function deliveryFailureWords(status: TextStatusValue, detail?: string | null): string | null {
  const words = finalWords[status];
  if (!words) return null;
  return detail ? `${words} (${detail})` : words;
}
