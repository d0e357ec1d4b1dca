import { Group, Input, Stack, TextInput } from '@mantine/core';
import type { PhoneListField } from '@canvass/domain';
import { AddRowButton, RemoveRowButton } from './RowButtons';
import type { PhoneRow } from './form-values';
import type { FieldInputProps } from './input-props';

/**
 * Rows of number and description. Removing a saved row keeps it, marked _destroy, so the update deletes it;
 * a new row is simply dropped. Row indexes stay those of the full list, so errors keyed `phones.2.number` match.
 */
export function PhoneListInput({ name, field, value, onChange, errors, disabled }: FieldInputProps<PhoneListField>) {
  const rows = Array.isArray(value) ? (value as PhoneRow[]) : [];
  const set = (i: number, patch: Partial<PhoneRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const remove = (i: number) =>
    onChange(
      rows[i].id === null
        ? rows.filter((_, j) => j !== i)
        : rows.map((r, j) => (j === i ? { ...r, _destroy: true } : r)),
    );
  let shown = 0;

  return (
    <Input.Wrapper label={field.label} error={errors[name]}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, i) => {
          if (row._destroy) return null;
          const n = ++shown;
          return (
            <Group key={row.id ?? `new-${i}`} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Phone number ${n}`}
                placeholder="(555)-555-5555"
                value={row.number}
                onChange={(e) => set(i, { number: e.currentTarget.value })}
                error={errors[`${name}.${i}.number`]}
                disabled={disabled}
                style={{ flex: 1 }}
              />
              <TextInput
                aria-label={`Description ${n}`}
                placeholder="Description"
                value={row.description}
                onChange={(e) => set(i, { description: e.currentTarget.value })}
                error={errors[`${name}.${i}.description`]}
                disabled={disabled}
                style={{ flex: 2 }}
              />
              <RemoveRowButton label={`Remove number ${n}`} onClick={() => remove(i)} disabled={disabled} />
            </Group>
          );
        })}
        <AddRowButton
          label="Add phone number"
          onClick={() => onChange([...rows, { id: null, number: '', description: '', _destroy: false }])}
          disabled={disabled}
        />
      </Stack>
    </Input.Wrapper>
  );
}
