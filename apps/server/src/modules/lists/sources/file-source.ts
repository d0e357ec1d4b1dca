import type { Readable } from 'node:stream';
import { CSV_SHEET_ID, createCsvSource } from './csv-source';
import { sniffFile } from './file-sniff';
import { readFailure, sheetErrors } from './sheet-errors';
import type { SpreadsheetSource } from './source';
import { createXlsxSource } from './xlsx-source';

/** Enough of the start of a file to tell a zip, text and binary apart, and text's encoding. */
const HEAD_BYTES = 8 * 1024;

/**
 * An uploaded file as a spreadsheet source, chosen by its first bytes (an XLSX renamed .csv still reads, an image
 * renamed .csv is refused). `read` opens the file afresh from storage on each call. Refuses, with a SheetError, a
 * file that is not a spreadsheet, an empty file and a CSV with no rows under its header; a workbook's sheets are
 * checked for rows when they are read (a workbook may hold empty sheets beside the list).
 */
export async function openFileSource(
  read: () => Readable,
  filename: string,
  size?: number,
): Promise<SpreadsheetSource> {
  const head = await readHead(read);
  if (head.length === 0) throw sheetErrors.emptyFile();
  const sniffed = sniffFile(head);
  if (sniffed.kind === 'not-a-sheet') throw sheetErrors.notASheet(sniffed.looksLike);
  if (sniffed.kind === 'zip') {
    const workbook = createXlsxSource(read, size);
    await workbook.sheets(); // refuses a zip that is not a workbook
    return workbook;
  }
  const csv = createCsvSource(read, filename, size);
  const firstRows = await csv.preview(CSV_SHEET_ID, 2);
  if (firstRows.length === 0) throw sheetErrors.emptyFile();
  if (firstRows.length === 1) throw sheetErrors.headerOnly('The file');
  return csv;
}

/** The first HEAD_BYTES of the file (fewer if it is shorter); the stream is closed as soon as they are in. */
async function readHead(read: () => Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of read() as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= HEAD_BYTES) break;
    }
  } catch (error) {
    throw readFailure(error);
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}
