import type { Readable } from 'node:stream';
import { previewRows } from './preview';
import { readLimits } from './read-limits';
import { requireDataRows, sheetErrors } from './sheet-errors';
import { sheetRowsParser } from './sheet-rows';
import { rowBatch, SheetError, type RowBatch, type SheetInfo, type SpreadsheetSource } from './source';
import { walkWorkbook, workbookParts, type WorkbookFound, type WorkbookParts } from './workbook-parts';
import { zipEntries } from './zip-entries';

/** Rows per batch: a few thousand, like the CSV source's. */
const BATCH_ROWS = 4096;
/** Bytes of XML per batch at most: a batch's text comes from its XML, so this bounds a batch of long cells. */
const BATCH_XML_BYTES = 16 * 1024 * 1024;

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
      // A sheet whose first rows are not in its first megabytes has none worth showing: blank rows, or a bomb.
      return previewRows(
        readSheet(read(), sheet.parts, sheet.path, { maxXmlBytes: readLimits.previewXmlBytes }),
        limit,
      );
    },
    async *rows(sheetId: string) {
      const sheet = await sheetOf(sheetId);
      // Progress counts the pass that reads the sheet: the rows come with it.
      source.bytesRead = 0;
      const counted = readSheet(read(), sheet.parts, sheet.path, {
        countBytes: (bytes) => {
          source.bytesRead += bytes;
        },
      });
      yield* requireDataRows(counted, `The sheet "${sheet.name}"`);
    },
  };
  return source;
}

/**
 * The rows of the sheet whose part is `path`, in batches with their numbers in the sheet (`lines`), blank rows left
 * out; the zip is not read past it, nor the sheet past `maxXmlBytes` of its XML.
 */
async function* readSheet(
  file: Readable,
  parts: WorkbookParts,
  path: string | undefined,
  { countBytes, maxXmlBytes = Infinity }: { countBytes?: (bytes: number) => void; maxXmlBytes?: number } = {},
): AsyncGenerator<RowBatch> {
  let batch = rowBatch();
  let batchXmlBytes = 0;
  let xmlBytes = 0;
  const xml = sheetRowsParser(parts, (row, line) => {
    batch.push(row);
    batch.lines.push(line);
  });
  const zip = zipEntries(file, countBytes);
  try {
    for await (const entry of zip) {
      if (entry.path !== path) continue;
      for await (const chunk of zip.chunks(entry)) {
        xml.write(chunk);
        batchXmlBytes += chunk.length;
        if (batch.length >= BATCH_ROWS || (batchXmlBytes >= BATCH_XML_BYTES && batch.length > 0)) {
          yield batch;
          batch = rowBatch();
          batchXmlBytes = 0;
        }
        xmlBytes += chunk.length;
        if (xmlBytes >= maxXmlBytes) break;
      }
      if (xmlBytes < maxXmlBytes) xml.end();
      break;
    }
  } catch (error) {
    throw zip.failure(error, sheetErrors.unreadableWorkbook);
  }
  if (batch.length > 0) yield batch;
}
