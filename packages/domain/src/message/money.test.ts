import { describe, expect, it } from 'vitest';
import { formatAmount, formatPrice, parseMoney } from './money';

describe('parseMoney', () => {
  it('reads numeric(12,4) strings and plain numbers into 1/10000 units', () => {
    expect(parseMoney('0.0350')).toBe(350n);
    expect(parseMoney('0.035')).toBe(350n);
    expect(parseMoney(' 12 ')).toBe(120000n);
    expect(parseMoney('12.')).toBe(120000n);
    expect(parseMoney('.02')).toBe(200n);
    expect(parseMoney(0.035)).toBe(350n);
    expect(parseMoney('99999999.9999')).toBe(999999999999n);
  });

  it('refuses what is not a non-negative decimal of at most 4 places', () => {
    for (const bad of ['', '.', 'abc', '-1', '0.00001', '1,5', '1e3', '0x10', 'NaN'])
      expect(parseMoney(bad), bad).toBeNull();
    expect(parseMoney(Number.NaN)).toBeNull();
    expect(parseMoney(1e-7)).toBeNull();
  });
});

describe('formatPrice', () => {
  it('4 decimals as stored', () => {
    expect(formatPrice(350n)).toBe('0.0350');
    expect(formatPrice(120000n)).toBe('12.0000');
    expect(formatPrice(-5n)).toBe('-0.0005');
  });
});

describe('formatAmount (spec §9: 2 decimals)', () => {
  it('rounds half away from zero to cents', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(350n)).toBe('0.04'); // 0.035
    expect(formatAmount(349n)).toBe('0.03');
    expect(formatAmount(1050n)).toBe('0.11'); // 0.105: a float gives 0.10500000000000001 or 0.1
    expect(formatAmount(-350n)).toBe('-0.04');
    expect(formatAmount(-49n)).toBe('0.00');
  });

  it('stays exact far beyond what a float can hold', () => {
    expect(formatAmount(350n * 3n * 123_456_789_012n)).toBe('12962962846.26');
  });
});
