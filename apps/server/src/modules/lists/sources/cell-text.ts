/** A cell's value as the workbook stores it, its type told by the cell (a date is a number with a date format). */
export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * A workbook cell as the text the sheet shows, the way a CSV export would write it: dates as YYYY-MM-DD (with the
 * time when there is one), numbers in full (a phone stored as the number 5551234567 is '5551234567', never
 * '5.55E+09'), booleans as Excel writes them. `numFmt`, the cell's number format, is applied where its digits matter
 * to a list: zeros padding (a ZIP code 02134 stored as 2134 with the format 00000) and a fixed count of decimals;
 * other formats show the number in full.
 */
export function cellText(value: CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return dateText(value);
}

/** '00000': a whole number shown with at least that many digits. */
const ZERO_PADDED = /^0+$/;
/** '0.00': a number shown with that many decimals. */
const FIXED_DECIMALS = /^0\.(0+)$/;

/**
 * Excel keeps 15 significant digits: rounding to them drops binary noise (0.1 + 0.2 shows as 0.3). Whole numbers are
 * written without exponent up to 1e21, so long identifiers stay readable digits.
 */
function numberText(n: number, numFmt?: string): string {
  if (Number.isNaN(n)) return '';
  if (numFmt && Number.isFinite(n)) {
    if (ZERO_PADDED.test(numFmt) && Number.isInteger(n) && n >= 0) return n.toFixed(0).padStart(numFmt.length, '0');
    const decimals = FIXED_DECIMALS.exec(numFmt);
    if (decimals) return n.toFixed(decimals[1].length);
  }
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(Number(n.toPrecision(15)));
}

/** Days between Excel's day 0 (1899-12-30, in its 1900 date system) and 1970-01-01. */
const EPOCH_1900 = 25569;
/** The 1904 date system counts from 1904-01-01, 1462 days later. */
const EPOCH_1904 = EPOCH_1900 - 1462;

/** A date serial (days, the time a fraction of a day) as the UTC instant of the date and time shown. */
export function serialDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - (date1904 ? EPOCH_1904 : EPOCH_1900)) * 86_400_000));
}

/** A date as the sheet shows it, whatever the server's zone (the instant is that of the date shown, in UTC). */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  // A serial's fraction of a day can land a millisecond short of the second shown.
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString(); // 2026-11-03T14:05:00.000Z
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}
