import { text } from './resource';

// prettier-ignore
const numberWords = [
  'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten',
  'Eleven', 'Twelve', 'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen',
] as const;
const tens = ['Twenty', 'Thirty', 'Forty'] as const;
type NumberWord =
  | (typeof numberWords)[number]
  | (typeof tens)[number]
  | `${(typeof tens)[number]}${(typeof numberWords)[0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8]}`
  | 'Fifty';

/** A row's generic spreadsheet column (spec §3 Row): columnOne … columnFifty. */
export type RowColumnKey = `column${NumberWord}`;

/** The fifty generic columns of a row, in order: a list's kept columns fill them from columnOne on. */
export const rowColumnKeys = [
  ...numberWords,
  ...tens.flatMap((ten) => [ten, ...numberWords.slice(0, 9).map((unit) => `${ten}${unit}`)]),
  'Fifty',
].map((word) => `column${word}`) as RowColumnKey[];

/**
 * The registry fields of the fifty columns, read-only like the rest of a row. Their labels are placeholders: the
 * rows tab shows each kept column under its own sheet's header name (List.rowColumns).
 */
export const rowColumnFields = Object.fromEntries(
  rowColumnKeys.map((key, i) => [key, text(`Column ${i + 1}`, { readOnly: true })]),
) as Record<RowColumnKey, ReturnType<typeof text<{ readOnly: true }>>>;
