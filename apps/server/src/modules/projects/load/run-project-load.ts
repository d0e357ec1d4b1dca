import { sql } from 'drizzle-orm';
import { withTenant } from '../../../platform/db/tenant';
import { withRunLock } from '../../../platform/jobs/run-lock';
import type { Platform } from '../../../platform/platform';
import { ProjectLoadError, projectLoadMessages } from './load-error';
import { loadProjectTexts, type ProjectLoadHooks, type ProjectLoadResult, type ProjectLoadScope } from './load-project';
import { removeLoad } from './remove-load';

type Step = { from: readonly string[]; running: string; failed: string };
const LOAD: Step = { from: ['AwaitingLoad', 'Loading'], running: 'Loading', failed: 'ErrorLoading' };
const UNLOAD: Step = { from: ['AwaitingUnload', 'Unloading'], running: 'Unloading', failed: 'Error' };

/**
 * Moves the project from one of `from` to `to` in a transaction of its own, so the screens see it at once;
 * false when the project is in none of them (someone changed it meanwhile) or gone.
 */
async function moveProject(
  platform: Platform,
  scope: ProjectLoadScope,
  projectId: number,
  from: readonly string[],
  to: string,
): Promise<boolean> {
  const { rows } = await withTenant(
    platform.database,
    { organizationIds: [scope.organizationId], userId: scope.userId },
    (tx) =>
      tx.execute(sql`
        UPDATE projects SET project_status = ${to}::project_status, updated_at = ${new Date()}
         WHERE organization_id = ${scope.organizationId} AND id = ${projectId}
           AND project_status = ANY (${`{${from.join(',')}}`}::project_status[])
        RETURNING id`),
  );
  return rows.length > 0;
}

/** Stores a failed load's message for the project's screen (project_loads), kept until a load succeeds. */
async function recordError(platform: Platform, scope: ProjectLoadScope, projectId: number, message: string) {
  await withTenant(platform.database, { organizationIds: [scope.organizationId], userId: scope.userId }, (tx) =>
    tx.execute(sql`
      INSERT INTO project_loads (organization_id, project_id, error_message, updated_at)
      VALUES (${scope.organizationId}, ${projectId}, ${message}, ${new Date()})
      ON CONFLICT (organization_id, project_id) DO UPDATE SET error_message = EXCLUDED.error_message, updated_at = EXCLUDED.updated_at`),
  );
}

/**
 * One run of a project's load or unload under its run lock: the running status, the work, and on failure the
 * error status (ErrorLoading with its message for a load). Rethrows, so the task shows the failure too.
 */
async function runStep<T>(
  platform: Platform,
  scope: ProjectLoadScope,
  projectId: number,
  step: Step,
  notReady: string,
  failedMessage: string,
  /** Given the platform on the run's own connections (withRunLock). */
  work: (run: Platform) => Promise<T>,
): Promise<T> {
  return withRunLock(
    platform,
    'project_load',
    projectId,
    () => new ProjectLoadError(projectLoadMessages.alreadyRunning),
    async ({ platform: run }) => {
      if (!(await moveProject(run, scope, projectId, step.from, step.running))) throw new ProjectLoadError(notReady);
      try {
        return await work(run);
      } catch (err) {
        const known = err instanceof ProjectLoadError ? err : null;
        if (!known) run.logger.error({ err, projectId }, 'project load or unload failed');
        await moveProject(run, scope, projectId, [step.running], step.failed);
        if (step === LOAD) await recordError(run, scope, projectId, known?.message ?? failedMessage);
        throw known ?? new ProjectLoadError(failedMessage);
      }
    },
  );
}

/** Loads the project's texts (AwaitingLoad → Loading → Ready, or ErrorLoading with its message). */
export function runProjectLoad(
  platform: Platform,
  scope: ProjectLoadScope,
  projectId: number,
  hooks: ProjectLoadHooks = {},
): Promise<ProjectLoadResult> {
  return runStep(platform, scope, projectId, LOAD, projectLoadMessages.notAwaiting, projectLoadMessages.failed, (run) =>
    loadProjectTexts(run, scope, projectId, hooks),
  );
}

/**
 * Removes what the load made (AwaitingUnload → Unloading → Assigned, or Error), in one transaction: the project's
 * unsent List texts and their counts, its exclusions and area codes, its load record.
 */
export function runProjectUnload(
  platform: Platform,
  scope: ProjectLoadScope,
  projectId: number,
): Promise<{ removed: number }> {
  const org = scope.organizationId;
  return runStep(
    platform,
    scope,
    projectId,
    UNLOAD,
    projectLoadMessages.notAwaitingUnload,
    projectLoadMessages.unloadFailed,
    (run) =>
      withTenant(run.database, { organizationIds: [org], userId: scope.userId }, async (tx) => {
        const { rows } = await tx.execute(sql`
          SELECT 1 FROM projects WHERE organization_id = ${org} AND id = ${projectId} AND project_status = 'Unloading'
             FOR UPDATE`);
        if (!rows.length) throw new ProjectLoadError(projectLoadMessages.notAwaitingUnload);
        const removed = await removeLoad(tx, org, projectId);
        await tx.execute(sql`DELETE FROM project_loads WHERE organization_id = ${org} AND project_id = ${projectId}`);
        await tx.execute(sql`
          UPDATE projects SET project_status = 'Assigned', updated_at = ${new Date()}
           WHERE organization_id = ${org} AND id = ${projectId}`);
        return { removed };
      }),
  );
}
