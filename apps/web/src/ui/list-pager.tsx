import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { PageInfo } from './types';

/** How many rows the list has: exact, or at least `count` when the server stopped counting there. */
export interface ListTotal {
  count: number;
  capped: boolean;
}

interface Props {
  total: ListTotal | undefined;
  pageInfo: PageInfo | undefined;
  onPrevious(): void;
  onNext(): void;
}

/** The total and the cursor page buttons under an index table. */
export function ListPager({ total, pageInfo, onPrevious, onNext }: Props) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {total ? `Total: ${total.count.toLocaleString('en-US')}${total.capped ? '+' : ''}` : ''}
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
