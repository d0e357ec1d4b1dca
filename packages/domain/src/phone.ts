import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { messages } from './messages';

/** Strips dashes, parentheses, spaces, dots and underscores (spec §5), and a leading US country code. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/[-()\s._+]/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The 10-digit form numbers are stored in, or an error with the spec's message. */
export function normalizePhone(input: string): { number: string } | { error: string } {
  const digits = phoneDigits(input);
  if (!/^\d+$/.test(digits) || digits.length < 10) return { error: messages.phoneTenDigits };
  if (digits.length !== 10) return { error: messages.phoneInvalidTenDigits };
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
