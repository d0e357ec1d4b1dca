/**
 * The schedule's start and end are a send date and a time of day read in the project's time zone (spec §2
 * "Sending Schedule"), stored as instants. Intl knows every zone's offsets, daylight saving included.
 */

/** The zone's offset from UTC, in minutes, at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/** '2026-12-01' at '09:30' in 'America/Chicago' as an ISO instant; null until all three are given. */
export function zonedInstant(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t || !timeZone) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  // The offset at the wall time read as UTC is right except near a change; a second pass settles it.
  let instant = wall - offsetMinutes(wall, timeZone) * 60_000;
  instant = wall - offsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** An instant as the date and time of day it is in a zone: the schedule fields of a saved project. */
export function zonedParts(iso: string | null | undefined, timeZone: string): { date: string; time: string } | null {
  if (!iso || !timeZone) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const local = new Date(at + offsetMinutes(at, timeZone) * 60_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}
