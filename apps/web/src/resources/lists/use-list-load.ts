import { listErrorMessages, listMessages, type ListErrorStatusName } from '@canvass/domain';
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, type CombinedError } from 'urql';
import { BACKGROUND_TASK, type BackgroundTask } from '../../ui/documents';
import { notifyFailed, notifySuccess } from '../../ui/notify';
import { LIST_STATE, type ListState, type ListStatusName } from './list-api';

/** Spec §9: a list re-checks its status every 5 seconds while it loads. */
export const LIST_POLL_MS = 5000;

const LOADING_STATUSES: readonly ListStatusName[] = ['Submitted', 'AwaitingLoad', 'Loading', 'LoadingPhones'];

export function isLoadingStatus(status: ListStatusName): boolean {
  return LOADING_STATUSES.includes(status);
}

export function isErrorStatus(status: ListStatusName): status is ListErrorStatusName {
  return status.startsWith('Error');
}

/** What a staffer reads about a failed load: the list's own message, else its status's, else spec §8's. */
export function loadErrorText(list: Pick<ListState, 'listStatus' | 'loadErrorMessage'>): string {
  if (list.listStatus === 'Error') return listMessages.loadFailedDetail;
  if (list.loadErrorMessage) return list.loadErrorMessage;
  return isErrorStatus(list.listStatus) ? listErrorMessages[list.listStatus] : listMessages.loadFailedDetail;
}

export interface ListLoad {
  list: ListState | null;
  loading: boolean;
  /** Rows processed and the total when the load knows it (null before the task reports). */
  processed: number | null;
  total: number | null;
  error: CombinedError | undefined;
}

/**
 * The one place that fetches a list's load state (status, counts, sheets, and its load task's progress).
 * `watch` (the list's header) re-checks every 5 s while the list loads (spec §9) and announces the end of a load
 * that happened while the user was looking; other readers (the overview) share the same query's results.
 * The subscriptions work replaces the polling here with live task updates, with the 5 s re-check as fallback.
 */
export function useListLoad(target: { id: string }, { watch = false } = {}): ListLoad {
  const context = useMemo(() => ({ additionalTypenames: ['List'] }), []);
  const [result, refetch] = useQuery<{ list: ListState | null }>({
    query: LIST_STATE,
    variables: { id: target.id },
    context,
  });
  const list = result.data?.list ?? null;
  const loading = list ? isLoadingStatus(list.listStatus) : false;
  const taskId = loading ? list?.loadTaskId : null;
  const [taskResult, refetchTask] = useQuery<{ backgroundTask: BackgroundTask | null }>({
    query: BACKGROUND_TASK,
    variables: { id: taskId },
    pause: !taskId,
  });

  useEffect(() => {
    if (!watch || !loading) return;
    const timer = setInterval(() => {
      refetch({ requestPolicy: 'network-only' });
      if (taskId) refetchTask({ requestPolicy: 'network-only' });
    }, LIST_POLL_MS);
    return () => clearInterval(timer);
  }, [watch, loading, taskId, refetch, refetchTask]);

  useAnnounceLoadEnd(watch ? list : null);

  const task = taskResult.data?.backgroundTask;
  return {
    list,
    loading,
    processed: loading && task ? task.processed : null,
    total: loading && task ? task.total : null,
    error: result.error,
  };
}

/**
 * 'List loaded successfully' or 'Error loading list' when a load ends on screen. A small list can finish before the
 * first re-check, so an end is any change of status, last load or load task that lands in Loaded or an error.
 */
function useAnnounceLoadEnd(list: ListState | null) {
  const seen = useRef<string | null>(null);
  const key = list ? `${list.listStatus}|${list.lastLoadedAt ?? ''}|${list.loadTaskId ?? ''}` : null;
  useEffect(() => {
    if (!list || key === null) return;
    const before = seen.current;
    seen.current = key;
    if (before === null || before === key) return;
    if (list.listStatus === 'Loaded') notifySuccess(listMessages.loaded);
    else if (isErrorStatus(list.listStatus)) notifyFailed(loadErrorText(list), listMessages.loadFailed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what changes; list is read with it
  }, [key]);
}
