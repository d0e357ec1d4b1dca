import { Center, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { Sort } from './use-resource-list';

interface Props {
  column: string;
  label: string;
  sort: Sort;
  onSort(column: string): void;
}

/** A column header that sorts the list by its column; aria-sort tells assistive tech the current order. */
export function SortableHeader({ column, label, sort, onSort }: Props) {
  const active = sort.sortBy === column;
  const Icon = !active ? IconSelector : sort.sortOrder === 'Asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th aria-sort={active ? (sort.sortOrder === 'Asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)}>
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <Center>
            <Icon size={14} stroke={1.5} aria-hidden />
          </Center>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
