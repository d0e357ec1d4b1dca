import { copyField } from './staging';

const BACKSLASH = 0x5c;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
/** What COPY's text format writes after a backslash for each byte it escapes. */
const ESCAPED = new Map([
  [BACKSLASH, BACKSLASH],
  [TAB, 0x74], // t
  [LF, 0x6e], // n
  [CR, 0x72], // r
]);

/**
 * Lines in COPY's text format written straight into bytes: a field from a string (escaped as copyField does) or
 * from a range of UTF-8 bytes of the file (escaped byte by byte), without building a string per line. A list load
 * writes a million lines; as strings they cost seconds of concatenation and garbage collection.
 */
export class CopyText {
  private buf: Buffer;
  private length = 0;

  constructor(capacity = 1 << 20) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  /** A field from text: NULL when blank or absent. */
  text(value: string | null | undefined): void {
    const field = copyField(value);
    if (!this.ascii(field)) {
      this.reserve(field.length * 3);
      this.length += this.buf.write(field, this.length, 'utf8');
    }
  }

  /**
   * Text known to need no escaping (numbers, enum values, '\\N'). ASCII is copied a character at a time: for the
   * short values of a line that is cheaper than a call into Buffer.write.
   */
  plain(value: string): void {
    if (this.ascii(value)) return;
    this.reserve(value.length * 3);
    this.length += this.buf.write(value, this.length, 'utf8');
  }

  /** A non-negative integer (a row's position), written without a string of its own. */
  integer(value: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    this.reserve(digits);
    const buf = this.buf;
    let rest = value;
    for (let at = this.length + digits - 1; at >= this.length; at--) {
      buf[at] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.length += digits;
  }

  /** Writes `value` when it is all ASCII; false (nothing written) when it is not. */
  private ascii(value: string): boolean {
    const n = value.length;
    this.reserve(n);
    const buf = this.buf;
    const at = this.length;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c >= 0x80) return false;
      buf[at + i] = c;
    }
    this.length = at + n;
    return true;
  }

  /**
   * A field from the UTF-8 bytes `source[start, end)`: NULL when empty; special bytes escaped, NUL dropped. Copied a
   * byte at a time, checking each: cells are short, and Buffer.copy's call costs more than such a loop.
   */
  bytes(source: Buffer, start: number, end: number): void {
    if (start >= end) {
      this.plain('\\N');
      return;
    }
    this.reserve((end - start) * 2);
    const buf = this.buf;
    let at = this.length;
    for (let i = start; i < end; i++) {
      const b = source[i];
      if (b > BACKSLASH || (b !== BACKSLASH && b > CR)) buf[at++] = b;
      else if (b === NUL) continue;
      else {
        const escaped = ESCAPED.get(b);
        if (escaped === undefined) buf[at++] = b;
        else {
          buf[at++] = BACKSLASH;
          buf[at++] = escaped;
        }
      }
    }
    this.length = at;
  }

  tab(): void {
    this.reserve(1);
    this.buf[this.length++] = TAB;
  }

  endLine(): void {
    this.reserve(1);
    this.buf[this.length++] = LF;
  }

  get byteLength(): number {
    return this.length;
  }

  /** The lines written so far, as bytes of their own; the writer starts empty again. */
  take(): Buffer {
    const lines = this.buf.subarray(0, this.length);
    this.buf = Buffer.allocUnsafe(this.buf.length);
    this.length = 0;
    return lines;
  }

  private reserve(bytes: number): void {
    if (this.length + bytes <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + bytes));
    this.buf.copy(grown, 0, 0, this.length);
    this.buf = grown;
  }
}
