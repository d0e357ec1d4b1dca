import { readLimits } from './read-limits';
import type { CellRows, CopyTarget } from './source';

const QUOTE = 0x22;
const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
/** A cell whose quotes are doubled ("") inside: its text is the bytes with each pair made one. */
const DOUBLED_QUOTES = 1;
/** A cell that starts or ends with a non-ASCII character, maybe a space JavaScript trims (a no-break space). */
const WIDE_EDGE = 2;

/** ASCII whitespace as String.prototype.trim removes it: tab, line feed, vertical tab, form feed, return, space. */
const isSpace = (b: number) => b === SPACE || (b >= TAB && b <= CR);

/** How the records of a file are cut: one-byte delimiter and line break (',' ';' '\t' '|'; '\n', or '\r' alone). */
export interface CsvDialect {
  delimiter: number;
  newline: number;
}

/**
 * A batch of CSV records as ranges of the file's UTF-8 bytes: no string per cell unless one is asked for. The
 * rows are the records with a filled cell; `lines` their record numbers in the file.
 */
export class ScannedRows implements CellRows {
  constructor(
    private readonly bytes: Buffer,
    /** start, end (trimmed) of each cell, in bytes. */
    private readonly cells: Int32Array,
    private readonly flags: Uint8Array,
    /** Index of each row's first cell; one more entry than rows. */
    private readonly rowCells: Int32Array,
    readonly lines: number[],
  ) {}

  get length(): number {
    return this.lines.length;
  }

  cellCount(row: number): number {
    return this.rowCells[row + 1] - this.rowCells[row];
  }

  text(row: number, cell: number): string | undefined {
    const at = this.rowCells[row] + cell;
    if (cell < 0 || at >= this.rowCells[row + 1]) return undefined;
    let text = this.bytes.toString('utf8', this.cells[2 * at], this.cells[2 * at + 1]);
    const flags = this.flags[at];
    if (flags & DOUBLED_QUOTES) text = text.replace(/""/g, '"');
    return flags & WIDE_EDGE ? text.trim() : text;
  }

  copyTo(row: number, cell: number, out: CopyTarget): void {
    const at = this.rowCells[row] + cell;
    if (cell < 0 || at >= this.rowCells[row + 1]) out.text(undefined);
    else if (this.flags[at]) out.text(this.text(row, cell));
    else out.bytes(this.bytes, this.cells[2 * at], this.cells[2 * at + 1]);
  }

  /** The rows as strings, for a reader that wants them so (the preview, a data import). */
  toStrings(): string[][] & { lines: number[] } {
    const rows = Array.from({ length: this.length }, (_, r) =>
      Array.from({ length: this.cellCount(r) }, (_, i) => this.text(r, i) ?? ''),
    );
    return Object.assign(rows, { lines: this.lines });
  }
}

/**
 * Why a scan stopped short of the end: a record the text does not finish yet, a quote never closed, or a record
 * wider than a list reads (`tooWide`: its number and cells).
 */
export type ScanResult =
  | { rows: ScannedRows; consumed: number; records: number }
  | { unclosedQuoteAfter: number }
  | { tooWide: { record: number; cells: number } };

/**
 * Cuts `bytes` into records and cells the way Papa Parse reads a CSV (the parser this replaced; its behaviour is
 * what the tests pin): a cell opening with a quote runs to a quote followed by only spaces up to the delimiter or
 * the line break, a doubled quote inside standing for one; a quote anywhere else is text. Cells are trimmed; records
 * whose cells are all blank are counted but not kept. Unless `final`, the last record, which the next chunk may
 * continue, is left for the next scan (`consumed` stops before it). `firstRecord` numbers the first record.
 */
export function scanCsv(bytes: Buffer, dialect: CsvDialect, final: boolean, firstRecord: number): ScanResult {
  const { delimiter, newline } = dialect;
  const end = bytes.length;
  let cells = new Int32Array(Math.max(64, end >> 2));
  let flags = new Uint8Array(cells.length >> 1);
  let cellCount = 0;
  const rowCells: number[] = [0];
  const lines: number[] = [];
  let record = firstRecord;
  let pos = 0;
  let consumed = 0;
  const pushCell = (start: number, stop: number, flag: number) => {
    while (start < stop && isSpace(bytes[start])) start++;
    while (stop > start && isSpace(bytes[stop - 1])) stop--;
    let filled = start < stop;
    if (filled && (bytes[start] >= 0x80 || bytes[stop - 1] >= 0x80)) {
      flag |= WIDE_EDGE;
      filled = bytes.toString('utf8', start, stop).trim() !== '';
    }
    if (2 * cellCount + 2 > cells.length) {
      const grown = new Int32Array(cells.length * 2);
      grown.set(cells);
      cells = grown;
      const grownFlags = new Uint8Array(grown.length >> 1);
      grownFlags.set(flags);
      flags = grownFlags;
    }
    cells[2 * cellCount] = start;
    cells[2 * cellCount + 1] = stop;
    flags[cellCount++] = flag;
    return filled;
  };

  records: while (pos < end) {
    const recordCells = cellCount;
    let filled = false;
    for (;;) {
      let after: number;
      let flag = 0;
      if (bytes[pos] === QUOTE) {
        let quote = pos + 1;
        for (;;) {
          quote = bytes.indexOf(QUOTE, quote);
          if (quote < 0) {
            if (final) return { unclosedQuoteAfter: record - 1 };
            break records;
          }
          if (quote + 1 >= end && !final) break records;
          if (bytes[quote + 1] === QUOTE) {
            flag = DOUBLED_QUOTES;
            quote += 2;
            continue;
          }
          let k = quote + 1;
          while (k < end && bytes[k] !== delimiter && bytes[k] !== newline && isSpace(bytes[k])) k++;
          if (k >= end && !final) break records;
          if (k >= end || bytes[k] === delimiter || bytes[k] === newline) {
            after = k;
            break;
          }
          // A quote followed by text is part of the cell (Papa skips the character after it too).
          quote += 2;
        }
        if (pushCell(pos + 1, quote, flag)) filled = true;
      } else {
        let k = pos;
        while (k < end && bytes[k] !== delimiter && bytes[k] !== newline) k++;
        if (k >= end && !final) break records;
        after = k;
        if (pushCell(pos, k, 0)) filled = true;
      }
      if (after < end && bytes[after] === delimiter) {
        pos = after + 1;
        // A delimiter ending the text: its empty last cell waits for the rest unless the file ends there.
        if (pos >= end && !final) break records;
        if (pos < end) continue;
        pushCell(pos, pos, 0);
      }
      // The line break (or the end of the file) ends the record.
      pos = after < end ? after + 1 : end;
      if (filled) {
        if (cellCount - recordCells > readLimits.columns)
          return { tooWide: { record, cells: cellCount - recordCells } };
        rowCells.push(cellCount);
        lines.push(record);
      } else cellCount = recordCells;
      record++;
      consumed = pos;
      continue records;
    }
  }
  const rows = new ScannedRows(
    bytes.subarray(0, consumed),
    cells.subarray(0, 2 * cellCount),
    flags.subarray(0, cellCount),
    Int32Array.from(rowCells),
    lines,
  );
  return { rows, consumed, records: record - firstRecord };
}
