import { describe, expect, it } from 'vitest';
import { columnOf, withColumn } from './mapping';

describe('the column mapping, field by field', () => {
  it('gives a field one column and a column one field, letting go of what either had', () => {
    const start = { 'Cell #': 'number', Region: 'state' };
    expect(columnOf(start, 'state')).toBe('Region');
    // Another column for the phone: the old one is no longer imported.
    expect(withColumn(start, 'number', 'Mobile')).toEqual({ Region: 'state', Mobile: 'number' });
    // The state's column now fills the phone: the state has none.
    expect(withColumn(start, 'number', 'Region')).toEqual({ Region: 'number' });
    // Cleared: not imported.
    expect(withColumn(start, 'state', null)).toEqual({ 'Cell #': 'number' });
    expect(columnOf({}, 'state')).toBeNull();
  });
});
