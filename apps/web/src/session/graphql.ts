import { retryExchange } from '@urql/exchange-retry';
import { cacheExchange, Client, fetchExchange, type CombinedError, type Operation } from 'urql';
import { authFetch, networkRetry } from './graphql-request';
import { liveExchange, type LiveSocket } from './live-socket';
import { getAccessToken } from './token-store';

/**
 * Reads that got no answer are tried again, with the same figures as the calls made before the console opens.
 * Not mutations (they may have happened), nor subscriptions (graphql-ws reconnects; screens fall back to polling).
 */
export const retryOptions = {
  ...networkRetry,
  retryIf: (error: CombinedError, operation: Operation) =>
    Boolean(error.networkError) && !error.response && operation.kind === 'query',
};

/**
 * A fresh client (and so an empty cache): one per session, replaced on sign-out and organization switch.
 * Queries and mutations go over HTTP; subscriptions over a WebSocket (`connectSocket`, replaced in tests).
 */
export function createGraphqlClient(opts: { connectSocket?: () => Promise<LiveSocket> } = {}): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, retryExchange(retryOptions), fetchExchange, liveExchange(opts.connectSocket)],
    // The contract speaks POST only; urql would otherwise send short queries as GET.
    preferGetMethod: false,
    fetchOptions: (): RequestInit => {
      const token = getAccessToken();
      const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
      return {
        // The refresh cookie must travel with every call so the server can rotate it.
        credentials: 'include',
        headers,
      };
    },
    fetch: authFetch,
  });
}
