import type { TextRef } from '../providers/messaging-provider';

/** A text dispatch has claimed (Queued, claimed_at set), with what sending it needs. */
export interface ClaimedText {
  ref: TextRef;
  createdAt: Date;
  projectId: number | null;
  fromPhoneId: number | null;
  /** E.164, or null when the text has no sender or recipient number. */
  from: string | null;
  to: string | null;
  body: string;
  /** SMS segments: what throughput is counted in. */
  segments: number;
  /** The project's media for an MMS (a public URL the provider fetches), with its size in bytes. */
  media: { url: string; bytes: number | null } | null;
  /** This claim's number: 1 the first time, more after retries. */
  attempt: number;
  counted: boolean;
}

export const textKey = (t: { ref: TextRef }) => `${t.ref.textId}@${t.ref.createdAtMs}`;

/** Ten-digit numbers are stored without the country code (spec §3 Phone); providers want E.164. */
export const e164 = (number: string | null): string | null => (number ? `+1${number}` : null);
