import { Group, Input, PasswordInput, Select, Stack } from '@mantine/core';
import { allProviderEnvKeys, Provider, providerEnvKeys, type KeyValuesField } from '@canvass/domain';
import { AddRowButton, RemoveRowButton } from './row-buttons';
import type { KeyValueRow } from './form-values';
import type { FieldInputProps } from './input-props';

/** The keys a row may use: the provider's settings keys (spec §9) when the field follows a provider field. */
function offeredKeys(field: KeyValuesField, values: FieldInputProps['values']): readonly string[] {
  if (!field.keysFrom) return allProviderEnvKeys;
  const source = values[field.keysFrom];
  return Provider.is(source) ? providerEnvKeys[source] : [];
}

/** Rows of key (chosen from the offered keys) and value, with add and remove; a saved value is never shown. */
export function KeyValuesInput({
  name,
  field,
  value,
  onChange,
  errors,
  disabled,
  values,
}: FieldInputProps<KeyValuesField>) {
  const rows = Array.isArray(value) ? (value as KeyValueRow[]) : [];
  const keys = offeredKeys(field, values);
  const set = (i: number, patch: Partial<KeyValueRow>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const unused = keys.filter((k) => !rows.some((r) => r.envKey === k));

  return (
    <Input.Wrapper label={field.label} error={errors[name]}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, i) => (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label={`${field.label} key ${i + 1}`}
              placeholder="Key"
              data={[...new Set([row.envKey, ...unused].filter(Boolean))]}
              value={row.envKey || null}
              onChange={(k) => set(i, { envKey: k ?? '', isSet: false })}
              disabled={disabled}
              error={errors[`${name}.${i}.envKey`]}
              style={{ flex: 1 }}
            />
            <PasswordInput
              aria-label={`${field.label} value ${i + 1}`}
              placeholder={row.isSet ? 'Saved: type to replace' : 'Value'}
              value={row.envValue}
              onChange={(e) => set(i, { envValue: e.currentTarget.value })}
              disabled={disabled}
              error={errors[`${name}.${i}.envValue`]}
              style={{ flex: 1 }}
            />
            <RemoveRowButton
              label={`Remove ${row.envKey || `key ${i + 1}`}`}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              disabled={disabled}
            />
          </Group>
        ))}
        <AddRowButton
          label="Add key"
          onClick={() => onChange([...rows, { envKey: unused[0] ?? '', envValue: '', isSet: false }])}
          disabled={disabled || unused.length === 0}
        />
      </Stack>
    </Input.Wrapper>
  );
}
