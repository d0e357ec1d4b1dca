import { topics } from '../../../platform/events/events';
import type { Context } from '../../../platform/graphql/context';
import { followChanges } from '../../../platform/graphql/follow-changes';
import { projectSummary, type ProjectSummary } from './project-summary.service';

/**
 * A project's summary as the viewer may see it, read in one REPEATABLE READ snapshot: every figure of it agrees with
 * the others, and its version (the snapshot) orders it against any other read, answered or pushed. The one way the
 * query and the subscription read it.
 */
export function readProjectSummary(ctx: Context, projectId: number): Promise<ProjectSummary | null> {
  return ctx.tenant((tx, viewer) => projectSummary(tx, viewer, projectId), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}

/** At most one re-read per this many milliseconds: a burst of sending events becomes one fresh summary. */
export const SUMMARY_REREAD_MS = 250;

/**
 * A project's summary now and again after each announced sending change (dispatch batches, webhook statuses), at
 * most one read per SUMMARY_REREAD_MS. A project the viewer may not see, or none: Not found, before any data. It
 * runs until the client leaves (the overview stops following once the project no longer sends).
 */
export function followProjectSummary(
  ctx: Context,
  projectId: number,
  rereadMs = SUMMARY_REREAD_MS,
): Promise<AsyncIterableIterator<ProjectSummary>> {
  return followChanges(
    ctx,
    (organizationId) => topics.projectSending(organizationId, projectId),
    () => readProjectSummary(ctx, projectId),
    // What a watcher sees: the figures, not the snapshot they were read in (a re-read that saw nothing new is quiet).
    { shown: ({ version: _version, ...figures }) => JSON.stringify(figures), rereadMs },
  );
}
