// unzipper ships no types; only its streaming parse is used here (zip-entries.ts).
declare module 'unzipper' {
  import type { Duplex, Readable } from 'node:stream';

  export interface Entry extends Readable {
    path: string;
    type: 'File' | 'Directory';
    autodrain(): { promise(): Promise<void> };
  }

  export function Parse(options?: { forceStream?: boolean }): Duplex & AsyncIterable<Entry>;
}
