import { project } from '@canvass/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useClient, useQuery, type CombinedError } from 'urql';
import type { ProjectLifecycleQuery, ProjectLifecycleQueryVariables } from '../../gql/graphql';
import { documentsFor } from '../../ui/documents';
import { useFollowedLoad } from '../../ui/use-followed-load';
import { PROJECT_LIFECYCLE, type ProjectLifecycle } from './project-operations';
import { PROJECT_SUMMARY } from './summary-operations';

/** Spec §4/§9: while the status group is Loading, the project's status is re-read every 5 seconds. */
export const PROJECT_POLL_MS = 5000;

export interface ProjectLifecycleState {
  lifecycle: ProjectLifecycle | null;
  /** While the project loads or unloads: rows processed and the total when the load knows it; else null. */
  processed: number | null;
  total: number | null;
  error: CombinedError | undefined;
}

/**
 * The project's status and what the viewer may do with it now (actions, transitions, status options, pause), as the
 * server decides from the domain's lifecycle table. While the project loads or unloads, its load task is followed
 * live and the status re-read every 5 s as the fallback (the lists' useFollowedLoad); when the status it reads
 * changes, the record the page shows (overview, forms) and the summaries are read again too, so all agree.
 */
export function useProjectLifecycle(projectId: string): ProjectLifecycleState {
  const client = useClient();
  const context = useMemo(() => ({ additionalTypenames: ['Project'] }), []);
  const [result, refetch] = useQuery<ProjectLifecycleQuery, ProjectLifecycleQueryVariables>({
    query: PROJECT_LIFECYCLE,
    variables: { id: projectId },
    context,
    requestPolicy: 'cache-and-network',
  });
  const lifecycle = result.data?.project ?? null;
  const reread = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  const { processed, total } = useFollowedLoad({
    loading: lifecycle?.projectStatusGroup === 'Loading',
    task: lifecycle?.loadTask,
    reread,
    pollMs: PROJECT_POLL_MS,
  });

  // A status seen to change under the page (a load ending): the page's own queries are read again.
  const status = lifecycle?.projectStatus;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (!before || !status || before === status) return;
    const fresh = { requestPolicy: 'network-only' as const, ...context };
    void client.query(documentsFor(project).get, { id: projectId }, fresh).toPromise();
    void client.query(PROJECT_SUMMARY, { projectId }, fresh).toPromise();
  }, [status, client, projectId, context]);

  return { lifecycle, processed, total, error: result.error };
}
