import { newestRead } from '@canvass/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useClient, useQuery, useSubscription, type Client } from 'urql';
import type {
  ProjectSendingProgressSubscription,
  ProjectSendingProgressSubscriptionVariables,
  ProjectSummaryQuery,
  ProjectSummaryQueryVariables,
} from '../../gql/graphql';
import { PROJECT_LIFECYCLE } from './project-operations';
import { PROJECT_SENDING_PROGRESS, PROJECT_SUMMARY, type ProjectSummary } from './summary-operations';

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
 * The newest summary of each project this session has shown, per urql client (so per session): a screen mounted
 * again (the overview after the insights tab) starts from it rather than from an older cached answer.
 */
const shownSummaries = new WeakMap<Client, Map<string, ProjectSummary>>();

/**
 * Of the stored answer, the pushed update and what the session already showed, the one read in the latest snapshot
 * (its version): an answer or a push that arrives late, or a cached answer met on the way back to the page, never
 * replaces a newer summary (issue 35 §4: Queued 1,864 → 1,243 → 1,789).
 */
function useNewestSummary(client: Client, projectId: string, ...reads: (ProjectSummary | null)[]) {
  let shown = shownSummaries.get(client);
  if (!shown) shownSummaries.set(client, (shown = new Map()));
  const newest = reads.reduce<ProjectSummary | null>((a, b) => newestRead(a, b), shown.get(projectId) ?? null);
  if (newest) shown.set(projectId, newest);
  return newest;
}

/**
 * The project's summaries (spec §7), shared by the overview and the insights tab: one query, one cache entry. While
 * `live` (the project queued or sending), the server pushes the summary again as texts move, and the newest of the
 * answer and the pushes is shown (`pushed`: the latest push, a new object at each; null when not live);
 * useLifecycleNoticed follows a change of status seen in it.
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
  const summary = useNewestSummary(useClient(), projectId, result.data?.projectSummary ?? null, latestPush);
  return { summary, pushed: latestPush, fetching: result.fetching, error: result.error };
}
