import { eq } from 'drizzle-orm';
import { to as copyTo } from 'pg-copy-streams';
import { exportCsvHandler } from '../apps/server/src/modules/exports/exports.handler';
import { exportCsvJob, type ExportPayload } from '../apps/server/src/modules/exports/exports.job';
import { backgroundTasks } from '../apps/server/src/platform/db/schema/index';
import { withTenant } from '../apps/server/src/platform/db/tenant';
import { startBackgroundTask } from '../apps/server/src/platform/jobs/background-tasks';
import type { Platform } from '../apps/server/src/platform/platform';
import { rssSampler } from './setup';

/** The baseline of an export: `COPY (select) TO STDOUT WITH CSV` read to the end, in seconds. */
export async function copyOutSeconds(platform: Platform, select: string): Promise<number> {
  const client = await platform.database.pool.connect();
  const t = process.hrtime.bigint();
  try {
    const stream = client.query(copyTo(`COPY (${select}) TO STDOUT WITH CSV`));
    for await (const chunk of stream) void chunk;
  } finally {
    client.release();
  }
  return Number(process.hrtime.bigint() - t) / 1e9;
}

type Request = Pick<ExportPayload, 'query' | 'filters' | 'sortBy' | 'sortOrder'>;

/**
 * One export as the Export button starts it: a background task queued in the tenant's transaction, then the job
 * run to the end. Its time, this process's memory meanwhile, and the lines of the file it wrote (header included).
 */
export async function timedExport(
  platform: Platform,
  ids: { organizationId: number; userId: number },
  request: Request,
): Promise<{ seconds: number; lines: number; rssStartMb: number; rssPeakMb: number }> {
  const scope = { organizationIds: [ids.organizationId], userId: ids.userId };
  const task = await withTenant(platform.database, scope, (tx) => startBackgroundTask(tx, exportCsvJob, ids, request));
  const rss = rssSampler();
  const t = process.hrtime.bigint();
  await exportCsvHandler.run({ ...ids, taskId: task.id, ...request }, { platform, progress: async () => {} });
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  const memory = rss.stop();
  const [done] = await withTenant(platform.database, scope, (tx) =>
    tx.select({ filePath: backgroundTasks.filePath }).from(backgroundTasks).where(eq(backgroundTasks.id, task.id)),
  );
  const lines = await countLines(platform.storage.read(done.filePath!));
  return { seconds, lines, rssStartMb: memory.startMb, rssPeakMb: memory.peakMb };
}

async function countLines(stream: AsyncIterable<Buffer>): Promise<number> {
  let n = 0;
  for await (const chunk of stream) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
  return n;
}
