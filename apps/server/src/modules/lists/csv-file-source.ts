import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import type { SheetInfo, SpreadsheetSource } from './sources/source';

const BATCH_ROWS = 5_000;
const BOM = /^\uFEFF/;

/**
 * A CSV file as a one-sheet source, parsed by papaparse as it streams (delimiter detected, quoted fields with
 * commas and line breaks). The interim reader of uploads: sources/file-source.ts (CSV encodings, XLSX) replaces it.
 */
export function csvFileSource(open: () => Readable, filename: string, size?: number): SpreadsheetSource {
  let bytesRead = 0;
  async function* lines(): AsyncGenerator<string[]> {
    const input = open();
    input.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
    const parser = input.pipe(Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }));
    input.on('error', (err) => parser.destroy(err));
    let first = true;
    try {
      for await (const row of parser as AsyncIterable<string[]>) {
        if (first && row.length) row[0] = row[0].replace(BOM, '');
        first = false;
        yield row;
      }
    } finally {
      input.destroy();
    }
  }
  const sheet: SheetInfo = { id: '0', name: filename.replace(/\.[^.]+$/, '') || filename };
  return {
    async sheets() {
      return [sheet];
    },
    async preview(_sheetId, limit) {
      const out: string[][] = [];
      for await (const row of lines()) {
        if (out.length >= limit) break;
        out.push(row);
      }
      return out;
    },
    async *rows() {
      let batch: string[][] = [];
      for await (const row of lines()) {
        batch.push(row);
        if (batch.length >= BATCH_ROWS) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length) yield batch;
    },
    get bytesRead() {
      return bytesRead;
    },
    size,
  };
}
