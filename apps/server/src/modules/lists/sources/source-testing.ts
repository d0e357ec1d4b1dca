import { Readable } from 'node:stream';
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
