import type { Readable } from 'node:stream';
import { previewRows } from './preview';
import { requireDataRows, sheetErrors } from './sheet-errors';
import { sheetRowsParser } from './sheet-rows';
import { rowBatch, SheetError, type RowBatch, type SheetInfo, type SpreadsheetSource } from './source';
import { walkWorkbook, workbookParts, type WorkbookFound, type WorkbookParts } from './workbook-parts';
import { zipEntries } from './zip-entries';

/** Rows per batch: a few thousand, like the CSV source's. */
const BATCH_ROWS = 4096;

/**
 * An XLSX workbook as a spreadsheet source, read as a stream. Every sheet is listed (id = its index in the
 * workbook). `read` opens the file afresh on each read: the parts the sheets refer to (shared strings, styles) are
 * read once and kept, then each reading of a sheet streams the zip up to the end of that sheet's part, resolving its
 * cells as they come (the sheet is never held whole).
 */
export function createXlsxSource(read: () => Readable, size?: number): SpreadsheetSource {
  const found: WorkbookFound = {};
  const listSheets = async (): Promise<SheetInfo[]> => {
    await walkWorkbook(read, found, 'sheets');
    return found.workbook!.sheets.map((sheet, index) => ({ id: String(index), name: sheet.name }));
  };
  const sheetOf = async (sheetId: string) => {
    const sheet = (await listSheets()).find((s) => s.id === sheetId);
    if (!sheet)
      throw new SheetError(
        'ErrorUnableToAccessTheSheet',
        `The workbook has no sheet ${sheetId}: pick one of its sheets.`,
      );
    await walkWorkbook(read, found, 'parts');
    const parts = workbookParts(found);
    return { name: sheet.name, parts, path: parts.sheetPaths[Number(sheet.id)] };
  };
  const source = {
    bytesRead: 0,
    size,
    sheets: listSheets,
    async preview(sheetId: string, limit: number) {
      const sheet = await sheetOf(sheetId);
      if (limit <= 0) return [];
      return previewRows(readSheet(read(), sheet.parts, sheet.path), limit);
    },
    async *rows(sheetId: string) {
      const sheet = await sheetOf(sheetId);
      // Progress counts the pass that reads the sheet: the rows come with it.
      source.bytesRead = 0;
      const counted = readSheet(read(), sheet.parts, sheet.path, (bytes) => {
        source.bytesRead += bytes;
      });
      yield* requireDataRows(counted, `The sheet "${sheet.name}"`);
    },
  };
  return source;
}

/**
 * The rows of the sheet whose part is `path`, in batches with their numbers in the sheet (`lines`), blank rows left
 * out; the zip is not read past it.
 */
async function* readSheet(
  file: Readable,
  parts: WorkbookParts,
  path: string | undefined,
  countBytes?: (bytes: number) => void,
): AsyncGenerator<RowBatch> {
  let batch = rowBatch();
  const xml = sheetRowsParser(parts, (row, line) => {
    batch.push(row);
    batch.lines.push(line);
  });
  const zip = zipEntries(file, countBytes);
  try {
    for await (const entry of zip) {
      if (entry.path !== path) continue;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        xml.write(chunk);
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = rowBatch();
        }
      }
      xml.end();
      break;
    }
  } catch (error) {
    throw zip.failure(error, sheetErrors.unreadableWorkbook);
  }
  if (batch.length > 0) yield batch;
}
