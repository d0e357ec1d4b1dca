import { describe, expect, it } from 'vitest';
import { NumberSet } from './blocked-numbers';
import { PhoneBatch } from './phone-batch';

const batchOf = (phones: [string, string | null][]) => {
  const batch = new PhoneBatch();
  for (const [number, state] of phones) batch.add(number, state);
  return batch;
};

describe('a batch of recipient phones', () => {
  it('gives its numbers in ascending order, each with its own state', () => {
    const batch = batchOf([
      ['9175550100', 'NY'],
      ['2125550100', 'NY'],
      ['8005550100', null],
      ['4155550100', 'CA'],
    ]);
    expect(batch.sortedArrayLiterals()).toEqual([
      { count: 4, numbers: '{2125550100,4155550100,8005550100,9175550100}', states: '{NY,CA,NULL,NY}' },
    ]);
  });

  it('cuts them into ranges of consecutive numbers, never more ranges than numbers', () => {
    const phones: [string, string | null][] = [
      ['3125550103', 'IL'],
      ['2125550101', 'NY'],
      ['6175550104', 'MA'],
      ['2125550102', 'NY'],
      ['9075550105', 'AK'],
    ];
    expect(batchOf(phones).sortedArrayLiterals(2)).toEqual([
      { count: 3, numbers: '{2125550101,2125550102,3125550103}', states: '{NY,NY,IL}' },
      { count: 2, numbers: '{6175550104,9075550105}', states: '{MA,AK}' },
    ]);
    expect(batchOf(phones.slice(0, 1)).sortedArrayLiterals(2)).toEqual([
      { count: 1, numbers: '{3125550103}', states: '{IL}' },
    ]);
  });

  it('keeps a million numbers in order across a growing array', () => {
    const batch = new PhoneBatch();
    for (let i = 999_999; i >= 0; i--) batch.add(String(2_000_000_000 + i * 7), i % 2 ? 'NY' : null);
    const [first, second] = batch.sortedArrayLiterals(2);
    const numbers = [...first.numbers.slice(1, -1).split(','), ...second.numbers.slice(1, -1).split(',')];
    expect(numbers).toHaveLength(1_000_000);
    expect(numbers[0]).toBe('2000000000');
    expect(numbers[999_999]).toBe(String(2_000_000_000 + 999_999 * 7));
    expect(numbers.every((n, i) => i === 0 || Number(n) > Number(numbers[i - 1]))).toBe(true);
    expect(first.states.split(',').slice(0, 3)).toEqual(['{NULL', 'NY', 'NULL']);
  });

  it('leaves out the numbers the organization already has, and gives no range when none is left', () => {
    const phones: [string, string | null][] = [
      ['9175550100', 'NY'],
      ['2125550100', 'NY'],
      ['8005550100', null],
      ['4155550100', 'CA'],
    ];
    const known = NumberSet.of(Float64Array.from(['9995550100', '2125550100', '8005550100', '3125550100'], Number));
    expect(batchOf(phones).sortedArrayLiterals(2, known)).toEqual([
      { count: 1, numbers: '{4155550100}', states: '{CA}' },
      { count: 1, numbers: '{9175550100}', states: '{NY}' },
    ]);
    expect(batchOf(phones.slice(1, 3)).sortedArrayLiterals(2, known)).toEqual([]);
  });
});
