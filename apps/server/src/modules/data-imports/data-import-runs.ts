import { messages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import { assertCan, type Viewer } from '../../platform/auth/viewer';
import { dataImports } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { findRecordTask, startBackgroundTask, type BackgroundTask } from '../../platform/jobs/background-tasks';
import { runDataImportJob } from './data-imports.job';
import { dataImportsService } from './data-imports.service';

import { ImportError } from './mapping';
import type { ImportResource } from './import-target';
import { targets } from './targets';
import { closeAbandonedTask, runIsLive } from '../../platform/jobs/run-lock';

const ABANDONED = 'The run stopped before it finished (its worker ended); nothing from the file was imported';

/**
 * Queues a run of the import (a background task the user can follow), in the caller's transaction. Refuses,
 * with an ImportError, an import the viewer cannot see, one already running and one without a file; with a
 * ForbiddenError, one whose rows the viewer may not make (its target's permission). An import left Running by a
 * worker that died mid-run is not running: it is started again (platform/jobs/run-lock.ts says why that is safe),
 * and its abandoned task is closed as Failed so that nobody waits on it.
 */
export async function startDataImport(tx: Tx, viewer: Viewer, id: number): Promise<BackgroundTask> {
  const found = await dataImportsService.get(tx, viewer, id);
  if (!found) throw new ImportError(messages.notFound);
  // Rows that become users need the right to add users too (Forbidden, as the Users screen's Add would be).
  const permission = targets[found.resource as ImportResource]?.permission;
  if (permission) assertCan(viewer, permission.operation, permission.resource);
  // Queued: its job is waiting for a worker and will run. Running: unless no run holds the import's lock.
  if (found.status === 'Queued' || (found.status === 'Running' && (await runIsLive(tx, 'data_import', id))))
    throw new ImportError('The import is already running');
  if (found.uploadId == null) throw new ImportError('Upload a file to import first');
  if (found.status === 'Running' && found.backgroundTaskId != null)
    await closeAbandonedTask(tx, viewer.organizationId, Number(found.backgroundTaskId), ABANDONED);
  const task = await startBackgroundTask(
    tx,
    runDataImportJob,
    { organizationId: viewer.organizationId, userId: viewer.userId },
    { dataImportId: id },
  );
  await tx
    .update(dataImports)
    .set({ status: 'Queued', errorMessage: null, backgroundTaskId: task.id, updatedAt: new Date() })
    .where(and(eq(dataImports.organizationId, viewer.organizationId), eq(dataImports.id, id)));
  return task;
}

/** The import's latest run, when the viewer can see the import. */
export async function latestRun(tx: Tx, viewer: Viewer, id: number): Promise<BackgroundTask | null> {
  const found = await dataImportsService.get(tx, viewer, id);
  if (!found?.backgroundTaskId) return null;
  return findRecordTask(tx, Number(found.backgroundTaskId), viewer.organizationId);
}
