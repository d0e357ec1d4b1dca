import { stateOfAreaCode } from '@canvass/domain';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Subscriber parts that are valid under any area code in service; one being valid means libphonenumber knows it. */
const SAMPLE_SUBSCRIBERS = ['2345678', '5550100', '3214567', '7654321'];
const knownAreaCodes = new Map<string, boolean>();

/**
 * Whether libphonenumber knows the area code. About 400 codes exist, so it is asked ~400 times per process, not
 * once per row: a million rows cost a Map lookup each.
 */
function isKnownAreaCode(areaCode: string): boolean {
  let known = knownAreaCodes.get(areaCode);
  if (known === undefined) {
    known = SAMPLE_SUBSCRIBERS.some((rest) => parsePhoneNumberFromString(`+1${areaCode}${rest}`)?.isValid() ?? false);
    knownAreaCodes.set(areaCode, known);
  }
  return known;
}

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
  if (digits.length !== 10) return null;
  // NANP: neither the area code nor the exchange starts with 0 or 1.
  if (digits.charCodeAt(0) < 50 || digits.charCodeAt(3) < 50) return null;
  const areaCode = digits.slice(0, 3);
  if (!isKnownAreaCode(areaCode)) return null;
  return { number: digits, state: stateOfAreaCode(areaCode) };
}
