import { notifications } from '@mantine/notifications';
import { messages } from '@canvass/domain';
import type { Client } from 'urql';
import { TASK_POLL_MS } from './constants';
import { EXPORT_CSV, type BackgroundTask } from './documents';
import { followBackgroundTask, taskRunning } from './follow-task';
import { errorText } from './notify';
import type { ListVariables } from './use-resource-list';

interface ExportDeps {
  /** How long without a live update before the task is re-fetched (spec §9: 5 seconds). */
  pollMs: number;
  /** Where the finished file is opened; the download URL is a signed GET the browser can follow. */
  open(url: string): void;
}

const browserDeps: ExportDeps = {
  pollMs: TASK_POLL_MS,
  open: (url) => window.location.assign(url),
};

function progressText(t: BackgroundTask): string {
  if (!t.total) return messages.exportStarted;
  return `${messages.exportStarted}: ${t.processed} of ${t.total}`;
}

/**
 * Asks the server for a CSV of `query` as filtered and sorted, follows the background task (live, or re-fetched
 * every 5 seconds without a socket) with a progress notice, and opens the file when it is Done. Runs to the end even if the screen that started it closes,
 * so leaving the list does not lose the export.
 */
export async function runCsvExport(
  client: Client,
  query: string,
  variables: ListVariables,
  deps: ExportDeps = browserDeps,
): Promise<void> {
  // Spec §9: progress notice ids are random from 1 to 10000.
  const id = `export-${1 + Math.floor(Math.random() * 10000)}`;
  notifications.show({ id, loading: true, autoClose: false, title: 'Export', message: messages.exportStarted });
  const fail = (detail: string | null | undefined): void => {
    notifications.update({
      id,
      loading: false,
      color: 'red',
      autoClose: 5000,
      title: messages.csvGenerationFailed,
      message: detail ?? '',
    });
  };

  const started = await client
    .mutation<{ exportCsv: { message: string | null; task: BackgroundTask | null } }>(EXPORT_CSV, { query, variables })
    .toPromise();
  const queued = started.data?.exportCsv.task;
  if (!queued) return fail(started.error ? errorText(started.error) : started.data?.exportCsv.message);

  const showProgress = (t: BackgroundTask) =>
    notifications.update({ id, loading: true, autoClose: false, title: 'Export', message: progressText(t) });
  showProgress(queued);
  const outcome = await new Promise<{ task: BackgroundTask } | { lost: string | null }>((resolve) => {
    followBackgroundTask(
      client,
      queued.id,
      {
        onTask: (t) => (taskRunning(t) ? showProgress(t) : resolve({ task: t })),
        onLost: (lost) => resolve({ lost }),
      },
      deps.pollMs,
    );
  });
  if ('lost' in outcome) return fail(outcome.lost);
  const { task } = outcome;

  if (task.status !== 'Done' || !task.downloadUrl) return fail(task.errorMessage);
  notifications.update({
    id,
    loading: false,
    color: 'green',
    autoClose: 4000,
    title: messages.exportReady,
    message: task.filename ?? '',
  });
  deps.open(task.downloadUrl);
}
