import { useMemo } from 'react';
import { useQuery, useSubscription } from 'urql';
import type {
  ProjectSendingProgressSubscription,
  ProjectSendingProgressSubscriptionVariables,
  ProjectSummaryQuery,
  ProjectSummaryQueryVariables,
} from '../../gql/graphql';
import { PROJECT_SENDING_PROGRESS, PROJECT_SUMMARY } from './summary-operations';

// A load or unload changes the summaries: any change to the project (its status) reads them again.
const CONTEXT = { additionalTypenames: ['Project', 'Text'] };

/**
 * The project's summaries (spec §7), shared by the overview and the insights tab: one query, one cache entry. While
 * `live` (the project queued or sending), the server pushes the summary again as texts move, and the latest pushed
 * one is shown; a change of status ends that and reads the summaries again (useProjectLifecycle).
 */
export function useProjectSummary(projectId: string, live = false) {
  const variables = useMemo(() => ({ projectId }), [projectId]);
  const [result] = useQuery<ProjectSummaryQuery, ProjectSummaryQueryVariables>({
    query: PROJECT_SUMMARY,
    variables,
    context: CONTEXT,
  });
  const [pushed] = useSubscription<
    ProjectSendingProgressSubscription,
    ProjectSendingProgressSubscription,
    ProjectSendingProgressSubscriptionVariables
  >({
    query: PROJECT_SENDING_PROGRESS,
    variables,
    pause: !live,
  });
  const summary = (live ? pushed.data?.projectSendingProgress : null) ?? result.data?.projectSummary ?? null;
  return { summary, fetching: result.fetching, error: result.error };
}
