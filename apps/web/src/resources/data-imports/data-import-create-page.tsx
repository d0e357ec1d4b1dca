import { Alert, Button, Card, FileInput, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DataImportResource, type EnumValue } from '@canvass/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { graphqlRequest } from '../../session/graphql-request';
import { usePageTitle } from '../../ui/use-page-title';
import { errorText, fieldErrorsText, notifySuccess } from '../../ui/notify';
import { uploadWithSession } from '../../ui/upload-file';
import { UploadProgress } from '../../ui/upload-progress';
import {
  CreateDataImportMutation,
  CreateDataImportTemplateMutation,
  DataImportFieldsQuery,
  DataImportPreviewQuery,
  DataImportTemplatesQuery,
  StartDataImportMutation,
} from './data-imports-operations';
import { columnOf, mappingFor, readMapping, type Mapping } from './mapping';
import { MappingFields, type ImportField } from './mapping-fields';

type ImportResource = EnumValue<typeof DataImportResource>;
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
  const [fields, setFields] = useState<ImportField[]>([]);
  const [templates, setTemplates] = useState<Template[]>([]);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [templateName, setTemplateName] = useState('');
  const [mapping, setMapping] = useState<Mapping>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const header = preview[0] ?? [];
  // The server refuses an import whose required fields no column fills: said here before the user presses Import.
  const unmapped = fields.filter((f) => f.required && !columnOf(mappingFor(header, mapping), f.name));

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
    setProgress(0);
    try {
      const { uploadId: id } = await uploadWithSession(file, setProgress);
      const res = await graphqlRequest(DataImportPreviewQuery, { uploadId: id });
      if (res.error) throw new Error(errorText(res.error));
      setUploadId(id);
      setPreview((res.data?.dataImportPreview as string[][]) ?? []);
      if (!name) setName(file.name);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setProgress(null);
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
          {progress !== null && <UploadProgress fraction={progress} />}
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
              <MappingFields fields={fields} columns={header} mapping={mapping} onChange={setMapping} />
              {unmapped.length > 0 && (
                <Text size="sm" c="dimmed">
                  Choose a column for {unmapped.map((f) => f.label).join(', ')}
                </Text>
              )}
              <Table withTableBorder aria-label="File preview">
                <Table.Thead>
                  <Table.Tr>
                    {header.map((h, i) => (
                      <Table.Th key={i}>{h}</Table.Th>
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
            <Button onClick={() => void start()} loading={busy} disabled={!uploadId || !name || unmapped.length > 0}>
              Import
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
