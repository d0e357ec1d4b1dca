import { messages } from '@canvass/domain';
import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import type { BackgroundTask } from './documents';
import { followBackgroundTask } from './follow-task';

export interface BackgroundTaskState {
  /** The latest state of the task; null until the first answer (or with no task id). */
  task: BackgroundTask | null;
  /** Why the task cannot be followed (not found, not allowed); null while all is well. */
  lost: string | null;
}

/**
 * The live state of a background task (an export, a list load): pushed over the subscription, re-fetched every
 * 5 seconds when the socket is not available. Follows until Done or Failed, and stops when the screen goes.
 */
export function useBackgroundTask(taskId: string | null, pollMs?: number): BackgroundTaskState {
  const client = useClient();
  const [state, setState] = useState<BackgroundTaskState & { taskId: string | null }>({
    taskId,
    task: null,
    lost: null,
  });
  // A new task id starts from nothing, adjusted while rendering so the old task never shows for the new id.
  if (state.taskId !== taskId) setState({ taskId, task: null, lost: null });
  useEffect(() => {
    if (!taskId) return;
    return followBackgroundTask(
      client,
      taskId,
      {
        onTask: (task) => setState({ taskId, task, lost: null }),
        onLost: (lost) => setState((s) => ({ ...s, lost: lost ?? messages.notFound })),
      },
      pollMs,
    );
  }, [client, taskId, pollMs]);
  return { task: state.taskId === taskId ? state.task : null, lost: state.taskId === taskId ? state.lost : null };
}
