import { describe, expect, it } from 'vitest';
import { isLocalDateTime, localDateTime } from './date-time';

describe('date-time values', () => {
  it('give a date without a time 00:00:01 (spec §5 Collection)', () => {
    expect(localDateTime('2026-03-01')).toBe('2026-03-01 00:00:01');
    expect(localDateTime('2026-03-01 14:05')).toBe('2026-03-01 14:05:00');
    expect(localDateTime('2026-03-01T14:05:09')).toBe('2026-03-01 14:05:09');
    expect(localDateTime('2026-03-01T14:05:09.000Z')).toBeNull();
  });

  it('accept only days and times that exist', () => {
    for (const ok of ['2026-03-01', '2026-03-01 23:59', '2024-02-29', '2026-03-01T05:00:01.000Z'])
      expect(isLocalDateTime(ok), ok).toBe(true);
    for (const bad of ['2026-02-31', '2025-02-29', '2026-03-01 24:00', '2026-03-01 09:75', 'March 1', ''])
      expect(isLocalDateTime(bad), bad).toBe(false);
  });
});
