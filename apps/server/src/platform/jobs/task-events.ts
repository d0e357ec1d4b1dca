import type { Logger } from 'pino';
import { topics, type Events } from '../events/events';

/** At most this often per task does progress reach subscribers: a 1M-row load must not flood NOTIFY. */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * Announces a task's changes after they commit. Status changes go out at once; progress at most every
 * PROGRESS_INTERVAL_MS, with the last skipped one sent when the interval is up, so a stalled job still shows
 * where it stopped. A lost announcement costs a subscriber a re-read later, never the job: failures are logged.
 */
export function taskAnnouncer(events: Events, logger: Logger, task: { organizationId: number; taskId: number }) {
  const topic = topics.backgroundTask(task.organizationId, task.taskId);
  let last = 0;
  let trailing: NodeJS.Timeout | null = null;
  const send = async () => {
    last = Date.now();
    try {
      await events.publish(topic, { taskId: task.taskId });
    } catch (err) {
      logger.warn({ err, taskId: task.taskId }, 'task change not announced');
    }
  };
  const cancelTrailing = () => {
    if (trailing) clearTimeout(trailing);
    trailing = null;
  };
  return {
    async status(): Promise<void> {
      cancelTrailing();
      await send();
    },
    async progress(): Promise<void> {
      const wait = last + PROGRESS_INTERVAL_MS - Date.now();
      if (wait <= 0) {
        cancelTrailing();
        await send();
      } else
        trailing ??= setTimeout(() => {
          trailing = null;
          void send();
        }, wait);
    },
  };
}
