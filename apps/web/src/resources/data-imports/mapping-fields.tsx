import { Autocomplete, Select, SimpleGrid } from '@mantine/core';
import { columnOf, withColumn, type Mapping } from './mapping';

export interface ImportField {
  name: string;
  label: string;
  required: boolean;
}

interface Props {
  fields: readonly ImportField[];
  /** The file's header: what each field may be filled from. */
  columns: readonly string[];
  mapping: Mapping;
  onChange(mapping: Mapping): void;
  /** Without a file to read the header from (a saved template), a column may also be typed by its name. */
  typed?: boolean;
  disabled?: boolean;
}

/** The column mapping as a form: one choice of file column per field of the import, required fields marked. */
export function MappingFields({ fields, columns, mapping, onChange, typed = false, disabled }: Props) {
  const data = [...new Set(columns)];
  return (
    // Side by side: an import of clients has a dozen fields, a column of them would push the preview off screen.
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" role="group" aria-label="Column mapping">
      {fields.map((f) => {
        const column = columnOf(mapping, f.name);
        const common = {
          label: f.label,
          withAsterisk: f.required,
          placeholder: typed ? 'Column name in the file' : 'Not imported',
          data,
          disabled,
        };
        return typed ? (
          <Autocomplete
            key={f.name}
            {...common}
            value={column ?? ''}
            onChange={(v) => onChange(withColumn(mapping, f.name, v.trim() ? v : null))}
          />
        ) : (
          <Select
            key={f.name}
            {...common}
            clearable
            value={column}
            onChange={(v) => onChange(withColumn(mapping, f.name, v))}
          />
        );
      })}
    </SimpleGrid>
  );
}
