import { Alert, Button, Card, FileInput, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DataImportResource, type EnumValue } from '@canvass/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { graphqlRequest } from '../../app/graphql-request';
import { usePageTitle } from '../../app/use-page-title';
import { errorText, fieldErrorsText, notifySuccess } from '../../ui/notify';
import {
  CreateDataImportMutation,
  CreateDataImportTemplateMutation,
  DataImportFieldsQuery,
  DataImportPreviewQuery,
  DataImportTemplatesQuery,
  StartDataImportMutation,
} from '../data-imports-operations';
import { mappingFor, readMapping, type Mapping } from './mapping';
import { uploadImportFile } from './upload-import-file';

type ImportResource = EnumValue<typeof DataImportResource>;
interface Field {
  name: string;
  label: string;
  required: boolean;
}
interface Template {
  id: string;
  name: string;
  mapping: string | null;
}

/**
 * data_import/new: upload a file, choose what its rows become, map its columns on a preview (from a saved
 * template, or saved as one), and start the import; the import's page then follows it.
 */
export function DataImportCreatePage() {
  usePageTitle('New data import');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [resource, setResource] = useState<ImportResource>('Phone');
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [preview, setPreview] = useState<string[][]>([]);
  const [fields, setFields] = useState<Field[]>([]);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState('');
  const [mapping, setMapping] = useState<Mapping>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const header = preview[0] ?? [];

  useEffect(() => {
    let live = true;
    void Promise.all([
      graphqlRequest(DataImportFieldsQuery, { resource }),
      graphqlRequest(DataImportTemplatesQuery, { resource }),
    ]).then(([f, t]) => {
      if (!live) return;
      setFields(f.data?.dataImportFields ?? []);
      setTemplates(t.data?.dataImportTemplates.nodes ?? []);
      setTemplateId(null);
      if (f.error || t.error) setError(errorText((f.error ?? t.error)!));
    });
    return () => {
      live = false;
    };
  }, [resource]);

  async function onFile(file: File | null) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const id = await uploadImportFile(file);
      const res = await graphqlRequest(DataImportPreviewQuery, { uploadId: id });
      if (res.error) throw new Error(errorText(res.error));
      setUploadId(id);
      setPreview((res.data?.dataImportPreview as string[][]) ?? []);
      if (!name) setName(file.name);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  function applyTemplate(id: string | null) {
    setTemplateId(id);
    const template = templates.find((t) => t.id === id);
    if (template) setMapping(readMapping(template.mapping));
  }

  async function saveTemplate() {
    const res = await graphqlRequest(CreateDataImportTemplateMutation, {
      attributes: { name: templateName, resource, mapping: JSON.stringify(mappingFor(header, mapping)) },
    });
    const payload = res.data?.createDataImportTemplate;
    if (res.error || !payload?.dataImportTemplate)
      return setError(res.error ? errorText(res.error) : fieldErrorsText(payload?.errors ?? []));
    setTemplates([...templates, payload.dataImportTemplate]);
    setTemplateId(payload.dataImportTemplate.id);
    notifySuccess('The template has been saved');
  }

  async function start() {
    setBusy(true);
    setError(null);
    const created = await graphqlRequest(CreateDataImportMutation, {
      attributes: { name, resource, uploadId, templateId, mapping: JSON.stringify(mappingFor(header, mapping)) },
    });
    const payload = created.data?.createDataImport;
    const id = payload?.dataImport?.id;
    if (created.error || !id) {
      setBusy(false);
      return setError(created.error ? errorText(created.error) : fieldErrorsText(payload?.errors ?? []));
    }
    const started = await graphqlRequest(StartDataImportMutation, { id });
    setBusy(false);
    if (started.error) setError(errorText(started.error));
    else notifySuccess(started.data?.startDataImport.message ?? 'The import has started');
    void navigate(`/data_import/${id}/overview`);
  }

  const fieldOptions = [
    { value: '', label: '— not imported —' },
    ...fields.map((f) => ({ value: f.name, label: f.required ? `${f.label} (required)` : f.label })),
  ];

  return (
    <Stack gap="md">
      <Title order={2}>New data import</Title>
      <Card withBorder padding="lg">
        <Stack gap="md">
          {error && (
            <Alert color="red" title="Failed">
              {error}
            </Alert>
          )}
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Select
            label="Import as"
            required
            allowDeselect={false}
            data={DataImportResource.options()}
            value={resource}
            onChange={(v) => v && setResource(v as ImportResource)}
          />
          <FileInput
            label="File (CSV or XLSX)"
            accept=".csv,.txt,.tsv,.xlsx"
            onChange={(file) => void onFile(file)}
            disabled={busy}
          />
          {header.length > 0 && (
            <>
              <Group align="end">
                <Select
                  label="Template"
                  placeholder="Map the columns yourself"
                  clearable
                  data={templates.map((t) => ({ value: t.id, label: t.name }))}
                  value={templateId}
                  onChange={applyTemplate}
                />
                <TextInput
                  label="Save this mapping as"
                  value={templateName}
                  onChange={(e) => setTemplateName(e.currentTarget.value)}
                />
                <Button variant="default" disabled={!templateName} onClick={() => void saveTemplate()}>
                  Save template
                </Button>
              </Group>
              <Table withTableBorder aria-label="Column mapping">
                <Table.Thead>
                  <Table.Tr>
                    {header.map((h, i) => (
                      <Table.Th key={i}>
                        <Text fw={600} size="sm">
                          {h}
                        </Text>
                        <Select
                          aria-label={`Field for ${h}`}
                          allowDeselect={false}
                          data={fieldOptions}
                          value={mapping[h] ?? ''}
                          onChange={(v) => setMapping({ ...mapping, [h]: v ?? '' })}
                        />
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.slice(1).map((row, r) => (
                    <Table.Tr key={r}>
                      {header.map((_, c) => (
                        <Table.Td key={c}>{row[c]}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
          <Group>
            <Button onClick={() => void start()} loading={busy} disabled={!uploadId || !name}>
              Import
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
