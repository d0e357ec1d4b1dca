import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { humanize } from '@canvass/domain';
import { formatDateTime } from '../../ui/format';
import { errorText } from '../../ui/notify';
import { ProjectSenders } from './project-senders';
import type { ProjectSummary } from './summary-operations';
import { useSendingRates, type Outcomes } from './sending-rates';
import { useLifecycleNoticed, useProjectSummary } from './use-project-summary';

const n = (count: number) => count.toLocaleString('en-US');

/** One labelled figure of the summary. */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={label}>
        {n(value)}
      </Text>
    </div>
  );
}

/** A small table of counts by key (status, provider, area code), with an optional total row. */
function Counts({
  title,
  rows,
  total,
}: {
  title: string;
  rows: readonly { key: string; count: number }[];
  total?: number;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <Table aria-label={title} withRowBorders={false} verticalSpacing={2}>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>{humanize(r.key)}</Table.Td>
                <Table.Td ta="right">{n(r.count)}</Table.Td>
              </Table.Tr>
            ))}
            {total !== undefined && (
              <Table.Tr>
                <Table.Td fw={600}>Total</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {n(total)}
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** While the project sends: its texts sent, delivered and failed per second, over the last few seconds. */
function SendingRates({ rates }: { rates: Outcomes }) {
  return (
    <Group gap="xl" aria-label="Sending now">
      <Figure label="Sent per second" value={rates.sent} />
      <Figure label="Delivered per second" value={rates.delivered} />
      <Figure label="Failed per second" value={rates.failed} />
    </Group>
  );
}

function SummaryBody({ summary, rates }: { summary: ProjectSummary; rates: Outcomes | null }) {
  return (
    <Stack gap="md">
      {summary.loadErrorMessage && (
        <Alert color="red" title="The load failed">
          {summary.loadErrorMessage}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Loaded {formatDateTime(summary.loadedAt)} from {n(summary.rowsCount)} rows of the list.
      </Text>
      <Group gap="xl">
        <Figure label="Total texts" value={summary.totalTexts} />
        <Figure label="Duplicate phones" value={summary.duplicatePhones} />
        <Figure label="Invalid phones" value={summary.invalidPhones} />
        <Figure label="Opt-out phones" value={summary.optOutPhones} />
      </Group>
      {rates && (summary.projectStatus !== 'Complete' || rates.sent + rates.delivered + rates.failed > 0) && (
        // A Complete project is live for its late receipts and replies: its rates show while they come.
        <SendingRates rates={rates} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        <Counts title="Text status" rows={summary.textStatus} />
        <Counts title="Texts per provider" rows={summary.textsPerProvider} />
        {/* Spec §9: the area-code summary shows the top 5 with a total. */}
        <Counts title="Area codes (top 5)" rows={summary.areaCodes.top} total={summary.areaCodes.total} />
        <Counts title="Left out of the list" rows={summary.excluded} />
      </SimpleGrid>
      <ProjectSenders senders={summary.senders} />
    </Stack>
  );
}

/**
 * The overview's summaries of a project (spec §7): totals, duplicates, invalids and opt-outs, texts by status and
 * provider, the top area codes with their total, why rows were left out, and each sender number's delivery; or that
 * the project is not loaded yet.
 * While `live` (queued or sending) the counts move as the texts go out, with the texts sent, delivered and failed
 * per second, and why sending paused by itself is shown.
 */
export function ProjectSummaryCard({ projectId, live = false }: { projectId: string; live?: boolean }) {
  const { summary, error } = useProjectSummary(projectId, live);
  useLifecycleNoticed(projectId, summary);
  const rates = useSendingRates(summary?.textStatus, live);
  return (
    <Card withBorder padding="lg" aria-label="Summaries" component="section">
      <Stack gap="sm">
        <Title order={4}>Summaries</Title>
        {summary?.pauseReason && (
          // No title: every reason already begins "Sending paused:", and a title said it a second time.
          <Alert color="orange" aria-label="Sending paused">
            {summary.pauseReason}
          </Alert>
        )}
        {summary?.providerTrouble && (
          <Alert color="orange" title="The provider is failing" aria-label="Provider failing">
            {summary.providerTrouble}. Its texts wait and are retried until it takes them again or the project ends.
          </Alert>
        )}
        {error ? (
          <Alert color="red">{errorText(error)}</Alert>
        ) : !summary ? null : summary.loadedAt ? (
          <SummaryBody summary={summary} rates={rates} />
        ) : (
          <Text size="sm" c="dimmed">
            Not loaded yet: the summaries appear once the project is loaded.
          </Text>
        )}
      </Stack>
    </Card>
  );
}
