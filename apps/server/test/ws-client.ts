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
