import { Anchor, Badge, ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { entryByName, type EnumField, type FieldDef } from '@canvass/domain';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { displayText, isPhoneReference, referenceText } from './format';
import { isReference, type ResourceRecord } from './types';

interface Props {
  name: string;
  field: FieldDef;
  record: ResourceRecord;
}

const EMPTY = (
  <Text span c="dimmed">
    —
  </Text>
);

// Links inside a clickable table row must not also trigger the row's navigation.
const stop = (e: MouseEvent) => e.stopPropagation();

function rows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null)
    : [];
}

/** An enum's badge colour: the record's own for it when the field names one (a provider's), else the enum's. */
function colourOf(field: EnumField, record: ResourceRecord, value: string): string {
  const own = field.colourFrom ? record[field.colourFrom] : null;
  return typeof own === 'string' && own ? own : field.enum.colour(value);
}

/** One field of a record, read-only, the way every list cell and overview value shows it. */
export function FieldValue({ name, field, record }: Props) {
  const value = record[name];
  switch (field.kind) {
    case 'ref': {
      const ref = record[field.as];
      const path = entryByName(field.resource)?.path;
      if (!isReference(ref)) return EMPTY;
      const text = referenceText(field, ref.name);
      if (!path) return <>{text}</>;
      return (
        <Anchor
          component={Link}
          to={`/${path}/${ref.id}/overview`}
          onClick={stop}
          style={isPhoneReference(field) ? { whiteSpace: 'nowrap' } : undefined}
        >
          {text}
        </Anchor>
      );
    }
    case 'keyValues': {
      const keys = rows(value).map((r) => String(r.envKey ?? ''));
      // The values are provider credentials: the overview names the keys that are set, never the secrets.
      return keys.length ? <Text size="sm">{keys.join(', ')}</Text> : EMPTY;
    }
    case 'children': {
      const list = rows(value);
      if (!list.length) return EMPTY;
      // One line a row: its fields as the overview shows them, blanks left out ('(212)-555-0100 — Office').
      const line = (r: Record<string, unknown>) =>
        Object.entries(field.fields)
          .map(([name, f]) => displayText(f, r[name]))
          .filter((text) => text !== '')
          .join(' — ');
      return (
        <Stack gap={2}>
          {list.map((r) => (
            <Text key={String(r.id)} size="sm">
              {line(r)}
            </Text>
          ))}
        </Stack>
      );
    }
    default:
      break;
  }
  const text = displayText(field, value);
  if (text === '') return EMPTY;
  switch (field.kind) {
    case 'enum':
      return (
        // At least as wide as its words: a narrow table column would otherwise cut 'Active' to 'Acti…'.
        <Badge color={colourOf(field, record, String(value))} variant="light" miw="max-content">
          {text}
        </Badge>
      );
    case 'color':
      return (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={text} size={16} />
          <span>{text}</span>
        </Group>
      );
    case 'text':
      if (!field.linkNamedBy) return <>{text}</>;
      return (
        <Anchor href={text} target="_blank" rel="noreferrer" onClick={stop}>
          {String(record[field.linkNamedBy] ?? '') || 'File'}
        </Anchor>
      );
    case 'url':
      return (
        <Anchor href={text} target="_blank" rel="noreferrer" onClick={stop}>
          {text}
        </Anchor>
      );
    case 'email':
      return (
        <Anchor href={`mailto:${text}`} onClick={stop}>
          {text}
        </Anchor>
      );
    case 'richText':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      );
    default:
      return <>{text}</>;
  }
}
