import type { Client as SocketClient } from 'graphql-ws';
import { subscriptionExchange, type Exchange } from 'urql';
import { socketToken } from './socket-token';

/** What the exchange needs of a graphql-ws client; tests hand in a fake. */
export type LiveSocket = Pick<SocketClient, 'subscribe'>;

/** The page's own /graphql as a WebSocket address (wss behind https). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

/** graphql-ws's Forbidden: the server no longer accepts the token the socket was opened with. */
const FORBIDDEN = 4403;

/**
 * graphql-ws, loaded when the first subscription starts (it stays out of the first screen's bundle). Lazy: the
 * socket opens with the first subscription and closes after the last. Every (re)connection sends a token that
 * will live a while (socketToken): the server closes the socket (4403) when the token expires or the session ends,
 * and the client reconnects, with a renewed token, or sends the browser to sign-in when none can be had.
 */
export async function connectLiveSocket(): Promise<LiveSocket> {
  const { createClient } = await import('graphql-ws');
  let refused = false;
  return createClient({
    url: socketUrl(),
    lazy: true,
    connectionParams: async () => {
      const token = await socketToken(refused);
      refused = false;
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    on: {
      closed: (event) => {
        refused = (event as { code?: unknown }).code === FORBIDDEN;
      },
    },
    retryAttempts: 5,
  });
}

/**
 * urql's subscriptions over one graphql-ws socket per urql client (so per session: a new session's client gets a
 * new socket with its own token). When the socket cannot be had, each subscription ends with an error and the
 * screen falls back to polling (useBackgroundTask).
 */
export function liveExchange(connect: () => Promise<LiveSocket> = connectLiveSocket): Exchange {
  let socket: Promise<LiveSocket> | null = null;
  return subscriptionExchange({
    forwardSubscription: (request) => ({
      subscribe(sink) {
        let cancelled = false;
        let unsubscribe: (() => void) | null = null;
        (socket ??= connect()).then(
          (client) => {
            if (!cancelled) unsubscribe = client.subscribe({ ...request, query: request.query ?? '' }, sink);
          },
          (err: unknown) => sink.error(err),
        );
        return {
          unsubscribe() {
            cancelled = true;
            unsubscribe?.();
          },
        };
      },
    }),
  });
}
