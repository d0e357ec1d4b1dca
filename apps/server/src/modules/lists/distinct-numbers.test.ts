import { describe, expect, it } from 'vitest';
import { DistinctNumbers } from './distinct-numbers';

describe('the distinct numbers of a load', () => {
  it('tells a number met before from a new one, across the table growing', () => {
    const seen = new DistinctNumbers();
    const numbers = Array.from({ length: 200_000 }, (_, i) => 2_000_000_000 + i * 7_919);
    expect(numbers.every((n) => seen.add(n))).toBe(true);
    expect(numbers.some((n) => seen.add(n))).toBe(false);
    expect(seen.add(9_999_999_999)).toBe(true);
    expect(seen.add(9_999_999_999)).toBe(false);
    expect(seen.size).toBe(200_001);
  });
});
