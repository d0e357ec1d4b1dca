import { guardOf } from '@canvass/domain';
import { and, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import { viewerCan, type Viewer } from '../auth/viewer';
import { columnsOf } from '../db/columns';
import { backgroundTasks } from '../db/schema/index';
import type { Tx } from '../db/tenant';
import type { BackgroundTask } from './background-tasks';
import { taskKindsByOwner } from './task-kinds';

/**
 * The tasks a viewer may follow besides its own: one whose kind has an owner and that a record the viewer may see
 * names. Seeing needs View on the record's resource and its visibility policy, as `list(id)` / `project(id)` do.
 */
function followedThroughOwners(tx: Tx, viewer: Viewer): SQL[] {
  return [...taskKindsByOwner()].flatMap(([owner, kinds]) => {
    if (!viewerCan(viewer, 'View', guardOf(owner.service.def))) return [];
    const table = owner.service.table;
    const organization = columnsOf(table).organizationId;
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
 * record the viewer sees (task-kinds.ts). Null when it is neither, or not there: both answer Not found alike.
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
