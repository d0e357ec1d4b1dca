import { useEffect, useMemo, useRef } from 'react';
import { useClient, useQuery, useSubscription } from 'urql';
import type {
  ProjectSendingProgressSubscription,
  ProjectSendingProgressSubscriptionVariables,
  ProjectSummaryQuery,
  ProjectSummaryQueryVariables,
} from '../../gql/graphql';
import { PROJECT_LIFECYCLE } from './project-operations';
import { PROJECT_SENDING_PROGRESS, PROJECT_SUMMARY } from './summary-operations';

// A load or unload changes the summaries: any change to the project (its status) reads them again.
const CONTEXT = { additionalTypenames: ['Project', 'Text'] };

/**
 * Sending, about to, or sent: the project's summaries and pace follow the texts live. Complete stays live because
 * delivery receipts and replies keep arriving after the last text went out.
 */
const LIVE_STATUSES: readonly string[] = ['Queued', 'Sending', 'Complete'];

export const isLiveProject = (projectStatus: string) => LIVE_STATUSES.includes(projectStatus);

/**
 * Sending pausing by itself or ending (Sending → Complete), seen in a pushed summary: the project's status and
 * actions are read again, so the badge and the controls follow without a reload (and the live summary stops).
 */
export function useLifecycleNoticed(
  projectId: string,
  summary: { projectStatus: string; pauseReason?: string | null } | null,
) {
  const state = summary ? `${summary.projectStatus}|${summary.pauseReason ?? ''}` : undefined;
  const client = useClient();
  const seen = useRef(state);
  useEffect(() => {
    const before = seen.current;
    if (state === undefined || before === state) return;
    seen.current = state;
    if (before === undefined) return;
    const fresh = { requestPolicy: 'network-only' as const, additionalTypenames: ['Project'] };
    void client.query(PROJECT_LIFECYCLE, { id: projectId }, fresh).toPromise();
  }, [client, projectId, state]);
}

/**
 * The project's summaries (spec §7), shared by the overview and the insights tab: one query, one cache entry. While
 * `live` (the project queued or sending), the server pushes the summary again as texts move, and the latest pushed
 * one is shown (`pushed`, a new object at each push; null when not live); useLifecycleNoticed follows a change of
 * status seen in it.
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
  const latestPush = live ? (pushed.data?.projectSendingProgress ?? null) : null;
  const summary = latestPush ?? result.data?.projectSummary ?? null;
  return { summary, pushed: latestPush, fetching: result.fetching, error: result.error };
}
