/**
 * Money as integers of 1/10000 (the 4 decimals of numeric(12,4) prices), in BigInt so no total a project can reach
 * loses a unit: a float would turn 0.035 × 3 into 0.10500000000000001.
 */
export type MoneyUnits = bigint;

export const MONEY_SCALE = 10_000n;

/** '0.0350', '0.035', '12', 0.035 → units; null for anything that is not a plain non-negative decimal of ≤ 4 places. */
export function parseMoney(value: string | number): MoneyUnits | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const m = /^(\d*)(?:\.(\d{0,4}))?$/.exec(text);
  if (!m || !/\d/.test(text)) return null;
  const [, whole, fraction = ''] = m;
  return BigInt(whole || '0') * MONEY_SCALE + BigInt(fraction.padEnd(4, '0'));
}

/** Units as a decimal of 4 places: what a price row stores ('0.0350'). */
export function formatPrice(units: MoneyUnits): string {
  const sign = units < 0n ? '-' : '';
  const abs = units < 0n ? -units : units;
  return `${sign}${abs / MONEY_SCALE}.${String(abs % MONEY_SCALE).padStart(4, '0')}`;
}

/** Units rounded half away from zero to cents, as spec §9 shows currency: 2 decimals ('1234.57'). */
export function formatAmount(units: MoneyUnits): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const cents = (abs + 50n) / 100n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative && cents > 0n ? `-${text}` : text;
}
