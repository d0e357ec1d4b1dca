import { Input } from '@mantine/core';
import { useEffect, useState } from 'react';
import { graphqlRequest } from '../../session/graphql-request';
import type { DataImportResource } from '../../gql/graphql';
import type { FieldInputProps } from '../../ui/form/input-props';
import { DataImportFieldsQuery } from './data-imports-operations';
import { mappingFor, readMapping } from './mapping';
import { MappingFields, type ImportField } from './mapping-fields';
import { useUploadHeader } from './use-upload-header';

/**
 * A mapping field as a form (a template's, an import's): the file column for each field of its resource, stored
 * as the same JSON text. An import with an uploaded file chooses among its header's columns, as data_import/new
 * does; without a file to read (a template, or a file that cannot be read) a column is typed by its name, the
 * columns the mapping already names offered.
 */
export function MappingInput({ name, field, value, onChange, errors, disabled, values, record }: FieldInputProps) {
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
  const header = useUploadHeader(typeof record.uploadId === 'string' ? record.uploadId : null);
  const mapping = readMapping(typeof value === 'string' ? value : null);
  return (
    <Input.Wrapper
      label={field.label}
      description="The column of the file each field is read from"
      error={errors[name]}
    >
      {header !== undefined && (
        <MappingFields
          fields={fields}
          columns={header ?? Object.keys(mapping)}
          mapping={mapping}
          // Chosen from the file: only its columns are kept, as data_import/new keeps them.
          onChange={(next) => onChange(JSON.stringify(header ? mappingFor(header, next) : next))}
          typed={!header}
          disabled={disabled}
        />
      )}
    </Input.Wrapper>
  );
}
