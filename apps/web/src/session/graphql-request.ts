import { createAuthFetch } from './auth-fetch';
import type { RequestError } from './error-text';
import { refreshSession } from './refresh-session';
import { getAccessToken, notifySessionLost } from './token-store';

/**
 * The few calls made before the console opens (sign-in, session, sign-up, password reset) go through this
 * instead of urql, so the login page does not download a GraphQL client (bundle budget, issue 10). It speaks
 * the same contract as the console's urql client: POST with the access token and the refresh cookie, the token
 * renewed once on UNAUTHENTICATED (auth-fetch.ts), reads retried when no answer came back (networkRetry).
 */

/** A hand-written operation and the types of its answer and variables. */
export interface GraphqlOperation<Data, Variables> {
  readonly kind: 'query' | 'mutation';
  readonly name: string;
  readonly source: string;
  /** Never set: carries the types from the definition to the call. */
  readonly types?: { data: Data; variables: Variables };
}

export function graphqlOperation<Data, Variables = Record<string, never>>(
  source: string,
): GraphqlOperation<Data, Variables> {
  const head = /^\s*(query|mutation)\s+(\w+)/.exec(source);
  if (!head) throw new Error(`Not a named query or mutation: ${source.slice(0, 60)}`);
  return { kind: head[1] as 'query' | 'mutation', name: head[2], source };
}

/** Like urql's answer: data, or an error errorText() can put into words. */
export interface RequestResult<Data> {
  data?: Data;
  error?: RequestError;
}

/**
 * A read that got no answer (a dropped connection, a server restarting) is tried again a few times with growing
 * pauses before the screen says 'Cannot reach the server'. Only reads: a mutation may have reached the server
 * before the connection dropped, and doing it twice is not the user's intent. The console's urql client
 * retries with the same figures (graphql.ts).
 */
export const networkRetry = { initialDelayMs: 500, maxDelayMs: 5_000, maxNumberAttempts: 4 };

/** The fetch both clients send with: renews an expired access token once, else ends the session. */
export const authFetch = createAuthFetch({
  renewToken: async () => (await refreshSession()).accessToken,
  onSessionLost: notifySessionLost,
});

interface ResponseBody<Data> {
  data?: Data | null;
  errors?: { message: string }[];
}

async function send<Data>(operation: GraphqlOperation<Data, unknown>, variables: unknown) {
  const token = getAccessToken();
  const response = await authFetch('/graphql', {
    method: 'POST',
    // The refresh cookie must travel with every call so the server can rotate it.
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query: operation.source, operationName: operation.name, variables }),
  });
  let body: ResponseBody<Data> | null = null;
  try {
    body = (await response.json()) as ResponseBody<Data>;
  } catch {
    // Not GraphQL (a proxy's error page): reported below as an answer that says nothing.
  }
  const result: RequestResult<Data> = {};
  if (body?.data) result.data = body.data;
  if (body?.errors?.length) result.error = { graphQLErrors: body.errors, response };
  else if (!body?.data) {
    result.error = { graphQLErrors: [], networkError: new Error(`HTTP ${response.status}`), response };
  }
  return result;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `operation`; never throws: a failure comes back as `error`. */
export async function graphqlRequest<Data, Variables>(
  operation: GraphqlOperation<Data, Variables>,
  variables: Variables,
): Promise<RequestResult<Data>> {
  const attempts = operation.kind === 'query' ? networkRetry.maxNumberAttempts : 1;
  let delay = networkRetry.initialDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send(operation, variables);
    } catch (error) {
      // fetch threw: no answer came back at all.
      if (attempt >= attempts) {
        return {
          error: { graphQLErrors: [], networkError: error instanceof Error ? error : new Error(String(error)) },
        };
      }
      await pause(delay);
      delay = Math.min(delay * (1.5 + Math.random()), networkRetry.maxDelayMs);
    }
  }
}
