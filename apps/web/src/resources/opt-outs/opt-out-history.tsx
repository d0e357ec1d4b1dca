import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { OptOutChangeAction, OptOutChangeSource, OptOutType } from '@canvass/domain';
import { useQuery } from 'urql';
import type { OptOutHistoryQuery, OptOutHistoryQueryVariables } from '../../gql/graphql';
import { formatDateTime } from '../../ui/format';
import { errorText } from '../../ui/notify';
import { OPT_OUT_HISTORY } from './opt-out-operations';

/** The audited changes of an opt-out (this number for this client), newest first: who, when, how, where, why. */
export function OptOutHistory({ optOutId }: { optOutId: string }) {
  const [result] = useQuery<OptOutHistoryQuery, OptOutHistoryQueryVariables>({
    query: OPT_OUT_HISTORY,
    variables: { id: optOutId },
    requestPolicy: 'cache-and-network',
  });
  const history = result.data?.optOut?.history;

  return (
    <Stack gap="xs">
      <Title order={3}>History</Title>
      {result.error && (
        <Alert color="red" title="Failed">
          {errorText(result.error)}
        </Alert>
      )}
      {!history && !result.error && <Loader size="sm" />}
      {history?.length === 0 && <Text c="dimmed">No recorded changes</Text>}
      {history && history.length > 0 && (
        <Table aria-label="Opt-out history" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.map((change) => (
              <Table.Tr key={change.id}>
                <Table.Td>{formatDateTime(change.createdAt)}</Table.Td>
                <Table.Td>
                  <Badge color={OptOutChangeAction.colour(change.action)} variant="light">
                    {OptOutChangeAction.label(change.action)}
                  </Badge>{' '}
                  {change.optOutType ? OptOutType.label(change.optOutType) : ''}
                </Table.Td>
                <Table.Td>{change.userName ?? '—'}</Table.Td>
                <Table.Td>{OptOutChangeSource.label(change.source)}</Table.Td>
                <Table.Td>{change.ipAddress ?? '—'}</Table.Td>
                <Table.Td>{change.reason ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
