/**
 * Reads one hostile file (hostile-files.ts) the way the server does (sheets, a preview, every row) in a process of its
 * own with a small heap, and prints what became of it: a reader that allocates what the file claims kills this
 * process rather than the test runner. Run by hostile-files.test.ts.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { openFileSource } from './file-source';
import { hostileFiles } from './hostile-files';
import { SheetError } from './source';

const MB = 1024 * 1024;

async function main(name: string) {
  const file = await hostileFiles[name]();
  global.gc?.();
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  const started = Date.now();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let outcome: { status: string; message: string } | { rows: number };
  try {
    const source = await openFileSource(() => likeStorage(file.read()), file.filename);
    let rows = 0;
    for (const sheet of await source.sheets()) {
      await source.preview(sheet.id, 100);
      for await (const batch of source.rows(sheet.id)) rows += batch.length;
    }
    outcome = { rows };
  } catch (error) {
    if (!(error instanceof SheetError)) throw error;
    outcome = { status: error.status, message: error.message };
  }
  lag.disable();
  const maxLagMs = Math.round(lag.max / 1e6);
  const peakGrowthMb = Math.round((process.resourceUsage().maxRSS * 1024 - peakBefore) / MB);
  process.stdout.write(JSON.stringify({ ...outcome, peakGrowthMb, maxLagMs, seconds: (Date.now() - started) / 1000 }));
}

void main(process.argv[2]);

/**
 * The file's chunks each in a later turn of the event loop, as a read from storage delivers them: an in-memory
 * stream would hand them over in microtasks, and the loop would never get a turn to measure its delay.
 */
function likeStorage(file: Readable): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of file as AsyncIterable<Buffer>) {
        await new Promise((turn) => setImmediate(turn));
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}
