import { AUTH_PAYLOAD_FIELDS } from './current-user-fields';
import type { RefreshSessionMutation } from '../gql/graphql';
import type { AuthPayload } from './session-types';
import { setAccessToken } from './token-store';

const REFRESH_SESSION = /* GraphQL */ `
  mutation RefreshSession {
    refreshSession {
      ...AuthPayloadFields
    }
  }
  ${AUTH_PAYLOAD_FIELDS}
`;

const signedOut: AuthPayload = { accessToken: null, expiresIn: null, user: null, message: null };

let inFlight: Promise<AuthPayload> | null = null;

/**
 * Trades the refresh cookie for a new access token and stores it. The server rotates the refresh token on
 * every use, so concurrent callers (app start, several requests hitting UNAUTHENTICATED at once) must share one
 * call: a second parallel call would present an already-rotated token and end the session.
 * Sent with bare fetch, not urql, because urql's own fetch calls this when a request is rejected.
 */
export function refreshSession(): Promise<AuthPayload> {
  inFlight ??= requestRefresh().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function requestRefresh(): Promise<AuthPayload> {
  try {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: REFRESH_SESSION, operationName: 'RefreshSession' }),
    });
    const body = (await response.json()) as { data?: RefreshSessionMutation | null };
    const payload = body.data?.refreshSession ?? signedOut;
    setAccessToken(payload.accessToken);
    return payload;
  } catch {
    // An unreachable server is treated as "no session"; the login page reports problems on the next attempt.
    setAccessToken(null);
    return signedOut;
  }
}
