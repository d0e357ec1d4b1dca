import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { messages } from './messages';

/** Strips dashes, parentheses, spaces, dots and underscores (spec §5), and a leading US country code. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/[-()\s._+]/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Subscriber parts that are valid under any area code in service; one being valid means libphonenumber knows it. */
const SAMPLE_SUBSCRIBERS = ['2345678', '5550100', '3214567', '7654321'];
const knownAreaCodes = new Map<string, boolean>();

/**
 * Whether libphonenumber knows the area code. About 400 codes exist, so it is asked ~400 times per process, not
 * once per number: a million-row list costs a Map lookup a row.
 */
function isKnownAreaCode(areaCode: string): boolean {
  let known = knownAreaCodes.get(areaCode);
  if (known === undefined) {
    known = SAMPLE_SUBSCRIBERS.some((rest) => parsePhoneNumberFromString(`+1${areaCode}${rest}`)?.isValid() ?? false);
    knownAreaCodes.set(areaCode, known);
  }
  return known;
}

const ZERO = 48;
const NINE = 57;

/**
 * The one rule of what a 10-digit number can be, shared by a list's import and every phone form: NANP, so neither
 * the area code nor the exchange starts with 0 or 1, and an area code libphonenumber knows ((999) 000-0000 is not).
 */
export function isNanpNumber(digits: string): boolean {
  if (digits.length !== 10) return false;
  for (let i = 0; i < 10; i++) {
    const c = digits.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  if (digits.charCodeAt(0) < 50 || digits.charCodeAt(3) < 50) return false;
  return isKnownAreaCode(digits.slice(0, 3));
}

/** The 10-digit form numbers are stored in, or an error with the spec's message. */
export function normalizePhone(input: string): { number: string } | { error: string } {
  const digits = phoneDigits(input);
  if (!/^\d+$/.test(digits) || digits.length < 10) return { error: messages.phoneTenDigits };
  if (digits.length !== 10) return { error: messages.phoneInvalidTenDigits };
  // Ten digits that no US phone can have: refused as a list's import refuses them (isNanpNumber).
  if (!isNanpNumber(digits)) return { error: messages.invalidPhoneNumber };
  return { number: digits };
}

/** Whether a 10-digit number is a real NANP number (valid area code and exchange). */
export function isValidUsPhone(digits: string): boolean {
  return parsePhoneNumberFromString(digits, 'US')?.isValid() ?? false;
}

/** (###)-###-#### (spec §5). */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  const d = phoneDigits(digits);
  return d.length === 10 ? `(${d.slice(0, 3)})-${d.slice(3, 6)}-${d.slice(6)}` : digits;
}
