import { project } from '@canvass/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useClient, useQuery, type CombinedError } from 'urql';
import type { ProjectLifecycleQuery, ProjectLifecycleQueryVariables } from '../../gql/graphql';
import { documentsFor } from '../../ui/documents';
import { PROJECT_LIFECYCLE, type ProjectLifecycle } from './project-operations';

/** Spec §4/§9: while the status group is Loading, the project's status is re-read every 5 seconds. */
export const PROJECT_POLL_MS = 5000;

export interface ProjectLifecycleState {
  lifecycle: ProjectLifecycle | null;
  error: CombinedError | undefined;
}

/**
 * The project's status and what the viewer may do with it now (actions, transitions, status options, pause), as the
 * server decides from the domain's lifecycle table. Re-read every 5 s while the project loads or unloads; when the
 * status it reads changes, the record the page shows (overview, forms) is read again too, so both agree.
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
  const loading = lifecycle?.projectStatusGroup === 'Loading';

  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => refetch({ requestPolicy: 'network-only' }), PROJECT_POLL_MS);
    return () => clearInterval(timer);
  }, [loading, refetch]);

  // A status seen to change under the page (a load ending) re-reads the record: the page's own query shares the key.
  const status = lifecycle?.projectStatus;
  const seen = useRef(status);
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (!before || !status || before === status) return;
    void client
      .query(documentsFor(project).get, { id: projectId }, { requestPolicy: 'network-only', ...context })
      .toPromise();
  }, [status, client, projectId, context]);

  return { lifecycle, error: result.error };
}
