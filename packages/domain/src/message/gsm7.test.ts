import { describe, expect, it } from 'vitest';
import { gsm7Septets } from './gsm7';

/** Every BMP character, with the septets it takes in GSM-7. */
function scanBmp(): Map<string, 1 | 2> {
  const found = new Map<string, 1 | 2>();
  for (let code = 0; code <= 0xffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue;
    const char = String.fromCharCode(code);
    const n = gsm7Septets(char);
    if (n !== null) found.set(char, n);
  }
  return found;
}

describe('the GSM 03.38 table', () => {
  it('has the 127 typeable characters of the basic set (128 less ESC) and the 10 of the extension table', () => {
    const all = scanBmp();
    expect([...all.values()].filter((n) => n === 1)).toHaveLength(127);
    expect([...all.entries()].filter(([, n]) => n === 2).map(([c]) => c)).toEqual(
      ['\f', '[', '\\', ']', '^', '{', '|', '}', '~', '€'].sort(),
    );
  });

  it('Spanish letters that ARE in the basic set take one septet', () => {
    for (const c of ['é', 'É', 'ñ', 'Ñ', 'ü', 'Ü', 'à', 'è', 'ì', 'ò', 'ù', '¿', '¡'])
      expect(gsm7Septets(c), c).toBe(1);
  });

  it('á, í, ó, ú (and their capitals), ç and the Spanish ordinal are not GSM-7', () => {
    for (const c of ['á', 'í', 'ó', 'ú', 'Á', 'Í', 'Ó', 'Ú', 'È', 'ç', 'º', 'ª']) expect(gsm7Septets(c), c).toBeNull();
  });

  it('ASCII letters, digits, newline and carriage return are basic; tab, backtick and ESC are not GSM-7', () => {
    for (const c of ['a', 'Z', '0', '\n', '\r', ' ', '@', '$', '_']) expect(gsm7Septets(c), JSON.stringify(c)).toBe(1);
    for (const c of ['\t', '`', '\u001b', '\u00a0']) expect(gsm7Septets(c), JSON.stringify(c)).toBeNull();
  });

  it('typographic quotes and dashes that word processors insert are not GSM-7', () => {
    for (const c of ['’', '‘', '“', '”', '–', '—', '…']) expect(gsm7Septets(c), c).toBeNull();
  });
});
