import { Alert, ScrollArea, Table } from '@mantine/core';
import { useQuery } from 'urql';
import type { StepperListImportSummaryQuery, StepperListImportSummaryQueryVariables } from '../../../gql/graphql';
import { StepperListImportSummary } from './stepper-operations';
import type { StepperListView } from './use-stepper-list';
import { TABLE_MAX_HEIGHT } from './step-props';

/**
 * List Import, Summary (spec §7 list summary: duplicates, invalids, opt-outs): what loading the chosen list into
 * this project would leave out and make, by the load's own rule (the project's client's opt-outs and its filters
 * included), so the figures are the ones the load then shows. The optimized rows and percent are the list's own.
 */
export function ListSummaryStep({ list, projectId }: { list: StepperListView | null; projectId: string | null }) {
  const [result] = useQuery<StepperListImportSummaryQuery, StepperListImportSummaryQueryVariables>({
    query: StepperListImportSummary.source,
    variables: { projectId: projectId ?? '', listId: list?.id ?? '' },
    pause: !list || !projectId,
    // The opt-outs and filters change between visits: always what the load would do now.
    requestPolicy: 'cache-and-network',
  });
  if (!list) return <Alert color="yellow">Choose a list in Setup first.</Alert>;
  const summary = result.data?.projectListImportSummary;
  if (result.error) return <Alert color="red">{result.error.message}</Alert>;
  if (!summary) return null;
  const rows: [string, number | string][] = [
    ['Rows', summary.rowsCount],
    ['Duplicates', summary.duplicates],
    ['Invalids', summary.invalids],
    ['Opt-outs', summary.optOuts],
    [
      'Other rows left out',
      summary.rowsCount - summary.texts - summary.duplicates - summary.invalids - summary.optOuts,
    ],
    ['Texts to send', summary.texts],
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
