import { Badge, Group, Stack } from '@mantine/core';
import { ListStatus } from '@canvass/domain';
import { LoadProgress } from '../../ui/load-progress';
import { useListLoad } from './use-list-load';

/** The list header's status badge (no dropdown: the load drives it) and, while loading, rows processed of total. */
export function ListLoadHeader({ record }: { record: { id: string } }) {
  const { list, loading, processed, total } = useListLoad(record, { watch: true });
  if (!list) return null;
  return (
    <Stack gap={6} mt="xs" maw={420}>
      <Group gap="xs">
        <Badge color={ListStatus.colour(list.listStatus)} variant="light" aria-label="List status">
          {ListStatus.label(list.listStatus)}
        </Badge>
      </Group>
      {loading && <LoadProgress processed={processed} total={total} pending="Loading the list…" />}
    </Stack>
  );
}
