import { Button, FileInput, Group, Stack, Text } from '@mantine/core';
import { list, listMessages } from '@canvass/domain';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useMutation } from 'urql';
import type { ReplaceListFileMutation, ReplaceListFileMutationVariables } from '../../gql/graphql';
import { errorText, fieldErrorsText, notifyFailed, notifySuccess } from '../../ui/notify';
import { uploadWithSession, UploadError } from '../../ui/upload-file';
import { UploadProgress } from '../../ui/upload-progress';
import { LIST_FILE_ACCEPT } from './list-file';
import { REPLACE_LIST_FILE } from './list-operations';

/**
 * "Upload again" on a failed list's General tab: a new file, refused at upload with its reason as a new list's is,
 * then read by the list in place of its own (replaceListFile); its sheets and column roles are then chosen again.
 */
export function ListFileAgain({ listId }: { listId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [replacing, replace] = useMutation<ReplaceListFileMutation, ReplaceListFileMutationVariables>(
    REPLACE_LIST_FILE,
  );

  const refuse = (message: string) => {
    setError(message);
    notifyFailed(message);
  };

  const submit = async () => {
    if (!file) return setError(listMessages.uploadMissingFile);
    setError(null);
    setProgress(0);
    let uploadId: string;
    try {
      uploadId = (await uploadWithSession(file, setProgress)).uploadId;
    } catch (err) {
      return refuse(err instanceof UploadError ? err.message : String(err));
    } finally {
      setProgress(null);
    }
    const res = await replace({ listId, uploadId });
    const payload = res.data?.replaceListFile;
    if (res.error || !payload) return refuse(res.error ? errorText(res.error) : listMessages.loadFailedDetail);
    if (payload.errors.length) return refuse(fieldErrorsText(payload.errors, list));
    setFile(null);
    notifySuccess(payload.message ?? listMessages.fileReplaced);
  };

  return (
    <Stack gap="xs" role="group" aria-label="Upload the file again">
      <Text size="sm">Upload the file again, corrected, and the list reads it in place of the one that failed.</Text>
      <Group align="flex-start">
        <FileInput
          label="File"
          description="CSV or Excel (.xlsx)"
          placeholder="Choose a file"
          accept={LIST_FILE_ACCEPT}
          value={file}
          onChange={setFile}
          error={error}
          leftSection={<IconUpload size={16} />}
          clearable
          w={320}
        />
        <Button mt={24} onClick={() => void submit()} loading={progress !== null || replacing.fetching}>
          Upload again
        </Button>
      </Group>
      {progress !== null && <UploadProgress fraction={progress} />}
    </Stack>
  );
}
