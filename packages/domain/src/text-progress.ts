import type { EnumValue } from './enum';
import type { TextStatus } from './enums';

type TextStatusValue = EnumValue<typeof TextStatus>;

/**
 * How far along its way a text is, for statuses reported out of order: a provider's callbacks can arrive twice or
 * late (a "sent" after a "delivered"), and a text never moves back to a lower stage because of one. Only a user's
 * action (resend, edit) moves a text back, and it does so on purpose.
 * 0 waiting to go out · 1 queued · 2 handed to the provider · 3 accepted by the carrier · 4 an outcome · 5 clicked.
 */
export const textStatusStage: Readonly<Record<TextStatusValue, number>> = {
  Preparing: 0,
  Early: 0,
  Late: 0,
  Ready: 0,
  Active: 0,
  Queued: 1,
  Sending: 2,
  Sent: 3,
  Delivered: 4,
  Undelivered: 4,
  Failed: 4,
  Spam: 4,
  Rejected: 4,
  NumberFormat: 4,
  MediaSize: 4,
  RateLimited: 4,
  Expired: 4,
  Error: 4,
  UpdateFailed: 4,
  Clicked: 5,
  // A received text is inbound: it has no stage to move through, and nothing outbound ever becomes one.
  Received: -1,
};

/** Whether a text in `from` may move to `to` on a report (never backwards, never sideways between outcomes). */
export const isTextProgress = (from: TextStatusValue, to: TextStatusValue): boolean =>
  from !== 'Received' && to !== 'Received' && textStatusStage[to] > textStatusStage[from];
