import { describe, expect, it } from 'vitest';
import { timeZonesOfAreaCode } from './area-code-time-zones';
import { defaultQuietHours, quietHoursErrors, quietHoursOf, sendingWindowAt, type QuietHours } from './quiet-hours';
import { quietHoursMessages } from './send-time-messages';

// A fixed clock: Wednesday 2026-07-15 (daylight time: New York UTC-4, Chicago -5, Denver -6, Los Angeles -7).
const utc = (iso: string) => new Date(`${iso}Z`);
const open = (at: string, areaCode: string, q?: QuietHours) => sendingWindowAt(utc(at), areaCode, q).open;
const opensAt = (at: string, areaCode: string, q?: QuietHours) =>
  sendingWindowAt(utc(at), areaCode, q).opensAt?.toISOString();

describe('area code time zones', () => {
  it('reads a state zone, lists every zone of a code across a zone line, and the extremes when unknown', () => {
    expect(timeZonesOfAreaCode('212')).toEqual(['America/New_York']);
    expect(timeZonesOfAreaCode('213')).toEqual(['America/Los_Angeles']);
    expect(timeZonesOfAreaCode('915')).toEqual(['America/Denver']);
    expect(timeZonesOfAreaCode('850')).toEqual(['America/New_York', 'America/Chicago']);
    expect(timeZonesOfAreaCode('602')).toEqual(['America/Phoenix']);
    expect(timeZonesOfAreaCode('416')).toEqual(['America/New_York', 'America/Los_Angeles']);
  });
});

describe('the general window, 8am–9pm local', () => {
  it('is open in New York at 8:59pm and closed at 9:01pm, while Los Angeles is open at the same instants', () => {
    expect(open('2026-07-16T00:59:00', '212')).toBe(true); // 8:59pm EDT
    expect(open('2026-07-16T01:01:00', '212')).toBe(false); // 9:01pm EDT
    expect(open('2026-07-16T01:01:00', '213')).toBe(true); // 6:01pm PDT
    expect(opensAt('2026-07-16T01:01:00', '212')).toBe('2026-07-16T12:00:00.000Z'); // 8am EDT next day
  });

  it('opens at 8:00 sharp and closes at 9:00 sharp', () => {
    expect(open('2026-07-15T11:59:59', '212')).toBe(false);
    expect(opensAt('2026-07-15T11:59:59', '212')).toBe('2026-07-15T12:00:00.000Z');
    expect(open('2026-07-15T12:00:00', '212')).toBe(true);
    expect(open('2026-07-16T01:00:00', '212')).toBe(false);
  });

  it('follows standard time in winter and Arizona, which keeps it all year', () => {
    expect(opensAt('2026-01-14T03:00:00', '212')).toBe('2026-01-14T13:00:00.000Z'); // 8am EST
    // The night clocks go forward (2026-03-08): 1am EST, the next 8am is already daylight time.
    expect(opensAt('2026-03-08T06:00:00', '212')).toBe('2026-03-08T12:00:00.000Z');
    expect(opensAt('2026-07-15T04:30:00', '602')).toBe('2026-07-15T15:00:00.000Z'); // 9:30pm MST → 8am MST in July
  });

  it('uses the stricter reading where an area code spans two zones', () => {
    // 850: 8:30pm in Tallahassee (Eastern, FL window closes 8pm), 7:30pm in Pensacola: closed.
    expect(open('2026-07-16T00:30:00', '850')).toBe(false);
    // 7:30am Central is 8:30am Eastern: Pensacola is not open yet; it opens at 8am Central.
    expect(open('2026-07-15T12:30:00', '850')).toBe(false);
    expect(opensAt('2026-07-15T12:30:00', '850')).toBe('2026-07-15T13:00:00.000Z');
    // An unknown (Canadian) code: open only while Eastern and Pacific both are.
    expect(open('2026-07-15T14:30:00', '416')).toBe(false); // 10:30am Eastern, 7:30am Pacific
    expect(opensAt('2026-07-15T14:30:00', '416')).toBe('2026-07-15T15:00:00.000Z');
    expect(open('2026-07-16T00:30:00', '416')).toBe(true); // 8:30pm Eastern, 5:30pm Pacific
  });
});

