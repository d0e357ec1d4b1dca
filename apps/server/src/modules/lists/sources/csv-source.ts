import type { Readable } from 'node:stream';
import { parseCsv, scanCsvRows } from './csv-parse';
import { previewRows } from './preview';
import { requireDataRows } from './sheet-errors';
import { SheetError, type SheetInfo, type SpreadsheetSource } from './source';

/** A CSV has one sheet, named after the file. */
export const CSV_SHEET_ID = '0';

/**
 * A CSV file as a spreadsheet source. `read` opens the file afresh on each call: the preview reads only the start of
 * the file, and `rows` streams all of it without holding it in memory.
 */
export function createCsvSource(read: () => Readable, filename: string, size?: number): SpreadsheetSource {
  const sheet: SheetInfo = { id: CSV_SHEET_ID, name: baseName(filename) };
  const check = (sheetId: string) => {
    if (sheetId !== CSV_SHEET_ID) {
      throw new SheetError(
        'ErrorUnableToAccessTheSheet',
        `A CSV file has a single sheet; there is no sheet ${sheetId}.`,
      );
    }
  };
  const source = {
    bytesRead: 0,
    size,
    sheets: async () => [sheet],
    async preview(sheetId: string, limit: number) {
      check(sheetId);
      return previewRows(parseCsv(read()), limit);
    },
    async *rows(sheetId: string) {
      for await (const rows of source.cellRows(sheetId)) yield rows.toStrings();
    },
    cellRows(sheetId: string) {
      check(sheetId);
      source.bytesRead = 0;
      const batches = scanCsvRows(read(), (bytes) => {
        source.bytesRead += bytes;
      });
      return requireDataRows(batches, 'The file');
    },
  };
  return source;
}

/** 'Voters 2026.final.csv' → 'Voters 2026.final'. */
export function baseName(filename: string): string {
  const name = filename.replace(/^.*[\\/]/, '');
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}
