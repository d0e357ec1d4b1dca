import { Group, Input, Stack, TextInput } from '@mantine/core';
import type { ChildrenField } from '@canvass/domain';
import { AddRowButton, RemoveRowButton } from './RowButtons';
import { blankChildRow, type ChildRow } from './form-values';
import type { FieldInputProps } from './input-props';

/**
 * The rows of a children field (a client's phone numbers), one input per row field. Removing a saved row keeps it,
 * marked _destroy, so the update deletes it; a new row is simply dropped. Row indexes stay those of the full list,
 * so errors keyed `phones.2.number` match.
 */
export function ChildRowsInput({ name, field, value, onChange, errors, disabled }: FieldInputProps<ChildrenField>) {
  const rows = Array.isArray(value) ? (value as ChildRow[]) : [];
  const set = (i: number, patch: Record<string, string>) =>
    onChange(rows.map((r, j) => (j === i ? ({ ...r, ...patch } as ChildRow) : r)));
  const remove = (i: number) =>
    onChange(
      rows[i].id === null
        ? rows.filter((_, j) => j !== i)
        : rows.map((r, j) => (j === i ? { ...r, _destroy: true } : r)),
    );
  const columns = Object.entries(field.fields);
  let shown = 0;

  return (
    <Input.Wrapper label={field.label} error={errors[name]}>
      <Stack gap="xs" mt={4}>
        {rows.map((row, i) => {
          if (row._destroy) return null;
          const n = ++shown;
          return (
            <Group key={row.id ?? `new-${i}`} gap="xs" align="flex-start" wrap="nowrap">
              {columns.map(([column, f], c) => (
                <TextInput
                  key={column}
                  aria-label={`${f.label} ${n}`}
                  placeholder={f.placeholder}
                  value={String(row[column] ?? '')}
                  onChange={(e) => set(i, { [column]: e.currentTarget.value })}
                  error={errors[`${name}.${i}.${column}`]}
                  disabled={disabled}
                  // The first column (the row's key: a number, a name) narrower than what describes it.
                  style={{ flex: c === 0 ? 1 : 2 }}
                />
              ))}
              <RemoveRowButton label={`Remove ${field.rowLabel} ${n}`} onClick={() => remove(i)} disabled={disabled} />
            </Group>
          );
        })}
        <AddRowButton
          label={`Add ${field.rowLabel}`}
          onClick={() => onChange([...rows, blankChildRow(field)])}
          disabled={disabled}
        />
      </Stack>
    </Input.Wrapper>
  );
}
