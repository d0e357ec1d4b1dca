import { detectEncoding } from './text-decoding';

/** What the first bytes of an upload say it is, whatever its name. */
export type FileKind = { kind: 'zip' } | { kind: 'text' } | { kind: 'not-a-sheet'; looksLike: string };

/** Signatures of files people upload by mistake, named so the message can say what the file looked like. */
const SIGNATURES: { bytes: number[]; looksLike: string }[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], looksLike: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], looksLike: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], looksLike: 'a GIF image' },
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], looksLike: 'a PDF document' },
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], looksLike: 'an old Excel (.xls) or Word file' },
  { bytes: [0x50, 0x4b, 0x05, 0x06], looksLike: 'an empty zip archive' },
  { bytes: [0x1f, 0x8b], looksLike: 'a compressed (gzip) file' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], looksLike: 'a compressed (7-Zip) file' },
  { bytes: [0x52, 0x61, 0x72, 0x21], looksLike: 'a compressed (RAR) file' },
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

/**
 * Sorts an upload by its first bytes (a few KB), not its extension: an XLSX is a zip archive; a CSV is text in one of
 * the encodings the CSV source reads; anything else (an image renamed .csv, a PDF) is not a sheet. Text has no zero
 * bytes (UTF-16 aside) and almost no control characters; binary formats are full of both.
 */
export function sniffFile(head: Buffer): FileKind {
  const startsWith = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (startsWith(ZIP)) return { kind: 'zip' };
  const known = SIGNATURES.find((signature) => startsWith(signature.bytes));
  if (known) return { kind: 'not-a-sheet', looksLike: known.looksLike };
  if (detectEncoding(head).encoding !== 'utf-8') return { kind: 'text' }; // UTF-16: its zeros are text
  let controls = 0;
  for (const byte of head) {
    if (byte === 0) return { kind: 'not-a-sheet', looksLike: 'a binary file' };
    // Tab, line feed, vertical tab, form feed and carriage return are text; other control bytes are not.
    if (byte < 0x20 && (byte < 0x09 || byte > 0x0d)) controls++;
  }
  if (controls > head.length / 100) return { kind: 'not-a-sheet', looksLike: 'a binary file' };
  return { kind: 'text' };
}
