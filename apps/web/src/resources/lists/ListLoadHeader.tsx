import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { ListStatus } from '@canvass/domain';
import { useListLoad } from './use-list-load';

/** The list header's status badge (no dropdown: the load drives it) and, while loading, rows processed of total. */
export function ListLoadHeader({ record }: { record: { id: string } }) {
  const { list, loading, processed, total } = useListLoad(record, { watch: true });
  if (!list) return null;
  const known = total !== null && total > 0 && processed !== null;
  return (
    <Stack gap={6} mt="xs" maw={420}>
      <Group gap="xs">
        <Badge color={ListStatus.colour(list.listStatus)} variant="light" aria-label="List status">
          {ListStatus.label(list.listStatus)}
        </Badge>
      </Group>
      {loading && (
        <>
          <Progress
            value={known ? Math.min(100, (100 * processed) / total) : 100}
            animated={!known}
            striped={!known}
            aria-label="Load progress"
          />
          <Text size="xs" c="dimmed">
            {known
              ? `${processed.toLocaleString()} of ${total.toLocaleString()} rows processed`
              : processed !== null
                ? `${processed.toLocaleString()} rows processed`
                : 'Loading the list…'}
          </Text>
        </>
      )}
    </Stack>
  );
}
