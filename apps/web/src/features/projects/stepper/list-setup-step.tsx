import { Alert, Loader, Radio, ScrollArea, Table, Text } from '@mantine/core';
import { useQuery } from 'urql';
import type { StepperListsQuery, StepperListsQueryVariables } from '../../../gql/graphql';
import { StepperLists } from './stepper-operations';
import { TABLE_MAX_HEIGHT, type StepProps } from './step-props';

/** List Import, Setup: pick the list to text among the organization's Loaded lists. */
export function ListSetupStep({ values, change, errors }: StepProps) {
  const [lists] = useQuery<StepperListsQuery, StepperListsQueryVariables>({ query: StepperLists.source });
  const nodes = lists.data?.lists.nodes ?? [];
  if (lists.fetching && !lists.data) return <Loader />;
  if (!nodes.length) return <Alert color="yellow">No loaded lists yet: load a list first.</Alert>;
  return (
    <Radio.Group
      label="List"
      value={values.listId ?? ''}
      onChange={(listId) => change({ listId })}
      error={errors.listId}
    >
      <ScrollArea.Autosize mah={TABLE_MAX_HEIGHT}>
        <Table aria-label="Loaded lists" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>Name</Table.Th>
              <Table.Th>Rows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {nodes.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  <Radio value={l.id} aria-label={l.name} />
                </Table.Td>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>
                  <Text size="sm">{l.rowsCount.toLocaleString()}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Radio.Group>
  );
}
