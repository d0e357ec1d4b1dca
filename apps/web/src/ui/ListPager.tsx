import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PageInfo } from './types';

interface Props {
  totalCount: number | undefined;
  pageInfo: PageInfo | undefined;
  onPrevious(): void;
  onNext(): void;
}

/** The total and the cursor page buttons under an index table. */
export function ListPager({ totalCount, pageInfo, onPrevious, onNext }: Props) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {totalCount === undefined ? '' : `Total: ${totalCount}`}
      </Text>
      <Group gap="xs">
        <ActionIcon
          variant="default"
          aria-label="Previous page"
          disabled={!pageInfo?.hasPreviousPage}
          onClick={onPrevious}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Next page" disabled={!pageInfo?.hasNextPage} onClick={onNext}>
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
