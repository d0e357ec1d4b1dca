import { Alert, Button, Group, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatPhone } from '@canvass/domain';
import { IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { useSession } from '../../session/session';
import type {
  AddDoNotContactNumberMutation,
  AddDoNotContactNumberMutationVariables,
  DoNotContactNumbersQuery,
  DoNotContactNumbersQueryVariables,
  RemoveDoNotContactNumberMutation,
  RemoveDoNotContactNumberMutationVariables,
} from '../../gql/graphql';
import { SEARCH_DEBOUNCE_MS } from '../../ui/constants';
import { RemoveFormModal } from '../../ui/remove-form-modal';
import { formatDateTime } from '../../ui/format';
import { errorText, notifySuccess } from '../../ui/notify';
import { ADD_DO_NOT_CONTACT, DO_NOT_CONTACT_NUMBERS, REMOVE_DO_NOT_CONTACT } from './do-not-contact-operations';

export const DO_NOT_CONTACT_PAGE_SIZE = 20;

// The page and the count are fetched again after an add or a removal (the count changes with either).
const REFRESH = { additionalTypenames: ['DoNotContactNumber', 'DoNotContactPage'] };

type Payload = AddDoNotContactNumberMutation['addDoNotContactNumber'];

/** The payload's words for the number field, or the failure itself. */
function problemOf(result: { error?: unknown; data?: unknown }, payload: Payload | undefined): string | null {
  if (result.error) return errorText(result.error as Parameters<typeof errorText>[0]);
  if (!payload) return 'Failed';
  return payload.errors.length ? payload.errors.flatMap((e) => e.messages).join(' ') : null;
}

/** Adds one number; the server cleans it as list phones are and says when it is not a 10-digit number. */
function AddNumberForm() {
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [state, add] = useMutation<AddDoNotContactNumberMutation, AddDoNotContactNumberMutationVariables>(
    ADD_DO_NOT_CONTACT,
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await add({ number }, REFRESH);
    const payload = result.data?.addDoNotContactNumber;
    const problem = problemOf(result, payload);
    setError(problem);
    if (problem || !payload) return;
    setNumber('');
    notifySuccess(payload.message ?? '');
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput
          aria-label="Number to add"
          placeholder="(212)-555-0100"
          value={number}
          onChange={(e) => {
            setNumber(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconPlus size={16} />} loading={state.fetching}>
          Add number
        </Button>
      </Group>
    </form>
  );
}

/** Asks before a number may be texted again; the reason (optional) is kept in its audit record. */
function RemoveNumberDialog({ number, onClose }: { number: string | null; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [state, remove] = useMutation<RemoveDoNotContactNumberMutation, RemoveDoNotContactNumberMutationVariables>(
    REMOVE_DO_NOT_CONTACT,
  );
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!number) return;
    const result = await remove({ number, reason: reason.trim() || null }, REFRESH);
    const payload = result.data?.removeDoNotContactNumber;
    const problem = problemOf(result, payload);
    setFailure(problem);
    if (problem || !payload) return;
    notifySuccess(payload.message ?? '');
    setReason('');
    onClose();
  }
  return (
    <RemoveFormModal
      opened={number !== null}
      title={`Remove ${formatPhone(number ?? '')}?`}
      busy={state.fetching}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      {failure && <Alert color="red">{failure}</Alert>}
      <Text size="sm">The organization may text this number again.</Text>
      <Textarea label="Reason" rows={2} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </RemoveFormModal>
  );
}

/**
 * The organization's do-not-contact numbers (spec §2 organization do-not-contact tab): how many there are, the
 * numbers in order with search and paging, add one, remove one. Exported for the organization page's tab.
 */
export function DoNotContactPanel() {
  const { can } = useSession();
  const mayChange = can('Update', 'Organization');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.replace(/\D/g, ''), SEARCH_DEBOUNCE_MS);
  // The cursors of the pages before this one: Previous pops one; a new search starts again.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [removing, setRemoving] = useState<string | null>(null);
  const after = cursors[cursors.length - 1];
  const [result] = useQuery<DoNotContactNumbersQuery, DoNotContactNumbersQueryVariables>({
    query: DO_NOT_CONTACT_NUMBERS,
    variables: { search: debounced || null, after, first: DO_NOT_CONTACT_PAGE_SIZE },
    context: REFRESH,
  });
  const page = result.data?.doNotContactNumbers;
  const total = result.data?.doNotContactCount;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3}>Do not contact</Title>
        <Text aria-label="Do-not-contact count" fw={600}>
          {total === undefined ? '…' : `${total.toLocaleString('en-US')} ${total === 1 ? 'number' : 'numbers'}`}
        </Text>
      </Group>
      {mayChange && <AddNumberForm />}
      <TextInput
        aria-label="Search do-not-contact numbers"
        placeholder="Search by number"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setCursors([null]);
        }}
      />
      {result.error && (
        <Alert color="red" title="Failed">
          {errorText(result.error)}
        </Alert>
      )}
      {page && page.nodes.length === 0 && <Text c="dimmed">No do-not-contact numbers</Text>}
      {page && page.nodes.length > 0 && (
        <Table aria-label="Do-not-contact numbers" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Number</Table.Th>
              <Table.Th>Marked</Table.Th>
              {mayChange && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.nodes.map((n) => (
              <Table.Tr key={n.number}>
                <Table.Td>{formatPhone(n.number)}</Table.Td>
                <Table.Td>{formatDateTime(n.updatedAt)}</Table.Td>
                {mayChange && (
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="subtle"
                      leftSection={<IconTrash size={14} />}
                      aria-label={`Remove ${formatPhone(n.number)}`}
                      onClick={() => setRemoving(n.number)}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" disabled={cursors.length < 2} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous
        </Button>
        <Button
          variant="default"
          disabled={!page?.hasNextPage}
          onClick={() => page?.endCursor && setCursors((c) => [...c, page.endCursor])}
        >
          Next
        </Button>
      </Group>
      <RemoveNumberDialog number={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
