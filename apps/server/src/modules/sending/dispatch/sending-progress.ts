import { topics } from '../../../platform/events/events';
import type { Platform } from '../../../platform/platform';

/**
 * Tells every process that these projects' texts moved, after the change committed: their overviews re-read the
 * counts (the event carries ids only). A lost event costs a stale number until the next one, never wrong data.
 */
export async function publishSendingProgress(
  platform: Platform,
  organizationId: number,
  projectIds: readonly number[],
): Promise<void> {
  await Promise.all(
    [...new Set(projectIds)].map((projectId) =>
      platform.events
        .publish(topics.projectSending(organizationId, projectId), { projectId })
        .catch((err: unknown) => platform.logger.warn({ err, projectId }, 'sending progress not published')),
    ),
  );
}
