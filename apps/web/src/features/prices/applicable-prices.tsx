import { Alert, Loader, Table, Text } from '@mantine/core';
import { messages } from '@canvass/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import type { ApplicablePricesQuery, ApplicablePricesQueryVariables } from '../../gql/graphql';
import { formatDate } from '../../ui/format';
import { errorText } from '../../ui/notify';
import { APPLICABLE_PRICES } from './prices-operations';

/** What applicable prices are asked for: a project (its own, its client's, the organization's) or a client. */
export type PricedTarget = { projectId: string } | { clientId: string };

export type ApplicablePrice = NonNullable<ApplicablePricesQuery['applicablePrices']>[number];

// Saved prices change what applies: a save of any level refreshes it.
const CONTEXT = { additionalTypenames: ['Price'] };

/**
 * The price that applies now (or at `at`) to each kind of message of a project or client, with the level it comes
 * from (spec §3: project, else client, else organization; the latest start by then). A kind with no price has
 * `price` and `level` null and `headerPrice` (spec §9) to fall back on. Null data when the viewer may not see it.
 */
export function useApplicablePrices(target: PricedTarget, at?: string) {
  const variables = useMemo<ApplicablePricesQueryVariables>(
    () => ({
      projectId: 'projectId' in target ? target.projectId : null,
      clientId: 'clientId' in target ? target.clientId : null,
      at: at ?? null,
    }),
    [target, at],
  );
  const [result] = useQuery<ApplicablePricesQuery, ApplicablePricesQueryVariables>({
    query: APPLICABLE_PRICES,
    variables,
    context: CONTEXT,
  });
  return { prices: result.data?.applicablePrices ?? null, fetching: result.fetching, error: result.error };
}

const source = (p: ApplicablePrice) =>
  p.level && p.startAt ? `${p.level} from ${formatDate(p.startAt.slice(0, 10))}` : 'No price set: header price';

/** Each kind of message with the price that applies and where it comes from (a project's prices tab, its overview). */
export function ApplicablePrices({ target, at }: { target: PricedTarget; at?: string }) {
  const { prices, fetching, error } = useApplicablePrices(target, at);
  if (error)
    return (
      <Alert color="red" title={messages.failed}>
        {errorText(error)}
      </Alert>
    );
  if (fetching && !prices) return <Loader aria-label="Loading prices" />;
  if (!prices) return <Text c="dimmed">No prices to show</Text>;
  return (
    <Table aria-label="Applicable prices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Service</Table.Th>
          <Table.Th>Campaign type</Table.Th>
          <Table.Th>Direction</Table.Th>
          <Table.Th>Price</Table.Th>
          <Table.Th>From</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {prices.map((p) => (
          <Table.Tr key={`${p.messagingServiceType}-${p.campaignType}-${p.isSent}`}>
            <Table.Td>{p.messagingServiceType}</Table.Td>
            <Table.Td>{p.campaignType}</Table.Td>
            <Table.Td>{p.isSent ? 'Sent' : 'Received'}</Table.Td>
            <Table.Td>{p.price ?? p.headerPrice}</Table.Td>
            <Table.Td>{source(p)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
