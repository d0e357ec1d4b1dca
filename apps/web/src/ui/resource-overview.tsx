import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ResourceDef } from '@canvass/domain';
import type { ReactNode } from 'react';
import { FieldValue } from './field-value';
import type { ResourceRecord } from './types';

interface Props {
  def: ResourceDef;
  record: ResourceRecord;
  /** What a resource adds below its fields (a client's opt-in link). */
  children?: ReactNode;
}

/** The overview tab: every field of the record as a read-only label and value. */
export function ResourceOverview({ def, record, children }: Props) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
        {Object.entries(def.fields).map(([name, field]) => (
          <div key={name}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {field.label}
            </Text>
            <FieldValue name={name} field={field} record={record} />
          </div>
        ))}
      </SimpleGrid>
      {children}
    </Stack>
  );
}
