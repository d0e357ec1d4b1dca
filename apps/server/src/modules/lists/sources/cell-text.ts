import type { CellValue } from 'exceljs';

/**
 * A workbook cell as the text the sheet shows, the way a CSV export would write it: dates as YYYY-MM-DD (with the
 * time when there is one), numbers in full (a phone stored as the number 5551234567 is '5551234567', never
 * '5.55E+09'), a formula as its result, rich text and hyperlinks as their plain text, errors as Excel writes them.
 * `numFmt`, the cell's number format, is applied where its digits matter to a list: zeros padding (a ZIP code 02134
 * stored as 2134 with the format 00000) and a fixed count of decimals; other formats show the number in full.
 */
export function cellText(value: CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return numberText(value, numFmt);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateText(value);
  if ('richText' in value)
    return value.richText
      .map((run) => run.text)
      .join('')
      .trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result as CellValue, numFmt);
  if ('error' in value) return value.error;
  if ('text' in value) return cellText(value.text as CellValue);
  return '';
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

/** exceljs turns a date serial into the UTC instant of the date and time shown, whatever the server's zone. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  // A serial's fraction of a day can land a millisecond short of the second shown.
  const iso = new Date(Math.round(date.getTime() / 1000) * 1000).toISOString(); // 2026-11-03T14:05:00.000Z
  const time = iso.slice(11, 19);
  return time === '00:00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`;
}
