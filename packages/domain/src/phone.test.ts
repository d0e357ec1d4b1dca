import { describe, expect, it } from 'vitest';
import { formatPhone, isNanpNumber, isValidUsPhone, normalizePhone, phoneDigits } from './phone';

describe('phoneDigits', () => {
  it('strips dashes, parentheses, spaces, dots and underscores', () => {
    expect(phoneDigits('(212) 555-0100')).toBe('2125550100');
    expect(phoneDigits('212_555_0100')).toBe('2125550100');
    expect(phoneDigits('212.555.0100')).toBe('2125550100');
  });

  it('drops a leading US country code', () => {
    expect(phoneDigits('+1 (212) 555-0100')).toBe('2125550100');
    expect(phoneDigits('12125550100')).toBe('2125550100');
  });
});

describe('normalizePhone', () => {
  it('gives the 10-digit stored form', () => {
    expect(normalizePhone('(212)-555-0100')).toEqual({ number: '2125550100' });
    expect(normalizePhone(' 212 555 0100 ')).toEqual({ number: '2125550100' });
    expect(normalizePhone('1-212-555-0100')).toEqual({ number: '2125550100' });
  });

  it("fewer than 10 digits: 'Number should be 10 digits'", () => {
    expect(normalizePhone('212-555')).toEqual({ error: 'Number should be 10 digits' });
    expect(normalizePhone('')).toEqual({ error: 'Number should be 10 digits' });
    expect(normalizePhone('212555010')).toEqual({ error: 'Number should be 10 digits' });
  });

  it("letters are not digits: 'Number should be 10 digits'", () => {
    expect(normalizePhone('212-555-01OO')).toEqual({ error: 'Number should be 10 digits' });
    expect(normalizePhone('call me maybe')).toEqual({ error: 'Number should be 10 digits' });
  });

  it("more than 10 digits: 'Invalid number. Should be a 10 digits number'", () => {
    expect(normalizePhone('212-555-01001')).toEqual({ error: 'Invalid number. Should be a 10 digits number' });
    expect(normalizePhone('22125550100')).toEqual({ error: 'Invalid number. Should be a 10 digits number' });
  });
});

describe('normalizePhone refuses ten digits no US phone can have, as a list import does', () => {
  it("an unknown area code or an exchange starting 0 or 1: 'Invalid phone number'", () => {
    expect(normalizePhone('(999) 000-0000')).toEqual({ error: 'Invalid phone number' });
    expect(normalizePhone('(212) 055-0100')).toEqual({ error: 'Invalid phone number' });
    expect(normalizePhone('(012) 555-0100')).toEqual({ error: 'Invalid phone number' });
  });

  it('isNanpNumber is the rule both use', () => {
    expect(isNanpNumber('9990000000')).toBe(false);
    expect(isNanpNumber('2125550100')).toBe(true);
    expect(isNanpNumber('212555010')).toBe(false);
  });
});

describe('formatPhone', () => {
  it('shows (###)-###-####', () => {
    expect(formatPhone('2125550100')).toBe('(212)-555-0100');
    expect(formatPhone('(212) 555 0100')).toBe('(212)-555-0100');
    expect(formatPhone('12125550100')).toBe('(212)-555-0100');
  });

  it('leaves what is not 10 digits as given, and empties nothing', () => {
    expect(formatPhone('555-0100')).toBe('555-0100');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});

describe('isValidUsPhone', () => {
  it('knows real area codes from impossible ones', () => {
    expect(isValidUsPhone('2125550100')).toBe(true);
    expect(isValidUsPhone('1115550100')).toBe(false);
  });
});
