import { topics } from '../events/events';
import type { Context } from './context';
import { followChanges } from './follow-changes';
import type { BackgroundTask } from '../jobs/background-tasks';
import { findFollowableTask } from '../jobs/task-access';

/**
 * A task the viewer may follow (its own, or the load of a list or project it sees: task-access.ts) now and after each
 * announced change, until it is Done or Failed. Any other task (another user's export, another organization's) or
 * no task at all: Not found, before any data.
 */
export function followTask(ctx: Context, taskId: number): Promise<AsyncIterableIterator<BackgroundTask>> {
  return followChanges(
    ctx,
    (organizationId) => topics.backgroundTask(organizationId, taskId),
    () => ctx.tenant((tx, viewer) => findFollowableTask(tx, taskId, viewer)),
    {
      // What a watcher sees change; an event that changes none of it (a resync, a duplicate) sends nothing.
      shown: (task) => `${task.status}:${task.processed}:${task.total ?? ''}`,
      finished: (task) => task.status === 'Done' || task.status === 'Failed',
    },
  );
}
