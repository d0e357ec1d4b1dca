import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where generated and uploaded files live. Local disk by default: every process on one machine shares it. */
export interface Storage {
  write(key: string, body: Readable | AsyncIterable<string | Buffer>): Promise<void>;
  read(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // A key is never allowed to leave the storage folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return full;
  };
  return {
    async write(key, body) {
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${process.pid}.tmp`;
      // A body that fails midway (an upload over its size limit, a dropped connection) leaves nothing behind. The
      // file may still be opening when the body fails (a refusal in its first bytes): it is removed once the stream
      // has closed, or the open would create it again after the removal.
      const file = fs.createWriteStream(tmp);
      await pipeline(body, file).catch(async (err: unknown) => {
        if (!file.closed) await once(file, 'close').catch(() => {});
        await fs.promises.rm(tmp, { force: true });
        throw err;
      });
      // Readers never see a half-written file.
      await fs.promises.rename(tmp, full);
    },
    read: (key) => fs.createReadStream(resolve(key)),
    exists: (key) =>
      fs.promises.access(resolve(key)).then(
        () => true,
        () => false,
      ),
    remove: (key) => fs.promises.rm(resolve(key), { force: true }),
  };
}
