import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { counted, readLimits } from './read-limits';
import { readFailure, sheetErrors } from './sheet-errors';
import { scanCsv, type CsvDialect, type ScannedRows } from './csv-scan';
import { SheetError, type RowBatch } from './source';
import { createChunkDecoder, type ChunkDecoder } from './text-decoding';

/** Bytes scanned at a time once the delimiter is known: a few thousand rows of a typical list per batch. */
const BATCH_BYTES = 512 * 1024;
/** Bytes gathered before the first scan: enough lines to tell the delimiter, and a quick first batch for a preview. */
const SNIFF_BYTES = 64 * 1024;
/** Bytes needed to tell the encoding (a byte order mark, or the zeros of UTF-16 without one). */
const ENCODING_HEAD_BYTES = 1024;

const DELIMITERS = [',', ';', '\t', '|'];

/** Counts the bytes it has read, for progress; called once per chunk. */
export type ByteCounter = (bytes: number) => void;

/**
 * The rows of a CSV stream, in batches, cells trimmed, blank rows left out. Each batch's `lines` are its rows'
 * numbers in the file as a spreadsheet opens it: one per record, blank ones included (a quoted cell holding a line
 * break does not start a new row).
 */
export async function* parseCsv(input: Readable, countBytes?: ByteCounter): AsyncGenerator<RowBatch> {
  for await (const rows of scanCsvRows(input, countBytes)) yield rows.toStrings();
}

/**
 * The same rows as ranges of the file's UTF-8 bytes (csv-scan.ts), which the list load copies into its COPY lines
 * without a string per cell. The file is pulled at the consumer's pace, ~512 KB scanned at a time; each scan
 * leaves the last, possibly incomplete, record for the next one.
 */
export async function* scanCsvRows(input: Readable, countBytes?: ByteCounter): AsyncGenerator<ScannedRows> {
  let head: Buffer[] = [];
  let headLength = 0;
  let decoder: ChunkDecoder | undefined;
  let dialect: CsvDialect | undefined;
  let pending: Buffer[] = [];
  let pendingLength = 0;
  let recordsSeen = 0;

  const take = (bytes: Buffer) => {
    pending.push(bytes);
    pendingLength += bytes.length;
  };
  const scan = (final: boolean): ScannedRows => {
    const text = Buffer.concat(pending, pendingLength);
    dialect ??= guessDialect(text);
    const result = scanCsv(text, dialect, final, recordsSeen + 1);
    if ('unclosedQuoteAfter' in result) throw unclosedQuote(result.unclosedQuoteAfter);
    if ('tooWide' in result)
      throw sheetErrors.tooManyColumns(
        `The file's row ${counted(result.tooWide.record)} has ${counted(result.tooWide.cells)} cells`,
      );
    recordsSeen += result.records;
    // The unfinished record is copied out, so the batch's bytes are not kept alive by it.
    const rest = Buffer.from(text.subarray(result.consumed));
    pending = rest.length ? [rest] : [];
    pendingLength = rest.length;
    // A quote left open swallows the lines after it; a record without one has no line break at all.
    if (rest.length > readLimits.rowBytes)
      throw rest.includes(dialect.newline) ? unclosedQuote(recordsSeen) : rowTooLong(recordsSeen + 1);
    return result.rows;
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
      take(decoder.write(bytes));
    } else {
      take(decoder.write(chunk));
    }
    if (pendingLength < (dialect ? BATCH_BYTES : SNIFF_BYTES)) continue;
    const rows = scan(false);
    if (rows.length > 0) yield rows;
  }
  if (!decoder) {
    const bytes = Buffer.concat(head);
    decoder = createChunkDecoder(bytes);
    take(decoder.write(bytes));
  }
  take(decoder.end());
  if (pendingLength === 0) return;
  const rows = scan(true);
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

/** The delimiter and line break of the first lines (quoted fields respected, Papa's own guess). */
function guessDialect(sample: Buffer): CsvDialect {
  const guess = Papa.parse<string[]>(sample.toString('utf8'), {
    delimitersToGuess: DELIMITERS,
    preview: 10,
    skipEmptyLines: 'greedy',
  });
  // '\n' ends CRLF lines too: the '\r' left on a last cell is trimmed, and allowed after a closing quote. That also
  // reads files whose line breaks are mixed. Only old Mac files break lines with '\r' alone.
  const newline = guess.meta.linebreak === '\r' ? '\r' : '\n';
  const delimiter = DELIMITERS.includes(guess.meta.delimiter) ? guess.meta.delimiter : ',';
  return { delimiter: delimiter.charCodeAt(0), newline: newline.charCodeAt(0) };
}

function unclosedQuote(recordsSeen: number): SheetError {
  return new SheetError(
    'ErrorSheetIncludesInvalidData',
    `A quoted cell never ends: around row ${recordsSeen + 1} a cell opens a quote (") that is not closed. ` +
      'Close the quote or remove it, then upload the file again.',
  );
}

function rowTooLong(record: number): SheetError {
  return new SheetError(
    'ErrorUnableToProcessTheFile',
    `The file's row ${counted(record)} is longer than ${readLimits.rowBytes / (1024 * 1024)} MB without a line break, ` +
      'where a row of a list takes a few hundred bytes. Export the sheet again as CSV and upload it.',
  );
}
