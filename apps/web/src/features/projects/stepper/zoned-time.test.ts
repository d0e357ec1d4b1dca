import { describe, expect, it } from 'vitest';
import { zonedInstant, zonedParts } from './zoned-time';

describe('the schedule read in the chosen time zone', () => {
  it('builds the instant of a wall-clock time, winter and summer', () => {
    expect(zonedInstant('2026-12-01', '09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(zonedInstant('2026-07-01', '09:30', 'America/New_York')).toBe('2026-07-01T13:30:00.000Z');
    expect(zonedInstant('2026-07-01', '09:30', 'America/Los_Angeles')).toBe('2026-07-01T16:30:00.000Z');
  });

  it('gives nothing until the date, time and zone are all there', () => {
    expect(zonedInstant('2026-12-01', '', 'America/New_York')).toBeNull();
    expect(zonedInstant('2026-12-01', '09:30', '')).toBeNull();
  });

  it('reads a saved instant back as the same date and time in its zone', () => {
    expect(zonedParts('2026-12-01T14:30:00.000Z', 'America/New_York')).toEqual({ date: '2026-12-01', time: '09:30' });
    expect(zonedParts('2026-12-02T03:00:00.000Z', 'America/Los_Angeles')).toEqual({
      date: '2026-12-01',
      time: '19:00',
    });
  });
});
