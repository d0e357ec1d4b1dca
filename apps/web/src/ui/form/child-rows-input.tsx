import { ColorInput, Group, Input, Select, Stack, TextInput } from '@mantine/core';
import type { ChildRowField, ChildrenField } from '@canvass/domain';
import type { ReactNode } from 'react';
import { AddRowButton, RemoveRowButton } from './row-buttons';
import { blankChildRow, patchRow, removeRow, type ChildRow } from './form-values';
import type { FieldInputProps } from './input-props';

/**
 * The rows of a children field (a client's phone numbers), one input per row field. Removing a saved row keeps it,
 * marked _destroy, so the update deletes it; a new row is simply dropped. Row indexes stay those of the full list,
 * so errors keyed `phones.2.number` match.
 */
export function ChildRowsInput({ name, field, value, onChange, errors, disabled }: FieldInputProps<ChildrenField>) {
  const rows = Array.isArray(value) ? (value as ChildRow[]) : [];
  const set = (i: number, patch: Record<string, string>) => onChange(patchRow(rows, i, patch));
  const remove = (i: number) => onChange(removeRow(rows, i));
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
              {columns.map(([column, f], c) =>
                cellInput(f, {
                  key: column,
                  'aria-label': `${f.label} ${n}`,
                  placeholder: f.placeholder,
                  value: String(row[column] ?? ''),
                  onChange: (v: string) => set(i, { [column]: v }),
                  error: errors[`${name}.${i}.${column}`],
                  disabled,
                  // The first column (the row's key: a number, a name) narrower than what describes it.
                  style: { flex: c === 0 ? 1 : 2 },
                }),
              )}
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

interface CellProps {
  key: string;
  'aria-label': string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  style: { flex: number };
}

/** One cell of a row: a choice for an enum column (a provider), a colour picker for a colour, else text. */
function cellInput(f: ChildRowField, { key, value, onChange, ...props }: CellProps): ReactNode {
  if (f.kind === 'enum')
    return (
      <Select
        key={key}
        {...props}
        data={f.enum.options().filter((o) => !f.exclude?.includes(o.value))}
        value={value || null}
        onChange={(v) => onChange(v ?? '')}
      />
    );
  if (f.kind === 'color') return <ColorInput key={key} {...props} value={value} onChange={onChange} />;
  return <TextInput key={key} {...props} value={value} onChange={(e) => onChange(e.currentTarget.value)} />;
}
