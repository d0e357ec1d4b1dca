import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { ProjectSummaryQuery, ProjectSummaryQueryVariables } from '../../gql/graphql';
import { PROJECT_SUMMARY } from './summary-operations';

// A load or unload changes the summaries: any change to the project (its status) reads them again.
const CONTEXT = { additionalTypenames: ['Project', 'Text'] };

/** The project's summaries (spec §7), shared by the overview and the insights tab: one query, one cache entry. */
export function useProjectSummary(projectId: string) {
  const variables = useMemo(() => ({ projectId }), [projectId]);
  const [result] = useQuery<ProjectSummaryQuery, ProjectSummaryQueryVariables>({
    query: PROJECT_SUMMARY,
    variables,
    context: CONTEXT,
  });
  return { summary: result.data?.projectSummary ?? null, fetching: result.fetching, error: result.error };
}
