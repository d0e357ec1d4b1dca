import { Alert, ScrollArea, Table } from '@mantine/core';
import type { StepperListView } from './use-stepper-list';
import { TABLE_MAX_HEIGHT } from './step-props';

/** List Import, Summary: what the chosen list holds (spec §7 list summary: duplicates, invalids, opt-outs). */
export function ListSummaryStep({ list }: { list: StepperListView | null }) {
  if (!list) return <Alert color="yellow">Choose a list in Setup first.</Alert>;
  const rows: [string, number | string][] = [
    ['Rows', list.rowsCount],
    ['Duplicates', list.duplicateRowsCount],
    ['Invalids', list.invalidRowsCount],
    ['Opt-outs', list.optedOutRowsCount],
    ['Optimized rows', list.optimizedRowsCount],
    ['Optimized %', `${list.optimizedPercent}%`],
  ];
  return (
    <ScrollArea.Autosize mah={TABLE_MAX_HEIGHT}>
      <Table aria-label="List summary">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th>{label}</Table.Th>
              <Table.Td aria-label={label}>{typeof value === 'number' ? value.toLocaleString() : value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
