import { Input } from '@mantine/core';
import { useEffect, useState } from 'react';
import { graphqlRequest } from '../../app/graphql-request';
import type { DataImportResource } from '../../gql/graphql';
import type { FieldInputProps } from '../../ui/form/input-props';
import { DataImportFieldsQuery } from '../data-imports-operations';
import { readMapping } from './mapping';
import { MappingFields, type ImportField } from './MappingFields';

/**
 * A template's mapping as a form: the file column for each field of its resource. A template has no file, so a
 * column is typed by its name, the columns it already names offered; it is stored as the same JSON text.
 */
export function TemplateMappingInput({ name, field, value, onChange, errors, disabled, values }: FieldInputProps) {
  const resource = typeof values.resource === 'string' ? values.resource : null;
  const [fields, setFields] = useState<ImportField[]>([]);
  useEffect(() => {
    if (!resource) return;
    let live = true;
    void graphqlRequest(DataImportFieldsQuery, { resource: resource as DataImportResource }).then((res) => {
      if (live) setFields(res.data?.dataImportFields ?? []);
    });
    return () => {
      live = false;
    };
  }, [resource]);
  const mapping = readMapping(typeof value === 'string' ? value : null);
  return (
    <Input.Wrapper
      label={field.label}
      description="The column of the file each field is read from"
      error={errors[name]}
    >
      <MappingFields
        fields={fields}
        columns={Object.keys(mapping)}
        mapping={mapping}
        onChange={(next) => onChange(JSON.stringify(next))}
        typed
        disabled={disabled}
      />
    </Input.Wrapper>
  );
}
