/**
 * The GSM 03.38 default alphabet (3GPP TS 23.038 §6.2.1), as the characters a user types. Kept as strings so the
 * table can be read against the standard's grid, row by row. ESC (0x1B) is not listed: nobody types it, it only
 * introduces an extension character. Exported for the load engine, which builds its SQL character classes from it.
 */
export const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./' +
  '0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNO' +
  'PQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmno' +
  'pqrstuvwxyzäöñüà';

/** The extension table: each is sent as ESC + the character, so it takes two septets. */
export const GSM7_EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(GSM7_BASIC);
const extension = new Set(GSM7_EXTENSION);

/**
 * Septets one character takes in GSM-7: 1 for the basic set, 2 for the extension table, null when the character is
 * not in GSM-7 at all (the message then goes as UCS-2).
 */
export function gsm7Septets(char: string): 1 | 2 | null {
  if (basic.has(char)) return 1;
  if (extension.has(char)) return 2;
  return null;
}
