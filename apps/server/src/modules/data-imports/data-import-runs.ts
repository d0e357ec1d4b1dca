import { messages } from '@canvass/domain';
import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../platform/auth/viewer';
import { backgroundTasks, dataImports } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { startBackgroundTask, type BackgroundTask } from '../../platform/jobs/background-tasks';
import { runDataImportJob } from './data-imports.jobs';
import { dataImportsService } from './data-imports.service';

export { findUpload } from './data-imports.service';
import { ImportError } from './mapping';

/**
 * Queues a run of the import (a background task the user can follow), in the caller's transaction. Refuses,
 * with an ImportError, an import the viewer cannot see, one already running and one without a file.
 */
export async function startDataImport(tx: Tx, viewer: Viewer, id: number): Promise<BackgroundTask> {
  const found = await dataImportsService.get(tx, viewer, id);
  if (!found) throw new ImportError(messages.notFound);
  if (found.status === 'Queued' || found.status === 'Running') throw new ImportError('The import is already running');
  if (found.uploadId == null) throw new ImportError('Upload a file to import first');
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
  const [task] = await tx
    .select()
    .from(backgroundTasks)
    .where(
      and(
        eq(backgroundTasks.organizationId, viewer.organizationId),
        eq(backgroundTasks.id, Number(found.backgroundTaskId)),
      ),
    );
  return task ?? null;
}
