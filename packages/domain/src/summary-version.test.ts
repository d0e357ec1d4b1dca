import { describe, expect, it } from 'vitest';
import { compareSummaryVersions, newestRead, summaryVersion } from './summary-version';

describe('summary versions', () => {
  it('order reads by the snapshot they saw', () => {
    expect(summaryVersion(12345678901234n, 3)).toBe('12345678901234.3');
    expect(compareSummaryVersions('100.0', '99.5')).toBeGreaterThan(0);
    // The same next transaction id: the read with fewer transactions still running saw more.
    expect(compareSummaryVersions('100.1', '100.3')).toBeGreaterThan(0);
    expect(compareSummaryVersions('100.3', '100.1')).toBeLessThan(0);
    expect(compareSummaryVersions('100.2', '100.2')).toBe(0);
    // Beyond 2^53: compared exactly.
    expect(compareSummaryVersions('9007199254740993.0', '9007199254740992.0')).toBeGreaterThan(0);
    expect(compareSummaryVersions(null, '1.0')).toBeLessThan(0);
  });

  it('keep the newest of two reads, the later one when neither saw more', () => {
    const [old, fresh] = [
      { version: '7.0', n: 1 },
      { version: '8.0', n: 2 },
    ];
    expect(newestRead(fresh, old)).toBe(fresh);
    expect(newestRead(old, fresh)).toBe(fresh);
    const [a, b] = [
      { version: null, n: 1 },
      { version: null, n: 2 },
    ];
    expect(newestRead(a, b)).toBe(b);
    expect(newestRead(null, a)).toBe(a);
    expect(newestRead(null, null)).toBeNull();
  });
});
