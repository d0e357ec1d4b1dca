import { Button, Card, FileInput, Group, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import { createdMessage, list, listMessages, messages } from '@canvass/domain';
import { IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../session/session';
import { usePageTitle } from '../../ui/use-page-title';
import { RefSelect } from '../../ui/form/ref-select';
import { fieldErrorsText, notifyFailed, notifySaved } from '../../ui/notify';
import { useResourceMutation } from '../../ui/use-resource-mutation';
import { uploadWithSession, UploadError } from '../../ui/upload-file';
import { UploadProgress } from '../../ui/upload-progress';
import { LIST_FILE_ACCEPT } from './list-file';

type Source = 'upload' | 'sheet';
type Errors = Partial<Record<'name' | 'file' | 'googleSheetKey' | 'clientId', string>>;

/**
 * /lists/new: a name, the client it is loaded for and a source (a CSV or XLSX file, uploaded with its progress
 * shown, or a Google Sheet key); createList, then on to the column picker of the new list's basic info. A
 * Client-role user's list is its own client's (the server sets it): the Client field is for staff, who may leave it
 * to the organization, and for an agency, choosing among its clients (its own unless told).
 */
export function ListCreatePage() {
  usePageTitle('New list');
  const navigate = useNavigate();
  const { user, isAdmin } = useSession();
  const choosesClient = isAdmin || user?.role !== 'Client';
  const [clientId, setClientId] = useState<string | null>(null);
  const create = useResourceMutation(list, 'create');
  const [name, setName] = useState('');
  const [source, setSource] = useState<Source>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [sheetKey, setSheetKey] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);

  const check = (): Errors => {
    const found: Errors = {};
    if (!name.trim()) found.name = messages.required(list.fields.name.label);
    if (source === 'upload' && !file) found.file = listMessages.uploadMissingFile;
    if (source === 'sheet' && !sheetKey.trim()) found.googleSheetKey = listMessages.sheetOrUploadRequired;
    return found;
  };

  const upload = async (chosen: File): Promise<string | null> => {
    setProgress(0);
    try {
      return (await uploadWithSession(chosen, setProgress)).uploadId;
    } catch (error) {
      const message = error instanceof UploadError ? error.message : String(error);
      setErrors({ file: message });
      notifyFailed(message);
      return null;
    } finally {
      setProgress(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) return;
    const attributes: Record<string, string> = { name: name.trim() };
    if (choosesClient && clientId) attributes.clientId = clientId;
    if (source === 'upload' && file) {
      const uploadId = await upload(file);
      if (!uploadId) return;
      attributes.uploadId = uploadId;
    } else {
      attributes.googleSheetKey = sheetKey.trim();
    }
    const outcome = await create.run({ attributes });
    if (outcome.kind === 'failed') return notifyFailed(outcome.message);
    if (outcome.kind === 'invalid') {
      const byField = Object.fromEntries(outcome.errors.map((e) => [e.field, e.messages.join('. ')]));
      setErrors({
        name: byField.name,
        googleSheetKey: byField.googleSheetKey,
        file: byField.uploadId,
        clientId: byField.clientId,
      });
      const shown = ['name', 'googleSheetKey', 'uploadId', 'clientId'];
      const elsewhere = outcome.errors.filter((e) => !shown.includes(e.field));
      if (elsewhere.length) notifyFailed(fieldErrorsText(elsewhere, list), 'Error');
      return;
    }
    if (!outcome.record) return notifyFailed('The server did not return the new list');
    notifySaved(createdMessage(list));
    void navigate(`/lists/${outcome.record.id}/edit/basic-info`);
  };

  const busy = progress !== null || create.running;
  return (
    <Stack gap="md">
      <Title order={2}>New list</Title>
      <Card withBorder padding="lg">
        <form onSubmit={(e) => void submit(e)} noValidate aria-label="List form">
          <Stack gap="md">
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={255}
            />
            {choosesClient && (
              <RefSelect
                name="clientId"
                field={list.fields.clientId}
                value={clientId}
                onChange={(v) => setClientId(typeof v === 'string' && v ? v : null)}
                errors={errors.clientId ? { clientId: errors.clientId } : {}}
                disabled={busy}
                values={{}}
                record={{}}
                allowInlineCreate={false}
              />
            )}
            <SegmentedControl
              aria-label="Source"
              value={source}
              onChange={(v) => setSource(v as Source)}
              data={[
                { value: 'upload', label: 'Upload a file' },
                { value: 'sheet', label: 'Google Sheet key' },
              ]}
            />
            {source === 'upload' ? (
              <FileInput
                label="File"
                description="CSV or Excel (.xlsx)"
                placeholder="Choose a file"
                accept={LIST_FILE_ACCEPT}
                value={file}
                onChange={setFile}
                error={errors.file}
                leftSection={<IconUpload size={16} />}
                clearable
              />
            ) : (
              <TextInput
                label={list.fields.googleSheetKey.label}
                placeholder={list.fields.googleSheetKey.placeholder}
                value={sheetKey}
                onChange={(e) => setSheetKey(e.currentTarget.value)}
                error={errors.googleSheetKey}
              />
            )}
            {progress !== null && <UploadProgress fraction={progress} />}
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
