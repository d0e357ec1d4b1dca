import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

/** The text encodings a spreadsheet exported as CSV arrives in. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * Turns the bytes of a file, chunk by chunk, into UTF-8 text; `end()` flushes a sequence split by the last chunk.
 * UTF-8 out whatever came in, so the CSV scanner (csv-scan.ts) reads one encoding, and a UTF-8 file (the common
 * case) passes through as the bytes read, never decoded into JavaScript strings.
 */
export interface ChunkDecoder {
  write(chunk: Buffer): Buffer;
  end(): Buffer;
  /** The encoding in use: a UTF-8 decoder becomes Windows-1252 at the first bytes that are not UTF-8. */
  readonly encoding: TextEncoding;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The encoding of a file from its first bytes: a byte order mark when there is one, else UTF-16 when every other
 * byte is zero (Excel's "Unicode text" without its mark), else UTF-8, which the decoder itself turns into
 * Windows-1252 when the bytes are not UTF-8 (the only way to tell those two apart).
 */
export function detectEncoding(head: Buffer): { encoding: TextEncoding; bomLength: number } {
  if (head.length >= 3 && UTF8_BOM.every((b, i) => head[i] === b)) return { encoding: 'utf-8', bomLength: 3 };
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bomLength: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bomLength: 2 };
  const utf16 = utf16WithoutBom(head);
  return { encoding: utf16 ?? 'utf-8', bomLength: 0 };
}

/** UTF-16 text of Latin script has a zero in every other byte: the high byte of each character. */
function utf16WithoutBom(head: Buffer): TextEncoding | undefined {
  const pairs = Math.min(head.length, 1024) >> 1;
  if (pairs < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (head[i] === 0) evenZeros++;
    if (head[i + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.9 && evenZeros === 0) return 'utf-16le';
  if (evenZeros > pairs * 0.9 && oddZeros === 0) return 'utf-16be';
  return undefined;
}

/** A decoder for a file whose first bytes are `head` (the BOM, if any, is skipped in the first chunk written). */
export function createChunkDecoder(head: Buffer): ChunkDecoder {
  const { encoding, bomLength } = detectEncoding(head);
  const inner = encoding === 'utf-8' ? utf8OrWindows1252() : iconvDecoder(encoding);
  let skip = bomLength;
  return {
    write(chunk) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length);
        skip -= n;
        chunk = chunk.subarray(n);
      }
      return inner.write(chunk);
    },
    end: () => inner.end(),
    get encoding() {
      return inner.encoding;
    },
  };
}

const utf8 = (text: string | undefined) => Buffer.from(text ?? '', 'utf8');

function iconvDecoder(encoding: TextEncoding): ChunkDecoder {
  const decoder = iconv.getDecoder(encoding, { stripBOM: false });
  return { encoding, write: (chunk) => utf8(decoder.write(chunk)), end: () => utf8(decoder.end()) };
}

/**
 * UTF-8 until a chunk holds bytes that are not UTF-8, then Windows-1252 for that chunk and the rest of the file.
 * isUtf8 checks a chunk natively, so valid UTF-8 (the common case) costs one scan and no copy.
 */
function utf8OrWindows1252(): ChunkDecoder {
  let encoding: TextEncoding = 'utf-8';
  let carry: Buffer | undefined;
  const windows1252 = iconv.getDecoder('windows-1252');
  return {
    get encoding() {
      return encoding;
    },
    write(chunk) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      carry = undefined;
      if (encoding === 'windows-1252') return utf8(windows1252.write(bytes));
      // A character split by the chunk boundary waits for the rest of its bytes.
      const cut = bytes.length - incompleteUtf8Tail(bytes);
      const whole = bytes.subarray(0, cut);
      if (!isUtf8(whole)) {
        encoding = 'windows-1252';
        return utf8(windows1252.write(bytes));
      }
      if (cut < bytes.length) carry = Buffer.from(bytes.subarray(cut));
      return whole;
    },
    end() {
      // A file cannot end inside a UTF-8 character: those last bytes were Windows-1252 (e.g. a final 'é').
      if (!carry) return utf8('');
      encoding = 'windows-1252';
      const rest = windows1252.write(carry);
      carry = undefined;
      return utf8(rest);
    },
  };
}

/** How many bytes at the end of `bytes` start a UTF-8 character that the next chunk completes (0 to 3). */
function incompleteUtf8Tail(bytes: Buffer): number {
  const len = bytes.length;
  for (let back = 1; back <= Math.min(3, len); back++) {
    const b = bytes[len - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: keep looking for the lead byte
    const needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}