describe('state rules', () => {
  // 8:30pm local on Wednesday 2026-07-15: FL, OK, MD, MS, NJ and CT close at 8pm; New York stays open.
  it.each([
    ['FL', '305', '2026-07-16T00:30:00', '2026-07-16T12:00:00.000Z'],
    ['OK', '405', '2026-07-16T01:30:00', '2026-07-16T13:00:00.000Z'],
    ['MD', '410', '2026-07-16T00:30:00', '2026-07-16T12:00:00.000Z'],
    ['MS', '601', '2026-07-16T01:30:00', '2026-07-16T13:00:00.000Z'],
    ['NJ', '201', '2026-07-16T00:30:00', '2026-07-16T12:00:00.000Z'],
    ['CT', '203', '2026-07-16T00:30:00', '2026-07-16T13:00:00.000Z'], // opens at 9am
  ])('%s closes at 8pm', (_state, areaCode, at, next) => {
    expect(open(at, areaCode)).toBe(false);
    expect(opensAt(at, areaCode)).toBe(next);
    expect(open(at, '212')).toBe(at.endsWith('00:30:00')); // the same instant in New York: open at 8:30pm
  });

  it('CT opens at 9am, not 8am', () => {
    expect(open('2026-07-15T12:30:00', '203')).toBe(false); // 8:30am EDT
    expect(open('2026-07-15T13:00:00', '203')).toBe(true);
  });

  it('TX: 9am–9pm Monday to Saturday, noon–9pm Sunday', () => {
    expect(open('2026-07-15T13:30:00', '713')).toBe(false); // Wednesday 8:30am CDT
    expect(open('2026-07-15T14:00:00', '713')).toBe(true); // 9am
    // Sunday 2026-07-19 at 10am CDT: closed until noon.
    expect(open('2026-07-19T15:00:00', '713')).toBe(false);
    expect(opensAt('2026-07-19T15:00:00', '713')).toBe('2026-07-19T17:00:00.000Z');
    // Saturday 8:55pm CDT: open; Saturday 9:05pm: next is Sunday noon.
    expect(open('2026-07-19T01:55:00', '713')).toBe(true);
    expect(opensAt('2026-07-19T02:05:00', '713')).toBe('2026-07-19T17:00:00.000Z');
  });

  it('RI: 9am–5pm weekdays, 10am–5pm Saturday, none on Sunday', () => {
    expect(open('2026-07-15T20:30:00', '401')).toBe(true); // Wednesday 4:30pm EDT
    expect(open('2026-07-15T21:30:00', '401')).toBe(false); // 5:30pm
    expect(opensAt('2026-07-15T21:30:00', '401')).toBe('2026-07-16T13:00:00.000Z');
    // Saturday 9:30am: opens at 10am; Saturday 6pm: the next is Monday 9am, Sunday stays closed.
    expect(opensAt('2026-07-18T13:30:00', '401')).toBe('2026-07-18T14:00:00.000Z');
    expect(opensAt('2026-07-18T22:00:00', '401')).toBe('2026-07-20T13:00:00.000Z');
    expect(open('2026-07-19T16:00:00', '401')).toBe(false); // Sunday noon
  });

  it('an organization changes the general window and its state rules', () => {
    const q: QuietHours = { start: '10:00', end: '18:00', states: [] };
    expect(open('2026-07-15T13:30:00', '305', q)).toBe(false); // 9:30am EDT
    expect(open('2026-07-16T00:30:00', '305', { ...defaultQuietHours, states: [] })).toBe(true); // no FL rule
    // A state rule never widens the general window.
    const wide: QuietHours = { ...q, states: [{ state: 'FL', days: 'EveryDay', start: '07:00', end: '23:00' }] };
    expect(open('2026-07-15T13:30:00', '305', wide)).toBe(false);
  });
});

describe('quiet hours settings', () => {
  it('refuses bad times, a window ending before it starts, an unknown state and two windows on one day', () => {
    expect(
      quietHoursErrors({
        start: '8am',
        end: '21:00',
        states: [
          { state: 'XX', days: 'EveryDay', start: '09:00', end: '08:00' },
          { state: 'TX', days: 'MondayToSaturday', start: '09:00', end: '21:00' },
          { state: 'TX', days: 'Saturday', start: '10:00', end: '21:00' },
        ],
      }),
    ).toEqual({
      start: [quietHoursMessages.invalidTime],
      'states.0.state': [quietHoursMessages.invalidState],
      'states.0.end': [quietHoursMessages.endBeforeStart],
      'states.2.days': [quietHoursMessages.daysTwice('TX')],
    });
    expect(quietHoursErrors(defaultQuietHours)).toEqual({});
  });

  it('reads the stored setting, and the defaults when there is none or it is not valid', () => {
    const q: QuietHours = { start: '09:00', end: '20:00', states: [] };
    expect(quietHoursOf({ quietHours: q })).toEqual(q);
    expect(quietHoursOf({})).toEqual(defaultQuietHours);
    expect(quietHoursOf({ quietHours: { start: 'x' } })).toEqual(defaultQuietHours);
  });
});
