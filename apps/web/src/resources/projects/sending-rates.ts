import { TextStatus, type EnumValue } from '@canvass/domain';
import { useEffect, useRef, useState } from 'react';

type TextStatusValue = EnumValue<typeof TextStatus>;

/** A project's texts so far that a provider accepted, that were delivered, and that failed. */
export interface Outcomes {
  sent: number;
  delivered: number;
  failed: number;
}

/** Taken by a provider: on their way, or beyond (an Undelivered text was sent, then lost by the carrier). */
const SENT: ReadonlySet<string> = new Set<TextStatusValue>(['Sending', 'Sent', 'Delivered', 'Clicked', 'Undelivered']);
const DELIVERED: ReadonlySet<string> = new Set<TextStatusValue>(['Delivered', 'Clicked']);

/** The outcomes in a summary's counts by status: failed is every status spec §4 colours red. */
export function outcomesOf(counts: readonly { key: string; count: number }[]): Outcomes {
  const outcomes: Outcomes = { sent: 0, delivered: 0, failed: 0 };
  for (const { key, count } of counts) {
    if (SENT.has(key)) outcomes.sent += count;
    if (DELIVERED.has(key)) outcomes.delivered += count;
    if (TextStatus.is(key) && TextStatus.colour(key) === 'red') outcomes.failed += count;
  }
  return outcomes;
}

interface Sample extends Outcomes {
  at: number;
}

/** Rates are measured over this long: long enough to smooth the pushes (one a batch), short enough to be "now". */
export const RATE_WINDOW_MS = 5000;

const NONE: Outcomes = { sent: 0, delivered: 0, failed: 0 };

/**
 * Texts per second over the last RATE_WINDOW_MS at `now`: the latest sample against the one as of a window ago (or
 * the first, when the samples are younger than that); 0 once nothing moved for a whole window. Null until the first
 * sample is a second old.
 */
export function ratesAt(samples: readonly Sample[], now: number): Outcomes | null {
  const latest = samples.at(-1);
  if (!latest) return null;
  const since = now - RATE_WINDOW_MS;
  const base = samples.findLast((s) => s.at <= since) ?? samples[0];
  if (base === latest) return latest.at <= since ? NONE : null;
  const seconds = (now - Math.max(base.at, since)) / 1000;
  if (seconds < 1) return null;
  const per = (key: keyof Outcomes) => Math.max(0, Math.round((latest[key] - base[key]) / seconds));
  return { sent: per('sent'), delivered: per('delivered'), failed: per('failed') };
}

/**
 * Texts sent, delivered and failed per second while a project is `live`, from the summaries the server pushes (a
 * new object each push): re-measured every second, so the rates fall back to 0 once the pushes stop.
 */
export function useSendingRates(
  counts: readonly { key: string; count: number }[] | undefined,
  live: boolean,
): Outcomes | null {
  const samples = useRef<Sample[]>([]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!live || !counts) return;
    const at = Date.now();
    samples.current = [
      ...samples.current.filter((s) => s.at >= at - 2 * RATE_WINDOW_MS),
      { at, ...outcomesOf(counts) },
    ];
    setNow(at);
  }, [counts, live]);
  useEffect(() => {
    if (!live) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [live]);
  return live ? ratesAt(samples.current, now) : null;
}
