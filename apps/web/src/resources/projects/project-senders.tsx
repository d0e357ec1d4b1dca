import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { deliverabilityMessages, formatPhone } from '@canvass/domain';
import type { ProjectSummary } from './summary-operations';

type Sender = ProjectSummary['senders'][number];

const n = (count: number) => count.toLocaleString('en-US');
const percent = (rate: number | null | undefined) => (rate == null ? '—' : `${(rate * 100).toFixed(1)}%`);

/**
 * Each sender number's delivery in the project (issue 15 §4): sent, delivered, failed and the delivery rate, and a
 * warning on a number whose failures are rising, so a staffer can pause it before the carrier blocks it.
 */
export function ProjectSenders({ senders }: { senders: readonly Sender[] }) {
  if (!senders.length) return null;
  const flagged = senders.filter((s) => s.highFailureRate);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Sender numbers
      </Text>
      {flagged.length > 0 && (
        <Alert color="orange" title={deliverabilityMessages.highFailureRate} aria-label="High failure rate">
          {flagged.map((s) => formatPhone(s.number)).join(', ')}: {deliverabilityMessages.highFailureRateAdvice}
        </Alert>
      )}
      <Table aria-label="Sender numbers" verticalSpacing={2}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Provider</Table.Th>
            <Table.Th ta="right">Sent</Table.Th>
            <Table.Th ta="right">Delivered</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th ta="right">Delivery rate</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {senders.map((s) => (
            <Table.Tr key={s.phoneId}>
              <Table.Td>{formatPhone(s.number)}</Table.Td>
              <Table.Td>{s.provider ?? 'Unknown'}</Table.Td>
              <Table.Td ta="right">{n(s.sent)}</Table.Td>
              <Table.Td ta="right">{n(s.delivered)}</Table.Td>
              <Table.Td ta="right">{n(s.failed)}</Table.Td>
              <Table.Td ta="right">{percent(s.deliveryRate)}</Table.Td>
              <Table.Td>
                {s.highFailureRate && (
                  <Badge color="red" variant="light" title={deliverabilityMessages.highFailureRateAdvice}>
                    {deliverabilityMessages.highFailureRate}
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
