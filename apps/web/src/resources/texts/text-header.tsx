import { Group, Text } from '@mantine/core';
import { textEntry, type RecordOf } from '@canvass/domain';
import type { ReactNode } from 'react';
import { FieldValue } from '../../ui/field-value';
import { TextOptOutSwitch } from './text-opt-out-switch';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/**
 * The text's anchor (spec §2 texts/{id}): its status, from, to, project, texter, when it was sent, the opt-out toggle
 * (spec §4) and its body.
 */
export function TextHeader({ record }: { record: RecordOf<typeof textEntry> }) {
  const f = textEntry.fields;
  const value = (name: keyof typeof f) => <FieldValue name={name} field={f[name]} record={record} />;
  return (
    <>
      <Group gap="lg" mt="xs" wrap="wrap">
        {value('textStatus')}
        {value('provider')}
        <Item label="From">{value('fromPhoneId')}</Item>
        <Item label="To">{value('toPhoneId')}</Item>
        <Item label="Project">{value('projectId')}</Item>
        <Item label="Texter">{value('texterId')}</Item>
        <Item label="Sent at">{value('sentAt')}</Item>
        <TextOptOutSwitch record={record} />
      </Group>
      <Text mt="sm" size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label="Body">
        {record.body}
      </Text>
    </>
  );
}
