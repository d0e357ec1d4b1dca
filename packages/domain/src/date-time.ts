/**
 * Date-and-time values as a form or the API carries them: an ISO instant ('2026-03-01T14:00:00.000Z'), or a local
 * date with an optional time ('2026-03-01', '2026-03-01 14:00', '2026-03-01T14:00:30') read in the organization's
 * time zone.
 */
const LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Spec §5 (Collection): a date given without a time stands for 00:00:01 of that day. */
export const DEFAULT_TIME = '00:00:01';

/** Whether a value is a local date (with or without a time) or an instant with its offset, and a real one. */
export function isLocalDateTime(value: string): boolean {
  const text = value.trim();
  if (INSTANT.test(text)) return isRealDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
  const m = LOCAL.exec(text);
  return m !== null && isRealDate(m[1]) && (m[2] === undefined || isRealTime(m[2]));
}

function isRealTime(time: string): boolean {
  const [h, min, sec = 0] = time.split(':').map(Number);
  return h < 24 && min < 60 && sec < 60;
}

/** A calendar day that exists: Date rolls 2026-02-31 over to March 3rd, so the day must survive the round trip. */
function isRealDate(day: string): boolean {
  const at = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/**
 * A local date-time with its time filled in ('2026-03-01' → '2026-03-01 00:00:01'); null for an instant, which
 * carries its own offset and needs no time zone.
 */
export function localDateTime(value: string): string | null {
  const m = LOCAL.exec(value.trim());
  if (!m) return null;
  const time = m[2] ?? DEFAULT_TIME;
  return `${m[1]} ${time.length === 5 ? `${time}:00` : time}`;
}
