import { Alert, Card, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { asSentence, optimizedPercent } from '@canvass/domain';
import { formatDateTime } from '../../ui/format';
import { errorText } from '../../ui/notify';
import type { ListState } from './list-operations';
import { isErrorStatus, loadErrorText, useListLoad } from './use-list-load';

/** One figure of the stats grid. */
function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {value}
      </Text>
    </Card>
  );
}

const count = (n: number) => n.toLocaleString();

/** The figures the load stored (spec §9 Optimized %: 100 × (1 − optimized / total), truncated). */
function stats(list: ListState): [string, string][] {
  return [
    ['Rows', count(list.rowsCount)],
    ['Valid', count(list.validRowsCount)],
    ['Invalid', count(list.invalidRowsCount)],
    ['Duplicates', count(list.duplicateRowsCount)],
    ['Opted out', count(list.optedOutRowsCount)],
    ['Do not contact', count(list.doNotContactRowsCount)],
    ['Optimized rows', count(list.optimizedRowsCount)],
    ['Optimized %', `${optimizedPercent(list.optimizedRowsCount, list.rowsCount)}%`],
  ];
}

/** The list overview: its stored totals, where it came from, when it last loaded, and why a load failed. */
export function ListOverview({ record }: { record: { id: string } }) {
  const { list, error } = useListLoad(record);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (!list) return <Loader />;
  const source = list.googleSheetKey ? `Google Sheet ${list.googleSheetKey}` : (list.uploadFilename ?? 'Uploaded file');
  return (
    <Stack gap="lg">
      {isErrorStatus(list.listStatus) && (
        <Alert color="red" title="The last load failed">
          {asSentence(loadErrorText(list))} Fix it in General (upload the file again, or choose the sheet and column
          roles) and load the list again; the rows of the last successful load are kept until then.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {stats(list).map(([label, value]) => (
          <Stat key={label} label={label} value={value} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Last loaded
          </Text>
          <Text size="sm">{formatDateTime(list.lastLoadedAt) || 'Not loaded yet'}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Source
          </Text>
          <Text size="sm">{source}</Text>
        </div>
      </SimpleGrid>
    </Stack>
  );
}
