import { topics } from '../../../platform/events/events';
import type { Context } from '../../../platform/graphql/context';
import { followChanges } from '../../../platform/graphql/follow-changes';
import { projectSummary, type ProjectSummary } from './project-summary.service';

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
    () => ctx.tenant((tx, viewer) => projectSummary(tx, viewer, projectId)),
    { shown: (summary) => JSON.stringify(summary), rereadMs },
  );
}
