import { ActionIcon, Alert, Group, Stack, Table, Text, Title } from '@mantine/core';
import { formatPhone, humanize } from '@canvass/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import type {
  ListSummaryOption,
  ProjectExcludedPhonesQuery,
  ProjectExcludedPhonesQueryVariables,
} from '../../gql/graphql';
import { errorText } from '../../ui/notify';
import { PROJECT_EXCLUDED_PHONES } from './summary-operations';

const CONTEXT = { additionalTypenames: ['Project'] };

const EMPTY: Record<ListSummaryOption, string> = {
  duplicates: 'No duplicate phones: the project has not been loaded, or its list has none.',
  invalids: 'No invalid phones: the project has not been loaded, or its list has none.',
  optOuts: 'No opted-out phones: the project has not been loaded, or none of its recipients opted out.',
};

/**
 * The duplicate_phones, invalid_phones and opt_out_phones tabs (spec §2, §7): the rows the load left out for that
 * reason, in sheet order, 50 a page, forward by cursor (earlier pages are kept to go back to).
 */
export function ExcludedPhonesTab({
  projectId,
  tab,
  title,
}: {
  projectId: string;
  tab: ListSummaryOption;
  title: string;
}) {
  // The cursors of the pages before this one: going back pops one.
  const [cursors, setCursors] = useState<(string | null)[]>([]);
  const after = cursors.at(-1) ?? null;
  const variables = useMemo(() => ({ projectId, tab, after }), [projectId, tab, after]);
  const [result] = useQuery<ProjectExcludedPhonesQuery, ProjectExcludedPhonesQueryVariables>({
    query: PROJECT_EXCLUDED_PHONES,
    variables,
    context: CONTEXT,
  });
  const page = result.data?.projectExcludedPhones;

  return (
    <Stack gap="md">
      <Title order={3}>{title}</Title>
      {result.error && <Alert color="red">{errorText(result.error)}</Alert>}
      {page && page.nodes.length === 0 && cursors.length === 0 ? (
        <Text c="dimmed">{EMPTY[tab]}</Text>
      ) : (
        <Table aria-label={title} aria-busy={result.fetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Phone</Table.Th>
              <Table.Th>First name</Table.Th>
              <Table.Th>Last name</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.nodes.map((row) => (
              <Table.Tr key={`${row.reason}-${row.rowId}`}>
                <Table.Td>{row.position}</Table.Td>
                <Table.Td>
                  {row.number && /^\d{10}$/.test(row.number) ? formatPhone(row.number) : (row.number ?? '—')}
                </Table.Td>
                <Table.Td>{row.firstName ?? '—'}</Table.Td>
                <Table.Td>{row.lastName ?? '—'}</Table.Td>
                <Table.Td>{humanize(row.reason)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" gap="xs">
        <ActionIcon
          variant="default"
          aria-label="Previous page"
          disabled={cursors.length === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label="Next page"
          disabled={!page?.hasNextPage}
          onClick={() => page?.endCursor && setCursors((c) => [...c, page.endCursor])}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
