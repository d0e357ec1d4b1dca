import { ProjectLoadError, projectLoadMessages } from './load-error';

export interface SenderPhone {
  phoneId: number;
  areaCode: string;
  isPrimary: boolean;
}

/**
 * Which sender each recipient gets: `byAreaCode` for recipients of that area code, `fallback` for everyone else.
 *
 * - MatchingAreaCode: a project phone of the recipient's area code (the primary if it is one of them, else the
 *   oldest); a recipient with no phone of their area code gets the primary, else the oldest phone.
 * - MostCommonAreaCode (our reading of spec §4/§9: one sender for the whole project, the number local to the most
 *   recipients): every recipient gets the phone whose area code is the most common among the eligible recipients
 *   (counts from the load; ties go to the primary, then the oldest phone); when no phone shares an area code with any
 *   recipient, the primary, else the oldest.
 *
 * Only Active phones are given. None: the load refuses with a clear message.
 */
export function chooseSenders(
  selection: 'MatchingAreaCode' | 'MostCommonAreaCode',
  phones: readonly SenderPhone[],
  recipientsByAreaCode: ReadonlyMap<string, number>,
): { byAreaCode: Map<string, number>; fallback: number } {
  const ordered = tieOrder(phones);
  const firstOf = new Map<string, number>();
  for (const p of ordered) if (!firstOf.has(p.areaCode)) firstOf.set(p.areaCode, p.phoneId);
  if (selection === 'MatchingAreaCode') return { byAreaCode: firstOf, fallback: ordered[0].phoneId };
  let best: { phoneId: number; recipients: number } | null = null;
  for (const p of ordered) {
    const recipients = recipientsByAreaCode.get(p.areaCode) ?? 0;
    if (recipients > 0 && (!best || recipients > best.recipients)) best = { phoneId: p.phoneId, recipients };
  }
  return { byAreaCode: new Map(), fallback: best?.phoneId ?? ordered[0].phoneId };
}

/** The phones in the order every tie is broken in: primary first, then oldest. None: the load refuses. */
export function tieOrder(phones: readonly SenderPhone[]): SenderPhone[] {
  if (phones.length === 0) throw new ProjectLoadError(projectLoadMessages.noActivePhone);
  return [...phones].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.phoneId - b.phoneId);
}
