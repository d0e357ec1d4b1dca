import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label/value rows for a read-only overview card. */
export function DetailList({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(({ label, value }) => (
          <Table.Tr key={label}>
            <Table.Th w={180}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
