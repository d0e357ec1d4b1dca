import { listMessages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { lists } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { withRunLock } from '../../platform/jobs/run-lock';
import type { Platform } from '../../platform/platform';
import { openListSource } from './list-source';
import { loadListRows, setListStatus, type ListLoadCounts, type LoadHooks, type LoadScope } from './load-list';
import { SheetError, type SpreadsheetSource } from './sources/source';

export const ALREADY_LOADING = 'The list is loading; wait until it has finished';

export interface RunLoadOptions extends LoadHooks {
  /** The source to read instead of the list's own (tests read an in-memory sheet). */
  source?: SpreadsheetSource;
}

/**
 * One load of a list, start to end, with its outcome recorded on the list: AwaitingLoad, then the engine's
 * statuses, or the error status with its message (a SheetError's own; anything else the spec's generic words).
 * The previous rows and counts stay unless the load succeeded. Rethrows, so the task shows the failure too.
 */
export async function runListLoad(
  platform: Platform,
  scope: LoadScope,
  listId: number,
  options: RunLoadOptions = {},
): Promise<ListLoadCounts> {
  // Held for the whole run (platform/jobs/run-lock.ts): a list left loading by a worker that died can be loaded again.
  return withRunLock(
    platform,
    'list_load',
    listId,
    () => new Error(ALREADY_LOADING),
    (run) => runLocked(run.platform, scope, listId, options),
  );
}

async function runLocked(
  platform: Platform,
  scope: LoadScope,
  listId: number,
  options: RunLoadOptions,
): Promise<ListLoadCounts> {
  try {
    await setListStatus(platform, scope, listId, 'AwaitingLoad', { loadErrorMessage: null });
    const source =
      options.source ??
      (await openListSource(platform, { ...(await sourceRefOf(platform, scope, listId)), userId: scope.userId }));
    return await loadListRows(platform, scope, listId, source, options);
  } catch (err) {
    const sheetError = err instanceof SheetError ? err : null;
    if (!sheetError) platform.logger.error({ err, listId }, 'list load failed');
    await setListStatus(platform, scope, listId, sheetError?.status ?? 'Error', {
      loadErrorMessage: sheetError?.message ?? listMessages.loadFailedDetail,
    });
    throw err;
  }
}

async function sourceRefOf(platform: Platform, scope: LoadScope, listId: number) {
  const [list] = await withTenant(platform.database, { organizationIds: [scope.organizationId] }, (tx) =>
    tx
      .select({ organizationId: lists.organizationId, uploadId: lists.uploadId, googleSheetKey: lists.googleSheetKey })
      .from(lists)
      .where(and(eq(lists.organizationId, scope.organizationId), eq(lists.id, listId))),
  );
  if (!list) throw new Error(`list ${listId} not found`);
  return list;
}
