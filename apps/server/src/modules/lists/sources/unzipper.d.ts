// unzipper (the zip reader exceljs itself uses) ships no types; only the streaming parse is used here.
declare module 'unzipper' {
  import type { Duplex, Readable } from 'node:stream';

  export interface Entry extends Readable {
    path: string;
    type: 'File' | 'Directory';
    buffer(): Promise<Buffer>;
    autodrain(): { promise(): Promise<void> };
  }

  export function Parse(options?: { forceStream?: boolean }): Duplex & AsyncIterable<Entry>;
}
