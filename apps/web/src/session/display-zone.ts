/**
 * The time zone every date-time on screen is read in: the signed-in user's organization's (spec §9), so a project
 * scheduled for 8:00 AM Eastern reads 08:00 am EST to a staffer whose browser is in UTC, as the exports already
 * write it. Module state rather than a context: formatDateTime is a plain function that every table, overview and
 * export preview calls. Undefined (no session yet) is the browser's own zone.
 */
let zone: string | undefined;

export function setDisplayTimeZone(timeZone: string | null | undefined): void {
  zone = timeZone || undefined;
}

export function displayTimeZone(): string | undefined {
  return zone;
}
