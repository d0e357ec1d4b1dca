import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'urql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGraphqlClient } from '../session/graphql';
import type { LiveSocket } from '../session/live-socket';
import { installFakeServer } from '../test/fake-app';
import { fakeSocket, noSocket } from './follow-task.test-utils';
import { useBackgroundTask } from './use-background-task';

const task = (status: string, processed: number) => ({
  id: 't9',
  status,
  processed,
  total: 3,
  errorMessage: null,
  downloadUrl: null,
  filename: null,
});

function wrapperFor(connectSocket: () => Promise<LiveSocket>) {
  const client = createGraphqlClient({ connectSocket });
  return ({ children }: { children: ReactNode }) => <Provider value={client}>{children}</Provider>;
}

describe('useBackgroundTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the states pushed over the socket, in order and ending with Done, without asking the server', async () => {
    const calls = installFakeServer({});
    const socket = fakeSocket([task('Running', 1), task('Running', 2), task('Done', 3)]);
    const seen: number[] = [];
    const { result } = renderHook(
      () => {
        const state = useBackgroundTask('t9', 60_000);
        if (state.task && seen.at(-1) !== state.task.processed) seen.push(state.task.processed);
        return state;
      },
      { wrapper: wrapperFor(socket.connect) },
    );
    await waitFor(() => expect(result.current.task?.status).toBe('Done'));
    // React may fold two quick updates into one render; what shows is in order and ends with the last.
    expect(seen.at(-1)).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(calls.filter((c) => c.operationName === 'BackgroundTask')).toHaveLength(0);
  });

  it('falls back to re-fetching the task when there is no socket, and says when it is not found', async () => {
    const states = [task('Running', 1), task('Done', 3)];
    installFakeServer({ BackgroundTask: () => ({ data: { backgroundTask: states.shift() ?? null } }) });
    const { result } = renderHook(() => useBackgroundTask('t9', 5), { wrapper: wrapperFor(noSocket) });
    await waitFor(() => expect(result.current.task?.status).toBe('Done'));

    installFakeServer({ BackgroundTask: () => ({ data: { backgroundTask: null } }) });
    const gone = renderHook(() => useBackgroundTask('t404', 5), { wrapper: wrapperFor(noSocket) });
    await waitFor(() => expect(gone.result.current.lost).toBe('Not found'));
    expect(gone.result.current.task).toBeNull();
  });
});
