import { retryExchange } from '@urql/exchange-retry';
import { cacheExchange, Client, fetchExchange, type CombinedError, type Operation } from 'urql';
import { createAuthFetch } from './auth-fetch';
import { refreshSession } from './refresh-session';
import { getAccessToken, notifySessionLost } from './token-store';

/**
 * A request that got no answer (a dropped connection, a server restarting) is tried again a few times with
 * growing pauses before the screen says 'Cannot reach the server'. Only reads: a mutation may have reached the
 * server before the connection dropped, and doing it twice is not the user's intent.
 */
export const retryOptions = {
  initialDelayMs: 500,
  maxDelayMs: 5_000,
  maxNumberAttempts: 4,
  retryIf: (error: CombinedError, operation: Operation) =>
    Boolean(error.networkError) && !error.response && operation.kind !== 'mutation',
};

/** A fresh client (and so an empty cache): one per session, replaced on sign-out and organization switch. */
export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, retryExchange(retryOptions), fetchExchange],
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
    fetch: createAuthFetch({
      renewToken: async () => (await refreshSession()).accessToken,
      onSessionLost: notifySessionLost,
    }),
  });
}
