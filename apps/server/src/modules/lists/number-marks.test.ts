import { describe, expect, it } from 'vitest';
import { DO_NOT_CONTACT, NumberMarks, OPTED_OUT, SEEN } from './number-marks';

describe('the numbers of a load and their marks', () => {
  it('tells a number met before from a new one, across the table growing', () => {
    const marks = new NumberMarks();
    const numbers = Array.from({ length: 200_000 }, (_, i) => 2_000_000_000 + i * 7_919);
    expect(numbers.every((n) => marks.see(n) === 0)).toBe(true);
    expect(numbers.every((n) => marks.see(n) === SEEN)).toBe(true);
    expect(marks.see(9_999_999_999)).toBe(0);
    expect(marks.see(9_999_999_999)).toBe(SEEN);
    expect(marks.size).toBe(200_001);
  });

  it("keeps a number's opt-out and do-not-contact marks, met or not, across the table growing", () => {
    const marks = new NumberMarks();
    marks.mark(2_125_550_100, OPTED_OUT);
    marks.mark(2_125_550_101, DO_NOT_CONTACT);
    marks.mark(2_125_550_102, OPTED_OUT);
    marks.mark(2_125_550_102, DO_NOT_CONTACT);
    for (let i = 0; i < 100_000; i++) marks.see(3_000_000_000 + i);
    expect(marks.see(2_125_550_100)).toBe(OPTED_OUT);
    expect(marks.see(2_125_550_100)).toBe(OPTED_OUT | SEEN);
    expect(marks.see(2_125_550_101)).toBe(DO_NOT_CONTACT);
    expect(marks.see(2_125_550_102)).toBe(OPTED_OUT | DO_NOT_CONTACT);
    expect(marks.see(2_125_550_103)).toBe(0);
    expect(marks.size).toBe(100_004);
  });
});
