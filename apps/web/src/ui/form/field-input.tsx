import { ColorInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { resourceByName, usStates, type FieldKind } from '@canvass/domain';
import type { FieldInputProps } from './input-props';
import { KeyValuesInput } from './key-values-input';
import { ChildRowsInput } from './child-rows-input';
import { RefSelect } from './ref-select';

const HTML_TYPES: Partial<Record<FieldKind, string>> = { email: 'email', url: 'url', phone: 'tel', date: 'date' };
// The states the `states` query serves: a state field offers exactly what the server accepts.
const STATE_OPTIONS = usStates.map((s) => ({ value: s.abbreviation, label: `${s.name} (${s.abbreviation})` }));

/** One input per field kind, labelled by the field's label, with its error underneath. */
export function FieldInput(props: FieldInputProps) {
  const { name, field, value, onChange, errors, disabled } = props;
  const text = typeof value === 'string' ? value : '';
  const common = {
    label: field.label,
    // withAsterisk, not required: the browser's own required check would pre-empt the spec's messages.
    withAsterisk: field.required,
    placeholder: field.placeholder,
    error: errors[name],
    disabled,
  };

  switch (field.kind) {
    case 'ref':
      // A reference to a resource this build does not serve yet has nothing to choose from: said, not crashed.
      if (!resourceByName(field.resource))
        return <Select {...common} data={[]} value={null} disabled placeholder="Not available yet" />;
      return <RefSelect {...props} field={field} />;
    case 'keyValues':
      return <KeyValuesInput {...props} field={field} />;
    case 'children':
      return <ChildRowsInput {...props} field={field} />;
    case 'enum':
      return (
        <Select
          {...common}
          data={field.enum.options().filter((o) => !field.exclude?.includes(o.value))}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          allowDeselect={!field.required}
          clearable={!field.required}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={field.label}
          checked={value === true}
          onChange={(e) => onChange(e.currentTarget.checked)}
          error={errors[name]}
          disabled={disabled}
        />
      );
    case 'color':
      return <ColorInput {...common} value={text} onChange={(v) => onChange(v)} />;
    case 'richText':
      return (
        <Textarea
          {...common}
          rows={4}
          resize="vertical"
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <TextInput
          {...common}
          inputMode="numeric"
          maxLength={field.maxLength}
          value={text}
          // A whole number (a brand's throughput) takes digits only: anything else typed or pasted is left out.
          onChange={(e) => onChange(field.integer ? e.currentTarget.value.replace(/\D/g, '') : e.currentTarget.value)}
        />
      );
    default:
      if (field.format === 'usState')
        return (
          <Select
            {...common}
            data={STATE_OPTIONS}
            searchable
            value={text || null}
            onChange={(v) => onChange(v)}
            clearable={!field.required}
          />
        );
      return (
        <TextInput
          {...common}
          type={HTML_TYPES[field.kind] ?? 'text'}
          maxLength={field.maxLength}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
