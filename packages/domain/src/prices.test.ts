import { describe, expect, it } from 'vitest';
import { isMoneyText } from './validate';
import { isPriceText, priceMessages, priceRowErrors, priceStart } from './prices';

const row = (price: string, startAt = '2026-01-01', extra: Record<string, unknown> = {}) => ({
  price,
  startAt,
  messagingServiceType: 'SMS',
  campaignType: 'Registered',
  isSent: true,
  ...extra,
});

describe('prices', () => {
  it('takes exact decimal text of at most 8 digits and 4 decimals, never negative', () => {
    for (const ok of ['0', '0.035', '0.0350', '12345678.9999', ' 1.5 ']) expect(isPriceText(ok)).toBe(true);
    for (const bad of ['-0.01', '0.12345', '123456789', '1e-3', '.5', 'abc', '0,035'])
      expect(isPriceText(bad)).toBe(false);
    // Collections keep their numeric(14, 2).
    expect(isMoneyText('1234.56')).toBe(true);
    expect(isMoneyText('0.035')).toBe(false);
  });

  it('ignores rows without a price, and checks the others (spec §5)', () => {
    expect(priceRowErrors([{ price: '', startAt: '' }, {}, { id: '3', _destroy: true, price: 'x' }])).toEqual({});
    expect(
      priceRowErrors([
        row('0.035', ''),
        row('0.035', 'soon'),
        row('-1'),
        row('0.01', '2026-01-01', { messagingServiceType: 'Fax', campaignType: null }),
      ]),
    ).toEqual({
      'prices.0.startAt': ['Start date is required'],
      'prices.1.startAt': ['Start date is not a date'],
      'prices.2.price': [priceMessages.invalidPrice],
      'prices.3.messagingServiceType': ['Service is required'],
      'prices.3.campaignType': ['Campaign type is required'],
    });
  });

  it('refuses two prices for the same kind of message from the same moment', () => {
    const errors = priceRowErrors([
      row('0.01'),
      row('0.02', '2026-01-01T00:00:00Z'),
      row('0.03', '2026-01-01', { isSent: false }),
    ]);
    expect(errors).toEqual({ 'prices.1.startAt': [priceMessages.twice] });
  });

  it('starts a date at its first second (UTC)', () => {
    expect(priceStart('2026-03-01').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
