import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { humanize, type project, type RecordOf } from '@canvass/domain';
import { formatDate } from '../../ui/format';
import { errorText } from '../../ui/notify';
import { SendingPaceChart } from './sending-pace-chart';
import { isLiveProject, useLifecycleNoticed, useProjectSummary } from './use-project-summary';

/**
 * The insights tab (spec §7 text insights): how fast the texts went out per provider, and the project's texts by day
 * and status, as the load and sending count them. While the project sends, both follow the texts without a reload.
 */
export function ProjectInsightsTab({ record }: { record: RecordOf<typeof project> }) {
  const projectId = record.id;
  const { summary, pushed, error } = useProjectSummary(projectId, isLiveProject(record.projectStatus));
  useLifecycleNoticed(projectId, summary);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!summary) return <Loader />;
  return (
    <Stack gap="md">
      <Title order={3}>Insights</Title>
      <SendingPaceChart projectId={projectId} moved={pushed} />
      {summary.insights.length === 0 ? (
        <Text c="dimmed">No texts yet: the insights appear once the project is loaded.</Text>
      ) : (
        <Table aria-label="Insights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Texts</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {summary.insights.map((i) => (
              <Table.Tr key={`${i.day}-${i.textStatus}`}>
                <Table.Td>{formatDate(i.day)}</Table.Td>
                <Table.Td>{humanize(i.textStatus)}</Table.Td>
                <Table.Td ta="right">{i.count.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
