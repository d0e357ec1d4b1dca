import type { SpreadsheetSource } from '../src/modules/lists/sources/source';

/**
 * A spreadsheet from arrays, for the lists tests: one sheet per entry, read in batches of `batchRows`. With
 * `failAfterBatches`, reading the rows throws after that many batches, as a file cut off mid-load would.
 */
export function memorySource(
  sheets: Record<string, string[][]>,
  opts: { batchRows?: number; failAfterBatches?: number } = {},
): SpreadsheetSource {
  const batchRows = opts.batchRows ?? 2;
  return {
    async sheets() {
      return Object.keys(sheets).map((name, i) => ({ id: String(i), name }));
    },
    async preview(sheetId, limit) {
      return Object.values(sheets)[Number(sheetId)].slice(0, limit);
    },
    async *rows(sheetId) {
      const all = Object.values(sheets)[Number(sheetId)];
      for (let i = 0, batch = 0; i < all.length; i += batchRows, batch++) {
        if (opts.failAfterBatches !== undefined && batch >= opts.failAfterBatches)
          throw new Error('the file was cut off');
        yield all.slice(i, i + batchRows);
      }
    },
  };
}
