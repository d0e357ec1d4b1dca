import { GraphQLError } from 'graphql';
import { messages } from '@canvass/domain';
import { UnauthenticatedError } from '../../../platform/auth/viewer';
import { topics } from '../../../platform/events/events';
import type { Context } from '../../../platform/graphql/context';
import { projectSummary, type ProjectSummary } from './project-summary.service';

/** At most one re-read per this many milliseconds: a burst of sending events becomes one fresh summary. */
export const SUMMARY_REREAD_MS = 250;

/**
 * A project's summary now and again after each announced sending change (dispatch batches, webhook statuses),
 * re-read through the viewer's tenant-scoped handle and visibility rule, so an event carries nothing and a forged
 * one shows nothing new. Events arriving while a re-read is due are folded into it: at most one read per
 * SUMMARY_REREAD_MS. A project the viewer may not see, or none: Not found, before any data. It runs until the
 * client leaves (the overview stops following once the project no longer sends).
 */
export async function followProjectSummary(
  ctx: Context,
  projectId: number,
  rereadMs = SUMMARY_REREAD_MS,
): Promise<AsyncIterableIterator<ProjectSummary>> {
  const read = () => ctx.tenant((tx, viewer) => projectSummary(tx, viewer, projectId));
  if (!ctx.viewer) throw new UnauthenticatedError();
  // Listening before the first read: a change committed in between is not missed.
  const changes = ctx.platform.events.subscribe(topics.projectSending(ctx.viewer.organizationId, projectId));
  let first: ProjectSummary | null;
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

  const shown = (s: ProjectSummary) => JSON.stringify(s);
  const updates = (async function* () {
    try {
      let last = shown(first);
      let readAt = Date.now();
      yield first;
      while (!ended) {
        if (!dirty) await nextChange();
        if (ended) return;
        const wait = readAt + rereadMs - Date.now();
        if (wait > 0) await pause(wait);
        if (ended) return;
        dirty = false;
        readAt = Date.now();
        const summary = await read();
        if (!summary) return;
        if (shown(summary) !== last) {
          last = shown(summary);
          yield summary;
        }
      }
    } finally {
      await changes.return?.();
    }
  })();
  const iterator: AsyncIterableIterator<ProjectSummary> = {
    next: () => updates.next(),
    // Ending the change feed first wakes a reader waiting for a change, so the generator finishes now.
    return: async () => {
      await changes.return?.();
      return updates.return(undefined);
    },
    throw: (err: unknown) => updates.throw(err),
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
