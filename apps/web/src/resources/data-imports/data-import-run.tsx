import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { graphqlRequest } from '../../session/graphql-request';
import { TASK_POLL_MS } from '../../ui/constants';
import { errorText, notifySuccess } from '../../ui/notify';
import { useBackgroundTask } from '../../ui/use-background-task';
import type { DataImportRunQuery as RunResult } from '../../gql/graphql';
import { DataImportRunQuery, StartDataImportMutation } from './data-imports-operations';
import { changeable, running } from './run-status';

/**
 * An import's run on its page: status and counts, progress while it runs (pushed live), the rejected
 * rows' CSV once done, and a button to start it (again, after a failure).
 */
export function DataImportRun({ id }: { id: string }) {
  const [run, setRun] = useState<RunResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const read = useCallback(async () => {
    const res = await graphqlRequest(DataImportRunQuery, { id });
    if (res.error) setError(errorText(res.error));
    else setRun(res.data ?? null);
  }, [id]);

  useEffect(() => {
    void read();
  }, [read]);
  const status = run?.dataImport?.status;
  // Progress is pushed live through the import's task; the page re-reads its counts as it moves, and every 5 s
  // when the socket is not there.
  const live = useBackgroundTask(running(status) ? (run?.dataImportTask?.id ?? null) : null).task;
  useEffect(() => {
    if (live) void read();
  }, [live?.status, live?.processed, read]); // eslint-disable-line react-hooks/exhaustive-deps -- re-read on change
  useEffect(() => {
    if (!running(status)) return;
    const timer = setInterval(() => void read(), TASK_POLL_MS);
    return () => clearInterval(timer);
  }, [status, read]);

  async function start() {
    const res = await graphqlRequest(StartDataImportMutation, { id });
    if (res.error) return setError(errorText(res.error));
    setError(null);
    notifySuccess(res.data?.startDataImport.message ?? 'The import has started');
    await read();
  }

  const item = run?.dataImport;
  const task = run?.dataImportTask;
  if (!item) return error ? <Alert color="red">{error}</Alert> : null;
  return (
    <Stack gap="sm" aria-label="Import run">
      {error && <Alert color="red">{error}</Alert>}
      {item.status === 'Failed' && item.errorMessage && (
        <Alert color="red" title="The import failed; nothing was imported">
          {item.errorMessage}
        </Alert>
      )}
      {running(item.status) && task && (
        <Progress value={task.total ? (100 * task.processed) / task.total : 100} animated aria-label="Progress" />
      )}
      {item.status === 'Done' && (
        <Text>
          {item.rowsCount} rows: {item.importedCount} imported, {item.skippedCount} already present,{' '}
          {item.rejectedCount} rejected
        </Text>
      )}
      <Group>
        {item.status === 'Done' && item.rejectedCount > 0 && task?.downloadUrl && (
          <Anchor href={task.downloadUrl}>Download the rejected rows (CSV)</Anchor>
        )}
        {changeable(item.status) && <Button onClick={() => void start()}>Start import</Button>}
      </Group>
    </Stack>
  );
}
