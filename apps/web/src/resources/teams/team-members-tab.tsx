import { Anchor, Button, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, type CombinedError } from 'urql';
import type {
  AddTeamMemberMutation,
  AddTeamMemberMutationVariables,
  RemoveTeamMemberMutation,
  RemoveTeamMemberMutationVariables,
  SetTeamLeadMutation,
  SetTeamLeadMutationVariables,
  TeamMemberCandidatesQuery,
  TeamMemberCandidatesQueryVariables,
  TeamMembersQuery,
  TeamMembersQueryVariables,
} from '../../gql/graphql';
import { useSession } from '../../session/session';
import { errorText, fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import { abilitiesOf, type FieldError, type ResourceRecord } from '../../ui/types';
import { AddTeamMember, RemoveTeamMember, SetTeamLead, TeamMemberCandidates, TeamMembers } from './team-operations';

/** What every membership change answers. */
type Change = { message: string | null; errors: FieldError[] } | undefined;

/** 'All changes saved', or the refusal in the server's words; true when it was saved. */
function reportChange(payload: Change, error: CombinedError | undefined): boolean {
  if (error) notifyFailed(errorText(error));
  else if (payload && payload.errors.length) notifyFailed(fieldErrorsText(payload.errors));
  else {
    notifySaved();
    return true;
  }
  return false;
}

/**
 * A team's users tab (spec §2 teams/{id}): its members with their team-lead mark, and for those who may update the
 * team, adding a user of the organization (an inline search of 5, spec §9), removing one, marking leads.
 */
export function TeamMembersTab({ record }: { record: ResourceRecord }) {
  const teamId = record.id;
  const editable = abilitiesOf(record).update;
  // Spec §6: a Client-type user sees other users' names as plain text, not links.
  const { user } = useSession();
  const linkNames = user?.role !== 'Client';
  const context = useMemo(() => ({ additionalTypenames: ['TeamMember'] }), []);
  const [members, refetch] = useQuery<TeamMembersQuery, TeamMembersQueryVariables>({
    query: TeamMembers.source,
    variables: { teamId },
    context,
  });
  const [removing, remove] = useMutation<RemoveTeamMemberMutation, RemoveTeamMemberMutationVariables>(
    RemoveTeamMember.source,
  );
  const [marking, mark] = useMutation<SetTeamLeadMutation, SetTeamLeadMutationVariables>(SetTeamLead.source);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const busy = removing.fetching || marking.fetching;
  const rows = members.data?.teamMembers ?? [];

  const onRemove = async (userId: string) => {
    const res = await remove({ teamId, userId });
    if (reportChange(res.data?.removeTeamMember, res.error)) reload();
  };
  const onLead = async (userId: string, isLead: boolean) => {
    const res = await mark({ teamId, userId, isLead });
    if (reportChange(res.data?.setTeamLead, res.error)) reload();
  };

  return (
    <Stack gap="md">
      <Title order={3}>Users</Title>
      {editable && <AddMember teamId={teamId} onAdded={reload} />}
      {members.error && <Text c="red">{errorText(members.error)}</Text>}
      <Table aria-label="Team members" aria-busy={members.fetching}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Team lead</Table.Th>
            {editable && <Table.Th aria-label="Actions" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.data && rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text c="dimmed" size="sm">
                  This team has no members yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                {linkNames ? (
                  <Anchor component={Link} to={`/users/${m.userId}`}>
                    {m.name}
                  </Anchor>
                ) : (
                  m.name
                )}
              </Table.Td>
              <Table.Td>{m.email}</Table.Td>
              <Table.Td>
                <Switch
                  aria-label={`${m.name} is a team lead`}
                  checked={m.isLead}
                  disabled={!editable || busy}
                  onChange={(e) => void onLead(m.userId, e.currentTarget.checked)}
                />
              </Table.Td>
              {editable && (
                <Table.Td>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    disabled={busy}
                    onClick={() => void onRemove(m.userId)}
                  >
                    Remove {m.name}
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The inline search of users to add (5 at most, spec §9) and its Add button. */
function AddMember({ teamId, onAdded }: { teamId: string; onAdded(): void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const [candidates] = useQuery<TeamMemberCandidatesQuery, TeamMemberCandidatesQueryVariables>({
    query: TeamMemberCandidates.source,
    variables: { teamId, search: debounced },
    requestPolicy: 'network-only',
  });
  const [adding, add] = useMutation<AddTeamMemberMutation, AddTeamMemberMutationVariables>(AddTeamMember.source);
  const found = (candidates.data?.teamMemberCandidates ?? []).map((c) => ({
    value: c.id,
    label: `${c.name} (${c.email})`,
  }));
  // Choosing puts the option's label in the search box; the choice stays an option while that search runs.
  const options = chosen && !found.some((o) => o.value === chosen.value) ? [chosen, ...found] : found;

  const onAdd = async () => {
    if (!chosen) return;
    const res = await add({ teamId, userId: chosen.value });
    if (reportChange(res.data?.addTeamMember, res.error)) {
      setChosen(null);
      setSearch('');
      onAdded();
    }
  };

  return (
    <Group align="flex-end">
      <Select
        label="Add a user"
        placeholder="Search users by name or email"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={chosen?.value ?? null}
        onChange={(_value, option) => setChosen(option ?? null)}
        // The server already searched: show what it found as it is.
        filter={({ options: all }) => all}
        nothingFoundMessage={candidates.fetching ? 'Searching…' : 'No users found'}
        w={360}
      />
      <Button
        leftSection={<IconUserPlus size={16} />}
        disabled={!chosen}
        loading={adding.fetching}
        onClick={() => void onAdd()}
      >
        Add
      </Button>
    </Group>
  );
}
