import { useEffect } from 'react';
import { useBackgroundTask } from './use-background-task';

/** What a record (a list, a project) says of its latest load's task. */
export interface RecordLoadTask {
  id: string;
  processed: number;
  total?: number | null;
}

export interface FollowedLoad {
  /** Rows processed and the total when the load knows it; null when not loading or before the task reports. */
  processed: number | null;
  total: number | null;
}

/**
 * A record's load followed on its screen while `loading`: the load task's progress is pushed live (the
 * backgroundTaskChanged subscription), each change of the task's status re-reads the record (`reread`), and the
 * record is re-read every `pollMs` (spec §9: 5 seconds) as the fallback when the socket is not there. Anyone who
 * sees the record may follow its load, whoever started it. The progress shown is the live one, else the record's own.
 */
export function useFollowedLoad({
  loading,
  task,
  reread,
  pollMs,
}: {
  loading: boolean;
  task: RecordLoadTask | null | undefined;
  reread: () => void;
  pollMs: number;
}): FollowedLoad {
  const live = useBackgroundTask(loading ? (task?.id ?? null) : null).task;
  const liveStatus = live?.status;
  useEffect(() => {
    if (liveStatus) reread();
  }, [liveStatus, reread]);

  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(reread, pollMs);
    return () => clearInterval(timer);
  }, [loading, reread, pollMs]);

  const shown = live ?? task;
  return {
    processed: loading && shown ? shown.processed : null,
    total: loading && shown ? (shown.total ?? null) : null,
  };
}
