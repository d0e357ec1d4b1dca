import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Entry } from 'unzipper';
import { lazyRequire } from '../../../platform/lazy-require';
import { readLimits } from './read-limits';
import { readFailure, sheetErrors } from './sheet-errors';
import { SheetError } from './source';

// Loaded when a workbook is first read (lazy-require.ts).
const unzipper = lazyRequire<typeof import('unzipper')>('unzipper');

/**
 * The entries of a zip read as a stream, in the order they are stored. An entry the reader leaves unread is drained.
 * Leaving the loop early closes the file: the rest of the zip is never read.
 */
export interface ZipEntries extends AsyncIterable<Entry> {
  /**
   * What to throw for an error met while reading the zip: the file's own failure (a file gone from storage is the
   * list's ErrorFileNotFound, a lost connection is itself), a SheetError as it is, anything else (a damaged zip,
   * malformed XML) the one `damaged` gives.
   */
  failure(error: unknown, damaged: (cause: unknown) => Error): unknown;
  /**
   * The unpacked bytes of an entry, chunk by chunk. Every entry read this way counts against the zip's unpacking
   * budget (readLimits.inflateRatio times the bytes of the file read so far): past it, a zip bomb, the reading fails.
   */
  chunks(entry: Entry): AsyncGenerator<Buffer>;
  /** The whole of a (small) entry, refused with partTooLarge(`part`) as soon as it passes readLimits.partBytes. */
  bytes(entry: Entry, part: string): Promise<Buffer>;
}

/** Reading `input` as a zip; `countBytes` hears of each chunk of the file as it is read. */
export function zipEntries(input: Readable, countBytes?: (bytes: number) => void): ZipEntries {
  let inputFailure: unknown;
  let packed = 0;
  let unpacked = 0;
  async function* chunks(entry: Entry): AsyncGenerator<Buffer> {
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > readLimits.inflateSlackBytes + readLimits.inflateRatio * packed) throw sheetErrors.zipBomb();
      yield chunk;
    }
  }
  return {
    failure(error, damaged) {
      if (inputFailure) return readFailure(inputFailure);
      if (error instanceof SheetError) return error;
      return damaged(error);
    },
    chunks,
    async bytes(entry, part) {
      const parts: Buffer[] = [];
      let length = 0;
      for await (const chunk of chunks(entry)) {
        length += chunk.length;
        if (length > readLimits.partBytes) throw sheetErrors.partTooLarge(part);
        parts.push(chunk);
      }
      return Buffer.concat(parts, length);
    },
    async *[Symbol.asyncIterator]() {
      const zip = unzipper().Parse({ forceStream: true });
      let current: Entry | undefined;
      // A pipe does not pass errors on to the entry being read: without this, a file failing midway would leave
      // its reader waiting forever for the rest of the entry.
      const fail = (error: unknown) => current?.destroy(error as Error);
      input.once('error', (error) => (inputFailure = error));
      // Beside the pipe, not before it: a 'data' listener alone would set the file flowing with no one reading.
      input.on('data', (chunk: Buffer) => (packed += chunk.length));
      // Only when counting: a stage between the file and the zip reader buffers more of the file ahead.
      const piping = (countBytes ? pipeline(input, counter(countBytes), zip) : pipeline(input, zip)).catch(fail);
      try {
        for await (const entry of zip as AsyncIterable<Entry>) {
          current = entry;
          // Its reader hears of a failure through its iteration; an entry left to drain has no one to tell.
          entry.on('error', () => undefined);
          yield entry;
          if (!entry.readableEnded && !entry.destroyed) entry.autodrain();
        }
        if (inputFailure) throw inputFailure;
      } finally {
        current = undefined;
        input.destroy();
        zip.destroy();
        await piping;
      }
    },
  };
}

function counter(countBytes: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      countBytes(chunk.length);
      done(null, chunk);
    },
  });
}
