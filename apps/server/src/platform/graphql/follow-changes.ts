import { GraphQLError } from 'graphql';
import { messages } from '@canvass/domain';
import { UnauthenticatedError } from '../auth/viewer';
import type { Topic } from '../events/events';
import type { Context } from './context';

export interface FollowOptions<T> {
  /** What a watcher sees change: a re-read that shows the same sends nothing (a resync, a duplicate event). */
  shown(value: T): string;
  /** The subscription completes once this holds (a task Done or Failed); absent: it runs until the client leaves. */
  finished?(value: T): boolean;
  /** At most one re-read per this many milliseconds: events meanwhile fold into the coming read. */
  rereadMs?: number;
}

/**
 * A record now and again after each change announced on its topic, re-read through the viewer's tenant-scoped
 * handle (`read`, which applies the visibility rule), so an event carries nothing and a forged one shows nothing
 * new. Nothing the viewer may see: Not found, before any data. The one way every subscription follows its record.
 */
export async function followChanges<T>(
  ctx: Context,
  topicOf: (organizationId: number) => Topic,
  read: () => Promise<T | null>,
  options: FollowOptions<T>,
): Promise<AsyncIterableIterator<T>> {
  if (!ctx.viewer) throw new UnauthenticatedError();
  // Listening before the first read: a change committed in between is not missed.
  const changes = ctx.platform.events.subscribe(topicOf(ctx.viewer.organizationId));
  let first: T | null;
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

  // Events are drained as they come; the reader only learns that something changed since its last read.
  let dirty = false;
  let ended = false;
  const wakers: { change?: () => void; end?: () => void } = {};
  void (async () => {
    try {
      for await (const _event of changes) {
        dirty = true;
        wakers.change?.();
      }
    } catch {
      // The feed failing ends the subscription like the feed ending.
    } finally {
      ended = true;
      wakers.change?.();
      wakers.end?.();
    }
  })();
  const nextChange = () => new Promise<void>((resolve) => (wakers.change = resolve));
  // Waiting out the rest of the interval: further changes fold into the coming read; only the end cuts it short.
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakers.end = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const rereadMs = options.rereadMs ?? 0;
  const finished = (value: T) => options.finished?.(value) ?? false;
  const updates = (async function* () {
    try {
      let value: T = first;
      let last = options.shown(value);
      let readAt = Date.now();
      yield value;
      while (!ended && !finished(value)) {
        if (!dirty) await nextChange();
        if (ended) return;
        const wait = readAt + rereadMs - Date.now();
        if (wait > 0) await pause(wait);
        if (ended) return;
        dirty = false;
        readAt = Date.now();
        const fresh = await read();
        if (!fresh) return;
        value = fresh;
        if (options.shown(value) !== last) {
          last = options.shown(value);
          yield value;
        }
      }
    } finally {
      await changes.return?.();
    }
  })();
  const iterator: AsyncIterableIterator<T> = {
    next: () => updates.next(),
    // A client leaving while the reader waits for a change: a generator's own return() would wait for that change
    // (perhaps forever); ending the change feed first wakes the reader, so it finishes now.
    return: async () => {
      await changes.return?.();
      return updates.return(undefined);
    },
    throw: (err: unknown) => updates.throw(err),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
