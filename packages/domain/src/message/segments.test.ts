import { describe, expect, it } from 'vitest';
import { countSegments, nonGsm7Characters } from './segments';

const gsm = (n: number) => 'a'.repeat(n);
const ucs = (n: number) => 'á'.repeat(n);

describe('countSegments: GSM-7', () => {
  it('an empty message is 0 segments with a whole segment left', () => {
    expect(countSegments('')).toEqual({
      encoding: 'GSM-7',
      characters: 0,
      units: 0,
      segments: 0,
      segmentSize: 160,
      remaining: 160,
    });
  });

  it('1 character is one segment of 160', () => {
    expect(countSegments('a')).toMatchObject({ segments: 1, segmentSize: 160, remaining: 159 });
  });

  it('160 characters are one segment, 161 are two of 153', () => {
    expect(countSegments(gsm(160))).toMatchObject({ encoding: 'GSM-7', units: 160, segments: 1, remaining: 0 });
    expect(countSegments(gsm(161))).toMatchObject({ units: 161, segments: 2, segmentSize: 153, remaining: 145 });
  });

  it('153 × 2 = 306 characters are two segments, 307 are three', () => {
    expect(countSegments(gsm(306))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSegments(gsm(307))).toMatchObject({ segments: 3, remaining: 152 });
    expect(countSegments(gsm(459))).toMatchObject({ segments: 3, remaining: 0 });
    expect(countSegments(gsm(460))).toMatchObject({ segments: 4 });
  });

  it('an extension character counts two septets, one character', () => {
    expect(countSegments('€')).toMatchObject({ encoding: 'GSM-7', characters: 1, units: 2, remaining: 158 });
    expect(countSegments('[x]{y}~^|\\\f')).toMatchObject({ characters: 11, units: 20 });
  });

  it('an extension character at the boundary: 158 + one fits in 160, 159 + one does not', () => {
    expect(countSegments(gsm(158) + '€')).toMatchObject({ characters: 159, units: 160, segments: 1, remaining: 0 });
    expect(countSegments(gsm(159) + '{')).toMatchObject({ characters: 160, units: 161, segments: 2 });
    // 160 characters, 2 of them on the extension table: past one segment although the character count is 160.
    expect(countSegments(gsm(158) + '[]')).toMatchObject({ characters: 160, units: 162, segments: 2 });
    // At the 306 boundary of two segments.
    expect(countSegments(gsm(304) + '~')).toMatchObject({ units: 306, segments: 2, remaining: 0 });
    expect(countSegments(gsm(305) + '~')).toMatchObject({ units: 307, segments: 3 });
  });

  it('Spanish letters in the basic set keep GSM-7: é ñ ü ¿ ¡', () => {
    expect(countSegments('¡Señor Müller! ¿Él votará? Sí: vení').encoding).toBe('UCS-2');
    expect(countSegments('¡Señor Müller! ¿Él vendrè? Vení').encoding).toBe('UCS-2');
    expect(countSegments('¡Señor Müller! ¿Él está allí?').encoding).toBe('UCS-2');
    expect(countSegments('¡Señor Müller! ¿Él viene? Pingüino, niño, café')).toMatchObject({ encoding: 'GSM-7' });
    expect(countSegments('ñ'.repeat(160))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });

  it('newlines count one septet each; CRLF counts two', () => {
    expect(countSegments('a\nb')).toMatchObject({ encoding: 'GSM-7', units: 3 });
    expect(countSegments('a\r\nb')).toMatchObject({ units: 4 });
  });
});

describe('countSegments: UCS-2', () => {
  it('one á (not in GSM-7) switches the whole message to UCS-2', () => {
    expect(countSegments('Votá')).toMatchObject({ encoding: 'UCS-2', units: 4, segmentSize: 70, remaining: 66 });
    for (const c of ['á', 'í', 'ó', 'ú']) expect(countSegments(`Hola ${c}`).encoding, c).toBe('UCS-2');
  });

  it('70 units are one segment, 71 are two of 67', () => {
    expect(countSegments(ucs(70))).toMatchObject({ segments: 1, remaining: 0 });
    expect(countSegments(ucs(71))).toMatchObject({ segments: 2, segmentSize: 67, remaining: 63 });
    expect(countSegments(ucs(134))).toMatchObject({ segments: 2, remaining: 0 });
    expect(countSegments(ucs(135))).toMatchObject({ segments: 3 });
  });

  it('a GSM-7 message of 100 characters becomes two UCS-2 segments with one ó', () => {
    expect(countSegments(gsm(100)).segments).toBe(1);
    expect(countSegments(gsm(99) + 'ó')).toMatchObject({ encoding: 'UCS-2', units: 100, segments: 2 });
  });

  it('in UCS-2 an extension character is one unit like any other', () => {
    expect(countSegments('á€')).toMatchObject({ encoding: 'UCS-2', units: 2 });
  });

  it('an emoji is one character but two UTF-16 units', () => {
    expect(countSegments('👍')).toMatchObject({ encoding: 'UCS-2', characters: 1, units: 2 });
    expect(countSegments('👍'.repeat(35))).toMatchObject({ characters: 35, units: 70, segments: 1, remaining: 0 });
    expect(countSegments(gsm(69) + '👍')).toMatchObject({ characters: 70, units: 71, segments: 2 });
  });

  it('a composed emoji (a family, a flag) counts every code unit it is made of', () => {
    expect(countSegments('👨‍👩‍👧')).toMatchObject({ units: 8, characters: 5 });
    expect(countSegments('🇺🇸')).toMatchObject({ units: 4 });
  });

  it('curly quotes pasted from a word processor force UCS-2', () => {
    expect(countSegments('It’s time to vote').encoding).toBe('UCS-2');
  });
});

describe('nonGsm7Characters', () => {
  it('names each character that forces UCS-2 once, in order', () => {
    expect(nonGsm7Characters('Votá ahora, vení 👍 á')).toEqual(['á', 'í', '👍']);
    expect(nonGsm7Characters('Señor € [ok]')).toEqual([]);
  });
});
