import type { Client } from 'urql';
import { TASK_POLL_MS } from './constants';
import { BACKGROUND_TASK, BACKGROUND_TASK_CHANGED, type BackgroundTask } from './documents';
import { errorText } from './notify';

export const taskRunning = (t: BackgroundTask) => t.status === 'Queued' || t.status === 'Running';

export interface TaskListener {
  /** The task as it is now; called again on each change, last with Done or Failed. */
  onTask(task: BackgroundTask): void;
  /** The task cannot be read (gone, not ours, the server refusing); following stops. */
  onLost(message: string | null): void;
}

/**
 * Follows a background task until it is Done or Failed: live over the subscription when the socket works, and
 * re-fetched every `pollMs` (spec §9: 5 seconds) whenever no live update came in that long, so a page without
 * a socket (a proxy that refuses WebSockets, a reconnect in progress) still sees the task finish. Returns stop().
 */
export function followBackgroundTask(
  client: Client,
  id: string,
  listener: TaskListener,
  pollMs = TASK_POLL_MS,
): () => void {
  let stopped = false;
  let lastLive = 0;
  const stop = () => {
    stopped = true;
    live.unsubscribe();
    clearInterval(timer);
  };
  const take = (task: BackgroundTask) => {
    if (stopped) return;
    listener.onTask(task);
    if (!taskRunning(task)) stop();
  };
  // Errors of the subscription are left to the polling below, which decides whether the task is lost.
  const live = client
    .subscription<{ backgroundTaskChanged: BackgroundTask | null }>(BACKGROUND_TASK_CHANGED, { id })
    .subscribe((result) => {
      const task = result.data?.backgroundTaskChanged;
      if (!task) return;
      lastLive = Date.now();
      take(task);
    });
  const poll = async () => {
    if (stopped || Date.now() - lastLive < pollMs) return;
    const result = await client
      .query<{ backgroundTask: BackgroundTask | null }>(BACKGROUND_TASK, { id }, { requestPolicy: 'network-only' })
      .toPromise();
    if (stopped) return;
    if (result.data?.backgroundTask) return take(result.data.backgroundTask);
    stop();
    listener.onLost(result.error ? errorText(result.error) : null);
  };
  const timer = setInterval(() => void poll(), pollMs);
  return stop;
}
