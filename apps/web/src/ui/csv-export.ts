import { notifications } from '@mantine/notifications';
import { messages } from '@canvass/domain';
import type { Client } from 'urql';
import { EXPORT_POLL_MS } from './constants';
import { BACKGROUND_TASK, EXPORT_CSV, type BackgroundTask } from './documents';
import { errorText } from './notify';
import type { ListVariables } from './useResourceList';

interface ExportDeps {
  sleep(ms: number): Promise<void>;
  /** Where the finished file is opened; the download URL is a signed GET the browser can follow. */
  open(url: string): void;
}

const browserDeps: ExportDeps = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  open: (url) => window.location.assign(url),
};

const running = (t: BackgroundTask) => t.status === 'Queued' || t.status === 'Running';

function progressText(t: BackgroundTask): string {
  if (!t.total) return messages.exportStarted;
  return `${messages.exportStarted}: ${t.processed} of ${t.total}`;
}

/**
 * Asks the server for a CSV of `query` as filtered and sorted, follows the background task every second with a
 * progress notice, and opens the file when it is Done. Runs to the end even if the screen that started it closes,
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
  let task = started.data?.exportCsv.task;
  if (!task) return fail(started.error ? errorText(started.error) : started.data?.exportCsv.message);

  while (running(task)) {
    notifications.update({ id, loading: true, autoClose: false, title: 'Export', message: progressText(task) });
    await deps.sleep(EXPORT_POLL_MS);
    const polled = await client
      .query<{ backgroundTask: BackgroundTask | null }>(
        BACKGROUND_TASK,
        { id: task.id },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    if (!polled.data?.backgroundTask) return fail(polled.error ? errorText(polled.error) : null);
    task = polled.data.backgroundTask;
  }

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
