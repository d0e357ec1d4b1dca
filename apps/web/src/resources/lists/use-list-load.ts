import { listErrorMessages, listMessages, type ListErrorStatusName } from '@canvass/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useQuery, type CombinedError } from 'urql';
import type { ListStateQuery, ListStateQueryVariables } from '../../gql/graphql';
import { notifyFailed, notifySuccess } from '../../ui/notify';
import { useFollowedLoad } from '../../ui/use-followed-load';
import { LIST_STATE, type ListState, type ListStatusName } from './list-operations';

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
  /** Rows processed and the total when the load knows it (the watching header's; null for other readers). */
  processed: number | null;
  total: number | null;
  error: CombinedError | undefined;
}

/**
 * The one place that fetches a list's load state (status, counts, sheets, and its load task's progress), in one query.
 * `watch` (the list's header) re-checks every 5 s while the list loads (spec §9) and announces the end of a load
 * that happened while the user was looking; other readers (the overview) share the same query's results.
 */
export function useListLoad(target: { id: string }, { watch = false } = {}): ListLoad {
  const context = useMemo(() => ({ additionalTypenames: ['List'] }), []);
  const [result, refetch] = useQuery<ListStateQuery, ListStateQueryVariables>({
    query: LIST_STATE,
    variables: { id: target.id },
    context,
    // Shown from the cache, then read afresh on each mount: a re-read the column picker's setListColumns started can
    // land after loadList's and leave a cached 'Setup' that is never re-checked (its status is not a loading one).
    requestPolicy: 'cache-and-network',
  });
  const list = result.data?.list ?? null;
  const loading = list ? isLoadingStatus(list.listStatus) : false;
  const reread = useCallback(() => refetch({ requestPolicy: 'network-only' }), [refetch]);
  // Only the header follows the load (live, with the 5 s re-check as the fallback); other readers share its results.
  const { processed, total } = useFollowedLoad({
    loading: watch && loading,
    task: list?.loadTask,
    reread,
    pollMs: LIST_POLL_MS,
  });

  useAnnounceLoadEnd(watch ? list : null);

  return { list, loading, processed, total, error: result.error };
}

// What each list's header last showed, kept across remounts: going from the column picker to the overview remounts
// the header, and a small list may be Loaded by then. A load started here is noted before it can end.
const lastSeen = new Map<string, string>();

const stateKey = (list: Pick<ListState, 'listStatus' | 'lastLoadedAt' | 'loadTask'>) =>
  `${list.listStatus}|${list.lastLoadedAt ?? ''}|${list.loadTask?.id ?? ''}`;

/** Called when this user starts a load, so its end is announced however fast it comes. */
export function noteLoadStarted(listId: string): void {
  lastSeen.set(listId, 'Submitted||');
}

/**
 * 'List loaded successfully' or 'Error loading list' when a load ends on screen. A small list can finish before the
 * first re-check, so an end is any change of status, last load or load task that lands in Loaded or an error.
 */
function useAnnounceLoadEnd(list: ListState | null) {
  const id = list?.id;
  const key = list ? stateKey(list) : null;
  useEffect(() => {
    if (!list || !id || key === null) return;
    const before = lastSeen.get(id);
    lastSeen.set(id, key);
    if (before === undefined || before === key) return;
    if (list.listStatus === 'Loaded') notifySuccess(listMessages.loaded);
    else if (isErrorStatus(list.listStatus)) notifyFailed(loadErrorText(list), listMessages.loadFailed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is what changes; list is read with it
  }, [id, key]);
}
