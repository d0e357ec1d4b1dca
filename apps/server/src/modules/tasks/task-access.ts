import { guardOf } from '@canvass/domain';
import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { backgroundTasks, lists, projects } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { BackgroundTask } from '../../platform/jobs/background-tasks';
import type { ResourceService } from '../../platform/resources/resource-service';
import { loadListJob } from '../lists/lists.jobs';
import { listsService } from '../lists/lists.service';
import { loadProjectJob, unloadProjectJob } from '../projects/load/project-load.jobs';
import { projectsService } from '../projects/projects.service';

/** The record a task works on, and its column that names the task (a list's load_task_id). */
interface TaskOwner {
  service: ResourceService;
  taskColumn: PgColumn;
}

const listLoad: TaskOwner = { service: listsService, taskColumn: lists.loadTaskId };
const projectLoad: TaskOwner = { service: projectsService, taskColumn: projects.loadTaskId };

/**
 * Task kinds whose progress belongs to a record: anyone who may see the record (its resource's own policy, as its
 * screen reads it) may follow the task it names, as its screen shows that progress. A kind not named here is its
 * starter's alone: an export's file may hold clients' data another user may not see.
 */
const taskOwners: Readonly<Record<string, TaskOwner>> = {
  [loadListJob.name]: listLoad,
  [loadProjectJob.name]: projectLoad,
  [unloadProjectJob.name]: projectLoad,
};

/** The kinds of each owner together, so a record with two kinds of task (a project's load and unload) is one test. */
const kindsByOwner = Object.entries(taskOwners).reduce((found, [kind, owner]) => {
  found.set(owner, [...(found.get(owner) ?? []), kind]);
  return found;
}, new Map<TaskOwner, string[]>());

/**
 * The tasks a viewer may follow besides its own: one whose kind has an owner and that a record the viewer may see
 * names. Seeing needs View on the record's resource and its visibility policy, as `list(id)` / `project(id)` do.
 */
function followedThroughOwners(tx: Tx, viewer: Viewer): SQL[] {
  return [...kindsByOwner].flatMap(([owner, kinds]) => {
    if (!viewerCan(viewer, 'View', guardOf(owner.service.def))) return [];
    const table = owner.service.table;
    const organization = (table as unknown as Record<string, PgColumn>).organizationId;
    const naming = tx
      .select({ one: sql`1` })
      .from(table)
      .where(
        and(
          owner.service.visibleWhere(viewer),
          // The task's own organization too, as both tables are keyed (and distributed) by it.
          eq(organization, backgroundTasks.organizationId),
          eq(owner.taskColumn, backgroundTasks.id),
        ),
      );
    return [and(inArray(backgroundTasks.kind, kinds), exists(naming))!];
  });
}

/**
 * A task as a viewer may read and follow it, in the caller's (tenant) transaction: its starter's, or one of a
 * record the viewer sees (taskOwners). Null when it is neither, or not there: both answer Not found alike.
 */
export async function findFollowableTask(tx: Tx, taskId: number, viewer: Viewer): Promise<BackgroundTask | null> {
  const [task] = await tx
    .select()
    .from(backgroundTasks)
    .where(
      and(
        eq(backgroundTasks.organizationId, viewer.organizationId),
        eq(backgroundTasks.id, taskId),
        or(eq(backgroundTasks.userId, viewer.userId), ...followedThroughOwners(tx, viewer)),
      ),
    );
  return task ?? null;
}
