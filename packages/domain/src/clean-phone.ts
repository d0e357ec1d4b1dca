import { stateOfAreaCode } from './area-code-states';
import { isNanpNumber } from './phone';

export interface CleanPhone {
  /** The 10 digits the number is stored as. */
  number: string;
  /** The state of its area code; null outside the US states and territories. */
  state: string | null;
}

const NOT_DIGIT = /\D/g;
const ZERO = 48;
const NINE = 57;

/**
 * A list cell as a 10-digit NANP number, or null when it is not one. Punctuation, spaces and a leading +1 or 1
 * go, dots included (212.555.0102); a cell with letters is refused whole, so Excel's '5.55123E+09' (digits lost)
 * or '555.123.4567 x12' are reported as invalid rather than guessed. Valid: 10 digits, area code and exchange
 * starting 2-9, and an area code libphonenumber knows.
 *
 * One pass over the characters first (it runs once per row of a million-row list, where regular expressions cost a
 * second): it refuses letters and counts digits, and a cell of bare digits is kept as it is.
 */
export function cleanListPhone(raw: string | null | undefined): CleanPhone | null {
  if (!raw) return null;
  let count = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c >= ZERO && c <= NINE) count++;
    else if ((c | 32) >= 97 && (c | 32) <= 122) return null; // a letter
  }
  let digits = count === raw.length ? raw : raw.replace(NOT_DIGIT, '');
  if (digits.length === 11 && digits.charCodeAt(0) === 49 /* '1' */) digits = digits.slice(1);
  // The same rule as every phone form's (isNanpNumber).
  if (!isNanpNumber(digits)) return null;
  return { number: digits, state: stateOfAreaCode(digits.slice(0, 3)) };
}
