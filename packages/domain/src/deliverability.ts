import type { EnumValue } from './enum';
import type { TextStatus } from './enums';

type TextStatusValue = EnumValue<typeof TextStatus>;

/** The words of deliverability (issue 15 §4: daily caps, sender health), shared by the server and the screens. */
export const deliverabilityMessages = {
  /** Why a text waits: kept on the text (its error message) until it goes out the next day. */
  dailyCapReached: (cap: number) =>
    `Waiting: this sender number reached its daily cap of ${cap} messages; it sends again when the next day begins`,
  highFailureRate: 'High failure rate',
  highFailureRateAdvice:
    'Failures from this number are rising: the carrier may block it. Consider pausing it or the project.',
  noSenders: 'No texts have gone out from this project yet.',
} as const;

/**
 * When a sender's failures are worth a warning: at least this share of its finished texts failed, once enough have
 * finished for the share to mean something. Carriers filter, then block, numbers whose failures keep rising; this
 * warns before that.
 */
export const SENDER_FAILURE_WARNING = { minFinished: 50, failureRate: 0.1 } as const;

/** Texts the carrier delivered (a clicked text was delivered first). */
const DELIVERED: readonly TextStatusValue[] = ['Delivered', 'Clicked'];
/** Texts the carrier reported as not delivered: what it counts against the number. */
const FAILED: readonly TextStatusValue[] = ['Undelivered', 'Failed', 'Spam', 'Rejected'];
/** Texts handed to the provider and not finished yet. */
const IN_FLIGHT: readonly TextStatusValue[] = ['Sending', 'Sent'];

export interface SenderHealth {
  /** Texts handed to the provider: in flight, delivered or failed. */
  sent: number;
  delivered: number;
  failed: number;
  /** Delivered of the finished (delivered or failed), 0 to 1; null while none has finished. */
  deliveryRate: number | null;
  /** Failures have reached SENDER_FAILURE_WARNING. */
  highFailureRate: boolean;
}

/** A sender's health from its texts' counts by status. */
export function senderHealth(counts: readonly { status: string; count: number }[]): SenderHealth {
  const sum = (statuses: readonly string[]) =>
    counts.filter((c) => statuses.includes(c.status)).reduce((n, c) => n + c.count, 0);
  const delivered = sum(DELIVERED);
  const failed = sum(FAILED);
  const finished = delivered + failed;
  return {
    sent: finished + sum(IN_FLIGHT),
    delivered,
    failed,
    deliveryRate: finished ? delivered / finished : null,
    highFailureRate:
      finished >= SENDER_FAILURE_WARNING.minFinished && failed / finished >= SENDER_FAILURE_WARNING.failureRate,
  };
}
