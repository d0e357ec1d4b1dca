import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Issue 34: no spreadsheet can take the server down. Each hostile file is read in a child process whose heap is
 * small (a reader that believes the file dies there, as the API did), and must be refused with a list status and
 * words saying why, the process's resident memory growing by far less than the 256 MB ceiling.
 */
const HEAP_MB = 160;
const CEILING_MB = 256;
/**
 * The longest the reader may keep the event loop from other work (an API request): it reads chunk by chunk, each
 * step a few milliseconds; the margin is for a machine busy with other tests, not for a file parsed in one go.
 */
const MAX_LAG_MS = 3000;

async function readInChild(name: string) {
  const child = path.join(__dirname, 'hostile-file-child.ts');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, '--expose-gc', '--import', 'tsx', child, name],
    { cwd: __dirname, timeout: 120_000 },
  ).catch((error: { code?: number; signal?: string; stderr?: string }) => {
    throw new Error(`the reader died (${error.signal ?? error.code}): ${error.stderr?.slice(-600)}`);
  });
  return JSON.parse(stdout) as {
    status?: string;
    message?: string;
    rows?: number;
    peakGrowthMb: number;
    maxLagMs: number;
  };
}

describe('hostile spreadsheets are refused, the server standing', { timeout: 150_000 }, () => {
  it.each([
    ['farColumn', 'ErrorUnableToProcessTheFile', /column ZZZZZZ.*at most 1,024 columns/],
    ['hugeWorkbookPart', 'ErrorUnableToProcessTheFile', /list of sheets \(xl\/workbook\.xml\) is larger than 16 MB/],
    ['sharedStringsBomb', 'ErrorUnableToProcessTheFile', /shared text is too large/],
    ['zipBomb', 'ErrorUnableToProcessTheFile', /unpacks to more than 100 times its size/],
    ['csvEndlessLine', 'ErrorUnableToProcessTheFile', /row 1 is longer than 4 MB/],
    [
      'csvMillionColumns',
      'ErrorUnableToProcessTheFile',
      /row 1 has 1,000,001 cells: a list reads at most 1,024 columns/,
    ],
  ])('%s: %s, memory and event-loop delay bounded', async (name, status, words) => {
    const outcome = await readInChild(name);
    expect(outcome).toMatchObject({ status, message: expect.stringMatching(words) });
    expect(outcome.peakGrowthMb).toBeLessThan(CEILING_MB);
    expect(outcome.maxLagMs).toBeLessThan(MAX_LAG_MS);
  });
});
