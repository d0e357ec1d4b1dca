import type { EnumValue } from './enum';
import type { TextStatus } from './enums';

type TextStatusValue = EnumValue<typeof TextStatus>;

/**
 * The one definition of a project's figures over its texts counted by status, shared by the server's summary and
 * every screen that shows one (issue 35 §4: "Total texts" and the estimated cost once counted the recipients'
 * replies, 2,353 texts for 1,989 recipients).
 */

/** A recipient's text to the project (a reply): counted with the project's texts by status, never as one it sends. */
export const INBOUND_TEXT_STATUSES: readonly TextStatusValue[] = ['Received'];

/** Whether texts of this status are ones the project sends (everything but the replies it receives). */
export const isOutboundStatus = (status: string): boolean =>
  !(INBOUND_TEXT_STATUSES as readonly string[]).includes(status);

/** The texts a project sends, of its counts by status: one per recipient the load made, whatever their status. */
export const outboundTexts = (counts: readonly { key: string; count: number }[]): number =>
  counts.reduce((sum, c) => (isOutboundStatus(c.key) ? sum + c.count : sum), 0);

/** The replies a project received, of its counts by status. */
export const inboundTexts = (counts: readonly { key: string; count: number }[]): number =>
  counts.reduce((sum, c) => (isOutboundStatus(c.key) ? sum : sum + c.count), 0);
