import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestApp } from './harness';

/**
 * graphql-ws clients of a listening test app, as a browser connects (bearer token in the connection params), and
 * a way to read one subscription to its end. Each client made is disposed by disposeClients().
 */
export function wsClients(app: TestApp) {
  const made: Client[] = [];
  return {
    connect(token: string | null): Client {
      const { port } = app.api.server.address() as { port: number };
      const client = createClient({
        url: `ws://127.0.0.1:${port}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: token ? { authorization: `Bearer ${token}` } : {},
        retryAttempts: 0,
      });
      made.push(client);
      return client;
    },
    disposeClients(): void {
      made.forEach((c) => void c.dispose());
    },
  };
}

/** Every result of one subscription until it completes, or the error it ends with. */
export async function collect<T>(client: Client, query: string, variables: Record<string, unknown>) {
  const results: FormattedExecutionResult<T>[] = [];
  try {
    for await (const result of client.iterate({ query, variables }) as AsyncIterable<FormattedExecutionResult<T>>)
      results.push(result);
    return { results, error: null };
  } catch (error) {
    return { results, error: error as unknown };
  }
}

/**
 * Follows a task as `client` and expects what a user who may not follow it gets: one NOT_FOUND error before any
 * data, the subscription ending there and the connection staying up.
 */
export async function expectNotFollowable(client: Client, query: string, taskId: string): Promise<void> {
  const { results, error } = await collect<Record<string, unknown>>(client, query, { id: taskId });
  expect(error).toBeNull();
  expect(results.every((r) => !r.data || Object.values(r.data).every((v) => v == null))).toBe(true);
  expect(results.flatMap((r) => r.errors ?? []).map((e) => e.extensions?.code)).toEqual(['NOT_FOUND']);
}

/** A background task as the followers of `backgroundTaskChanged` see it. */
export type FollowedTask = { id: string; status: string; processed: number; total: number | null };

/** The subscription a screen follows a background task with. */
export const FOLLOW_TASK = `subscription($id: ID!) { backgroundTaskChanged(id: $id) { id status processed total } }`;

/**
 * Follows a task that no worker has taken yet, as `client`: expects the first answer to be the task as it is
 * (Queued), then calls `start` (whatever makes a worker take it) and returns every change that follows, to the
 * end of the stream. Starting only after the first answer is what proves the changes arrive live.
 */
export async function followQueuedTask(
  client: Client,
  taskId: string,
  start: () => Promise<void>,
): Promise<FollowedTask[]> {
  type Result = FormattedExecutionResult<{ backgroundTaskChanged: FollowedTask }>;
  const updates = client.iterate({ query: FOLLOW_TASK, variables: { id: taskId } }) as AsyncIterableIterator<Result>;
  const first = await updates.next();
  expect(first.value?.data?.backgroundTaskChanged).toMatchObject({ id: taskId, status: 'Queued', processed: 0 });
  await start();
  const seen: FollowedTask[] = [];
  for await (const result of { [Symbol.asyncIterator]: () => updates }) {
    expect(result.errors).toBeUndefined();
    seen.push(result.data!.backgroundTaskChanged);
  }
  return seen;
}
