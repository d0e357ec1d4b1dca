import type { Client as SocketClient } from 'graphql-ws';
import { subscriptionExchange, type Exchange } from 'urql';
import { getAccessToken } from './token-store';

/** What the exchange needs of a graphql-ws client; tests hand in a fake. */
export type LiveSocket = Pick<SocketClient, 'subscribe'>;

/** The page's own /graphql as a WebSocket address (wss behind https). */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

/**
 * graphql-ws, loaded when the first subscription starts (it stays out of the first screen's bundle). Lazy: the
 * socket opens with the first subscription and closes after the last; every (re)connection sends the access
 * token the page holds at that moment, so a renewed token is used from the next connection on.
 */
export async function connectLiveSocket(): Promise<LiveSocket> {
  const { createClient } = await import('graphql-ws');
  return createClient({
    url: socketUrl(),
    lazy: true,
    connectionParams: () => {
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
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
