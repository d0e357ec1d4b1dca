import { stateOfAreaCode } from './area-code-states';
import { timeZonesOfAreaCode } from './area-code-time-zones';
import { defineEnum, type EnumValue } from './enum';
import { usStates } from './geography';
import { quietHoursMessages } from './send-time-messages';
import type { FieldErrors } from './validate';
import { localTimeIn, zonedInstant } from './zoned-time';

/**
 * Quiet hours (issue 15 §2): texts go out only while the recipient's local sending window is open. The window is
 * the organization's general one (8am–9pm by default, the TCPA's 47 CFR 64.1200(c)(1)), narrowed by a state's own
 * rule where the recipient's area code is in that state. Stored in organizations.settings.quietHours.
 */

/** The days a state window applies to; a day no window of the state covers is closed in that state. */
export const QuietHoursDays = defineEnum('QuietHoursDays', [
  'EveryDay',
  'MondayToFriday',
  'MondayToSaturday',
  'Saturday',
  'Sunday',
]);
export type QuietHoursDaysValue = EnumValue<typeof QuietHoursDays>;

const weekdaysOf: Record<QuietHoursDaysValue, readonly number[]> = {
  EveryDay: [0, 1, 2, 3, 4, 5, 6],
  MondayToFriday: [1, 2, 3, 4, 5],
  MondayToSaturday: [1, 2, 3, 4, 5, 6],
  Saturday: [6],
  Sunday: [0],
};

/** A local time window, 'HH:MM' to 'HH:MM' (the end not included). */
export interface SendingWindow {
  start: string;
  end: string;
}

export interface StateWindow extends SendingWindow {
  state: string;
  days: QuietHoursDaysValue;
}

export interface QuietHours extends SendingWindow {
  states: StateWindow[];
}

const everyDay = (state: string, start: string, end: string): StateWindow => ({
  state,
  days: 'EveryDay',
  start,
  end,
});

/**
 * The defaults, from the states' telephone solicitation laws, which reach texts (checked from memory of the statutes
 * as of 2025, not by counsel; holidays, which RI also excludes, are not modelled):
 * FL Stat. 501.059(8)(a) (Florida Telephone Solicitation Act), OK Stat. tit. 15 §775C.4, MD Com. Law §14-4503
 * (Stop the Spam Calls Act): 8am–8pm. MS likewise 8am–8pm. NJ: its do-not-call law reads 8am–9pm; 8pm is kept as
 * the stricter reading the issue asks for. CT Gen. Stat. §42-288a: 9am–8pm. TX Bus. & Com. Code §301.051: 9am–9pm
 * Monday to Saturday, noon–9pm Sunday. RI Gen. Laws §5-61-3.4: 9am–5pm weekdays, 10am–5pm Saturday, never Sunday.
 */
export const defaultQuietHours: QuietHours = {
  start: '08:00',
  end: '21:00',
  states: [
    ...['FL', 'OK', 'MD', 'MS', 'NJ'].map((s) => everyDay(s, '08:00', '20:00')),
    everyDay('CT', '09:00', '20:00'),
    { state: 'TX', days: 'MondayToSaturday', start: '09:00', end: '21:00' },
    { state: 'TX', days: 'Sunday', start: '12:00', end: '21:00' },
    { state: 'RI', days: 'MondayToFriday', start: '09:00', end: '17:00' },
    { state: 'RI', days: 'Saturday', start: '10:00', end: '17:00' },
  ],
};

const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;

