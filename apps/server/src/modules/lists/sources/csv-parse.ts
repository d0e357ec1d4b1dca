import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { readFailure } from './sheet-errors';
import { rowBatch, SheetError, type RowBatch } from './source';
import { createChunkDecoder, type ChunkDecoder } from './text-decoding';

/** Text parsed at a time once the delimiter is known: a few thousand rows of a typical list per batch. */
const BATCH_CHARS = 512 * 1024;
/** Text gathered before the first parse: enough lines to tell the delimiter, and a quick first batch for a preview. */
const SNIFF_CHARS = 64 * 1024;
/** Bytes needed to tell the encoding (a byte order mark, or the zeros of UTF-16 without one). */
const ENCODING_HEAD_BYTES = 1024;
/** A row longer than this is an unclosed quote swallowing the rest of the file, not a row. */
const MAX_ROW_CHARS = 4 * 1024 * 1024;

const DELIMITERS = [',', ';', '\t', '|'];

/** Counts the bytes it has read, for progress; called once per chunk. */
export type ByteCounter = (bytes: number) => void;

/**
 * The rows of a CSV stream, in batches, cells trimmed, blank rows left out. Each batch's `lines` are its rows'
 * numbers in the file as a spreadsheet opens it: one per record, blank ones included (a quoted cell holding a line
 * break does not start a new row).
 *
 * Papa's core Parser is driven directly (rather than Papa.parse on a stream) so that this generator pulls the file at
 * the consumer's pace and chooses the batch size: one parse call per ~512 KB of text, no callback or object per row.
 * Each parse leaves the last, possibly incomplete, row for the next one (`ignoreLastRow`).
 */
export async function* parseCsv(input: Readable, countBytes?: ByteCounter): AsyncGenerator<RowBatch> {
  let head: Buffer[] = [];
  let headLength = 0;
  let decoder: ChunkDecoder | undefined;
  let parser: Papa.Parser | undefined;
  let text = '';
  let recordsSeen = 0;

  const parse = (final: boolean) => {
    parser ??= createParser(text);
    const result = parser.parse(text, 0, !final);
    const cursor: number = result.meta.cursor;
    const data: string[][] = result.data;
    const firstLine = recordsSeen + 1;
    recordsSeen += data.length;
    const unclosed = final && result.errors.some((e: Papa.ParseError) => e.code === 'MissingQuotes');
    text = final ? '' : text.slice(cursor);
    if (unclosed || text.length > MAX_ROW_CHARS) throw unclosedQuote(recordsSeen);
    return keepFilledRows(data, firstLine);
  };

  for await (const chunk of readChunks(input)) {
    countBytes?.(chunk.length);
    if (!decoder) {
      head.push(chunk);
      headLength += chunk.length;
      if (headLength < ENCODING_HEAD_BYTES) continue;
      const bytes = Buffer.concat(head);
      head = [];
      decoder = createChunkDecoder(bytes);
      text += decoder.write(bytes);
    } else {
      text += decoder.write(chunk);
    }
    if (text.length < (parser ? BATCH_CHARS : SNIFF_CHARS)) continue;
    const rows = parse(false);
    if (rows.length > 0) yield rows;
  }
  if (!decoder) {
    const bytes = Buffer.concat(head);
    decoder = createChunkDecoder(bytes);
    text += decoder.write(bytes);
  }
  text += decoder.end();
  if (text.length === 0) return;
  const rows = parse(true);
  if (rows.length > 0) yield rows;
}

/** The chunks of the file; a file gone from storage is the list's ErrorFileNotFound. */
async function* readChunks(input: Readable): AsyncGenerator<Buffer> {
  try {
    yield* input as AsyncIterable<Buffer>;
  } catch (error) {
    throw readFailure(error);
  }
}

/** A parser for the delimiter and line break of the first lines (quoted fields respected, Papa's own guess). */
function createParser(sample: string): Papa.Parser {
  const guess = Papa.parse<string[]>(sample, { delimitersToGuess: DELIMITERS, preview: 10, skipEmptyLines: 'greedy' });
  // '\n' ends CRLF lines too: the '\r' left on a last cell is trimmed, and Papa allows it after a closing quote.
  // That also reads files whose line breaks are mixed. Only old Mac files break lines with '\r' alone.
  const newline = guess.meta.linebreak === '\r' ? '\r' : '\n';
  return new Papa.Parser({ delimiter: guess.meta.delimiter, newline, quoteChar: '"' });
}

/** Trims every cell in place and leaves out rows whose cells are all empty; `data[0]` is record `firstLine`. */
function keepFilledRows(data: string[][], firstLine: number): RowBatch {
  const rows = rowBatch();
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    let filled = false;
    for (let i = 0; i < row.length; i++) {
      const cell = row[i].trim();
      row[i] = cell;
      if (cell !== '') filled = true;
    }
    if (filled) {
      rows.push(row);
      rows.lines.push(firstLine + r);
    }
  }
  return rows;
}

function unclosedQuote(recordsSeen: number): SheetError {
  return new SheetError(
    'ErrorSheetIncludesInvalidData',
    `A quoted cell never ends: around row ${recordsSeen + 1} a cell opens a quote (") that is not closed. ` +
      'Close the quote or remove it, then upload the file again.',
  );
}
