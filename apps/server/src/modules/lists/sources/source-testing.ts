import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { SpreadsheetSource } from './source';

/**
 * Opens `bytes` afresh on each call, in chunks of `chunkSize` bytes: small chunks split rows, quoted cells and
 * multi-byte characters the way a slow upload or a storage read can.
 */
export function readerOf(bytes: Buffer | string, chunkSize = 64 * 1024): () => Readable {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  return () => {
    const chunks: Buffer[] = [];
    for (let at = 0; at < buffer.length; at += chunkSize) chunks.push(buffer.subarray(at, at + chunkSize));
    return Readable.from(chunks, { objectMode: false });
  };
}

/** Every row of a sheet, the batches joined. */
export async function allRows(source: SpreadsheetSource, sheetId: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const batch of source.rows(sheetId)) rows.push(...batch);
  return rows;
}

/** The sheet's row number of every row, the batches joined; undefined where a batch does not tell them. */
export async function allLines(source: SpreadsheetSource, sheetId: string): Promise<(number | undefined)[]> {
  const lines: (number | undefined)[] = [];
  for await (const batch of source.rows(sheetId)) lines.push(...(batch.lines ?? batch.map(() => undefined)));
  return lines;
}

/** A workbook written by exceljs's streaming writer, the way a large export is written. */
export async function workbookBytes(build: (book: ExcelJS.stream.xlsx.WorkbookWriter) => void): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  build(book);
  await book.commit();
  return Buffer.concat(chunks);
}

/** A zip archive like any other: a workbook whose workbook part has been renamed (same length, so still valid). */
export async function zipThatIsNotAWorkbook(): Promise<Buffer> {
  const zip = await workbookBytes((book) => book.addWorksheet('x').commit());
  return Buffer.from(zip.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'), 'latin1');
}

/** Opens `bytes` but fails after `failAfter` bytes, as a storage read can midway. */
export function failingReaderOf(bytes: Buffer, failAfter: number, error: Error): () => Readable {
  return () =>
    Readable.from(
      (async function* () {
        for (let at = 0; at < failAfter; at += 1024) yield bytes.subarray(at, Math.min(at + 1024, failAfter));
        throw error;
      })(),
      { objectMode: false },
    );
}