/** Minutes since midnight of 'HH:MM' (24:00 is the end of the day); null when it is not such a time. */
export function minutesOf(time: unknown): number | null {
  const m = typeof time === 'string' ? TIME.exec(time.trim()) : null;
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** Every rule of a quiet-hours setting, errors keyed as the form's fields ('start', 'states.0.end'). */
export function quietHoursErrors(q: QuietHours): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const checkWindow = (at: string, w: SendingWindow) => {
    const start = minutesOf(w.start);
    const end = minutesOf(w.end);
    if (start === null) add(`${at}start`, quietHoursMessages.invalidTime);
    if (end === null) add(`${at}end`, quietHoursMessages.invalidTime);
    if (start !== null && end !== null && end <= start) add(`${at}end`, quietHoursMessages.endBeforeStart);
  };
  checkWindow('', q);
  const daysTaken = new Map<string, Set<number>>();
  q.states.forEach((row, i) => {
    const at = `states.${i}.`;
    if (!usStates.some((s) => s.abbreviation === row.state)) add(`${at}state`, quietHoursMessages.invalidState);
    if (!QuietHoursDays.is(row.days)) add(`${at}days`, quietHoursMessages.invalidDays);
    checkWindow(at, row);
    if (!QuietHoursDays.is(row.days)) return;
    const taken = daysTaken.get(row.state) ?? new Set<number>();
    if (weekdaysOf[row.days].some((d) => taken.has(d))) add(`${at}days`, quietHoursMessages.daysTwice(row.state));
    for (const d of weekdaysOf[row.days]) taken.add(d);
    daysTaken.set(row.state, taken);
  });
  return errors;
}

/** The organization's quiet hours from its settings: the stored ones when valid, otherwise the defaults. */
export function quietHoursOf(settings: Record<string, unknown> | null | undefined): QuietHours {
  const stored = settings?.quietHours as QuietHours | undefined;
  const valid =
    stored &&
    typeof stored === 'object' &&
    Array.isArray(stored.states) &&
    !Object.keys(quietHoursErrors(stored)).length;
  return valid ? stored : defaultQuietHours;
}

/** The window of a weekday in a state, in minutes [start, end); null when closed all day. */
function windowOn(q: QuietHours, state: string | null, weekday: number): [number, number] | null {
  let start = minutesOf(q.start) ?? 0;
  let end = minutesOf(q.end) ?? 0;
  const rules = q.states.filter((r) => r.state === state);
  if (rules.length) {
    const rule = rules.find((r) => weekdaysOf[r.days].includes(weekday));
    if (!rule) return null;
    // A state rule narrows the general window; it never widens it.
    start = Math.max(start, minutesOf(rule.start) ?? 0);
    end = Math.min(end, minutesOf(rule.end) ?? 0);
  }
  return start < end ? [start, end] : null;
}

function openIn(q: QuietHours, state: string | null, zone: string, at: Date): boolean {
  const local = localTimeIn(at, zone);
  const window = windowOn(q, state, local.weekday);
  return window !== null && window[0] <= local.minutes && local.minutes < window[1];
}

export interface WindowState {
  open: boolean;
  /** When closed, the first instant the window is open in every zone of the area code; null if not within a week. */
  opensAt: Date | null;
}

/**
 * Whether a text to this area code may go out at `now`: the window must be open in every zone the area code covers
 * (the stricter reading where it spans a zone line). When closed, the next instant it opens: the start of some
 * zone's window, the first of those at which every zone is open.
 */
export function sendingWindowAt(now: Date, areaCode: string, q: QuietHours = defaultQuietHours): WindowState {
  const zones = timeZonesOfAreaCode(areaCode);
  const state = stateOfAreaCode(areaCode);
  const openEverywhere = (at: Date) => zones.every((zone) => openIn(q, state, zone, at));
  if (openEverywhere(now)) return { open: true, opensAt: null };
  const candidates: Date[] = [];
  for (const zone of zones) {
    const today = localTimeIn(now, zone);
    for (let k = 0; k <= 7; k++) {
      const window = windowOn(q, state, (today.weekday + k) % 7);
      if (!window) continue;
      const at = zonedInstant(today.year, today.month, today.day + k, window[0], zone);
      if (at > now) candidates.push(at);
    }
  }
  candidates.sort((a, b) => a.getTime() - b.getTime());
  return { open: false, opensAt: candidates.find(openEverywhere) ?? null };
}
