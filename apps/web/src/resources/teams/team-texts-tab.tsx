import { Loader } from '@mantine/core';
import { textEntry } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { TeamMembersQuery, TeamMembersQueryVariables } from '../../gql/graphql';
import { ResourceIndex } from '../../ui/resource-index';
import type { Filter } from '../../ui/types';
import { TeamMembers } from './team-operations';

/**
 * A team's texts (spec §2 teams/{id}): the texts its members are the texters of, read through the (organization,
 * texter, status) index, one range a member; a team without members has none.
 */
export function TeamTextsTab({ teamId, title }: { teamId: string; title: string }) {
  const context = useMemo(() => ({ additionalTypenames: ['TeamMember'] }), []);
  const [members] = useQuery<TeamMembersQuery, TeamMembersQueryVariables>({
    query: TeamMembers.source,
    variables: { teamId },
    context,
  });
  const ids = members.data?.teamMembers.map((m) => m.userId);
  const key = ids?.join(',');
  const filters = useMemo<Filter[]>(
    () => [{ field: 'texterId', operation: 'In', arrayValues: key ? key.split(',') : [] }],
    [key],
  );
  if (!ids) return <Loader size="sm" />;
  return <ResourceIndex def={textEntry} title={title} filters={filters} />;
}
