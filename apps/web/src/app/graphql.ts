import { cacheExchange, Client, fetchExchange } from 'urql';
import { createAuthFetch } from './auth-fetch';
import { refreshSession } from './refresh-session';
import { getAccessToken, notifySessionLost } from './token-store';

/** A fresh client (and so an empty cache): one per session, replaced on sign-out and organization switch. */
export function createGraphqlClient(): Client {
  return new Client({
    url: '/graphql',
    exchanges: [cacheExchange, fetchExchange],
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
