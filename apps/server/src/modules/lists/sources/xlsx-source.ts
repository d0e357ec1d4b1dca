import { Transform, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { cellText } from './cell-text';
import { readFailure, requireDataRows, sheetErrors } from './sheet-errors';
import { rowBatch, SheetError, type RowBatch, type SheetInfo, type SpreadsheetSource } from './source';
import { readWorkbookSheets } from './workbook-sheets';

/** Rows per batch: a few thousand, like the CSV source's. */
const BATCH_ROWS = 4096;

/** What exceljs's streaming reader exposes at run time beyond its typings. */
type WorkbookReader = ExcelJS.stream.xlsx.WorkbookReader & { model?: { sheets?: { name: string }[] } };
type WorksheetReader = ExcelJS.stream.xlsx.WorksheetReader & {
  id?: number | string;
  name?: string;
  iterator?: unknown;
};

/**
 * An XLSX workbook as a spreadsheet source, read as a stream by exceljs. Every sheet is listed (id = its index in the
 * workbook). `read` opens the file afresh on each call.
 *
 * Styles are read (`styles: 'cache'`) because a date is only a number with a date format: without the styles a
 * birth date would come out as 18264. Shared strings are cached: they are the text of most cells.
 */
export function createXlsxSource(read: () => Readable, size?: number): SpreadsheetSource {
  let sheets: SheetInfo[] | undefined;
  const listSheets = async () => (sheets ??= await readWorkbookSheets(read()));
  const sheetOf = async (sheetId: string) => {
    const sheet = (await listSheets()).find((s) => s.id === sheetId);
    if (!sheet)
      throw new SheetError(
        'ErrorUnableToAccessTheSheet',
        `The workbook has no sheet ${sheetId}: pick one of its sheets.`,
      );
    return sheet;
  };
  const source = {
    bytesRead: 0,
    size,
    sheets: listSheets,
    async preview(sheetId: string, limit: number) {
      const sheet = await sheetOf(sheetId);
      if (limit <= 0) return [];
      // Not previewRows: leaving readSheet early would strand exceljs's temporary files; it stops at the limit itself.
      const rows: string[][] = [];
      for await (const batch of readSheet(read(), Number(sheet.id), limit)) rows.push(...batch);
      return rows;
    },
    async *rows(sheetId: string) {
      const sheet = await sheetOf(sheetId);
      source.bytesRead = 0;
      const counted = readSheet(read(), Number(sheet.id), Infinity, (bytes) => {
        source.bytesRead += bytes;
      });
      yield* requireDataRows(counted, `The sheet "${sheet.name}"`);
    },
  };
  return source;
}

/**
 * The first `limit` rows of the sheet at `index`, in batches, blank rows left out, each batch with its rows' numbers
 * in the sheet (`lines`, exceljs's row numbers). The other sheets are skipped
 * unread. The workbook is read to its end even after the sheet: exceljs parks sheets that come before the shared
 * strings (Excel writes them last) in temporary files, and removes them only when its reading completes.
 */
async function* readSheet(
  file: Readable,
  index: number,
  limit = Infinity,
  countBytes?: (bytes: number) => void,
): AsyncGenerator<RowBatch> {
  const input = guard(file, countBytes);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input.stream, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  }) as WorkbookReader;
  let taken = 0;
  try {
    for await (const worksheet of untilFailure(reader as AsyncIterable<WorksheetReader>, input)) {
      if (positionOf(reader, worksheet) !== index) {
        skip(worksheet);
        continue;
      }
      let batch = rowBatch();
      for await (const row of untilFailure(worksheet, input)) {
        const cells = rowCells(row);
        if (cells) {
          batch.push(cells);
          batch.lines.push(row.number);
        }
        if (batch.length >= BATCH_ROWS || taken + batch.length >= limit) {
          taken += batch.length;
          yield batch;
          batch = rowBatch();
          if (taken >= limit) break;
        }
      }
      if (batch.length > 0) yield batch;
    }
  } catch (error) {
    if (input.failure) throw readFailure(input.failure);
    if (error instanceof SheetError) throw error;
    throw sheetErrors.unreadableWorkbook(error);
  } finally {
    file.destroy();
    input.stream.destroy();
  }
}

/**
 * The file as exceljs reads it, bytes counted, and the failure of the file once it fails. exceljs pipes its input into
 * the zip reader, and a pipe does not pass errors on: a file failing midway would leave exceljs waiting forever, so
 * `untilFailure` wakes whatever waits on exceljs with the file's error.
 */
function guard(file: Readable, countBytes?: (bytes: number) => void) {
  const guarded = {
    failure: undefined as unknown,
    /** The reject of the one wait in progress; replaced at each wait, so nothing piles up over a million rows. */
    wake: undefined as ((error: unknown) => void) | undefined,
    stream: new Transform({
      transform(chunk: Buffer, _encoding, done) {
        countBytes?.(chunk.length);
        done(null, chunk);
      },
    }),
  };
  file.once('error', (error) => {
    guarded.failure = error;
    guarded.wake?.(error);
  });
  file.pipe(guarded.stream);
  return guarded;
}

/** The items of `items` until the guarded file fails: then its error, whatever `items` is still waiting for. */
async function* untilFailure<T>(items: AsyncIterable<T>, guarded: ReturnType<typeof guard>): AsyncGenerator<T> {
  const iterator = items[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const item = await new Promise<IteratorResult<T>>((resolve, reject) => {
        if (guarded.failure) return reject(guarded.failure);
        guarded.wake = reject;
        iterator.next().then(resolve, reject);
      });
      if (item.done) {
        finished = true;
        return;
      }
      yield item.value;
    }
  } finally {
    guarded.wake = undefined;
    // Stopping early (a preview, a failure) ends exceljs's iteration too; it may still be busy, so not awaited.
    if (!finished) iterator.return?.().catch(() => undefined);
  }
}

/** The index of a worksheet in the workbook's order of sheets (exceljs names it from the workbook part). */
function positionOf(reader: WorkbookReader, worksheet: WorksheetReader): number {
  if (worksheet.name === undefined) return Number(worksheet.id) - 1; // part not linked by name: sheetN.xml is the Nth
  return reader.model?.sheets?.findIndex((sheet) => sheet.name === worksheet.name) ?? -1;
}

/** A sheet parked in a temporary file holds that file open until its stream is read or destroyed. */
function skip(worksheet: WorksheetReader) {
  const parked = worksheet.iterator as { destroy?: () => void } | undefined;
  if (typeof parked?.destroy === 'function') parked.destroy();
}

/** The cells of a row as text, '' where the sheet has no cell; undefined for a blank row. */
function rowCells(row: ExcelJS.Row): string[] | undefined {
  const cells: string[] = [];
  let filled = false;
  row.eachCell((cell, column) => {
    const text = cellText(cell.value, cell.numFmt);
    cells[column - 1] = text;
    if (text !== '') filled = true;
  });
  if (!filled) return undefined;
  for (let i = 0; i < cells.length; i++) cells[i] ??= '';
  return cells;
}
