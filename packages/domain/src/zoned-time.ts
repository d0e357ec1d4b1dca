/** Wall-clock time in an IANA time zone, with Intl only (no time zone library): what quiet hours reads and sets. */

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const formats = new Map<string, Intl.DateTimeFormat>();

// Building a DateTimeFormat is the slow part; one per zone serves every call.
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formats.set(zone, format);
  }
  return format;
}

/** The wall-clock date and time of an instant in a zone. */
export function localTimeIn(instant: Date, zone: string): LocalTime {
  const parts: Record<string, string> = {};
  for (const p of formatIn(zone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (whole minutes). */
function offsetAt(instant: number, zone: string): number {
  const t = localTimeIn(new Date(instant), zone);
  const wall = Date.UTC(t.year, t.month - 1, t.day, 0, t.minutes);
  return wall - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant a wall-clock time happens in a zone (a day given as year, month, day; the day may overflow, as in
 * Date.UTC). Corrected once for a daylight-saving change between the guess and the answer.
 */
export function zonedInstant(year: number, month: number, day: number, minutes: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  let instant = wall - offsetAt(wall, zone);
  const corrected = wall - offsetAt(instant, zone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}
