import { GraphQLError } from 'graphql';
import { messages } from '@canvass/domain';
import { UnauthenticatedError } from '../../platform/auth/viewer';
import { topics } from '../../platform/events/events';
import type { Context } from '../../platform/graphql/context';
import type { BackgroundTask } from '../../platform/jobs/background-tasks';
import { findFollowableTask } from './task-access';

const finished = (task: BackgroundTask) => task.status === 'Done' || task.status === 'Failed';
/** What a watcher sees change; an event that changes none of it (a resync, a duplicate) sends nothing. */
const shown = (task: BackgroundTask) => `${task.status}:${task.processed}:${task.total ?? ''}`;

/**
 * A task the viewer may follow (its own, or the load of a list or project it sees: task-access.ts) now and after each
 * announced change, until it is Done or Failed. Each change is re-read through the viewer's tenant-scoped handle and
 * the same rule, so an event carries nothing and a forged one shows nothing new. Any other task (another user's
 * export, another organization's) or no task at all: Not found, before any data.
 */
export async function followTask(ctx: Context, taskId: number): Promise<AsyncIterableIterator<BackgroundTask>> {
  const read = () => ctx.tenant((tx, viewer) => findFollowableTask(tx, taskId, viewer));
  if (!ctx.viewer) throw new UnauthenticatedError();
  // Listening before the first read: a change committed in between is not missed.
  const changes = ctx.platform.events.subscribe(topics.backgroundTask(ctx.viewer.organizationId, taskId));
  let first: BackgroundTask | null;
  try {
    first = await read();
  } catch (err) {
    await changes.return?.();
    throw err;
  }
  if (!first) {
    await changes.return?.();
    throw new GraphQLError(messages.notFound, { extensions: { code: 'NOT_FOUND' } });
  }
  const updates = (async function* () {
    try {
      let task: BackgroundTask | null = first;
      let last = shown(task);
      yield task;
      while (!finished(task)) {
        if ((await changes.next()).done) return;
        task = await read();
        if (!task) return;
        if (shown(task) !== last) {
          last = shown(task);
          yield task;
        }
      }
    } finally {
      await changes.return?.();
    }
  })();
  const iterator: AsyncIterableIterator<BackgroundTask> = {
    next: () => updates.next(),
    // A client leaving while the generator waits for the next change: a generator's own return() would wait for
    // that change (perhaps forever, for a task no worker takes); ending the change feed first lets it finish now.
    return: async () => {
      await changes.return?.();
      return updates.return(undefined);
    },
    throw: (err: unknown) => updates.throw(err),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
