import { WEB_CLIENT_HEADER } from '@canvass/domain';

export interface AuthFetchDeps {
  /** Returns a fresh access token, or null when the session cannot be renewed. */
  renewToken: () => Promise<string | null>;
  /** Called when the session is gone for good; the app then lands on /login. */
  onSessionLost: () => void;
}

interface GraphqlErrorBody {
  errors?: { extensions?: { code?: unknown } }[];
}

/** True when the server says the caller is not signed in (contract: extensions.code UNAUTHENTICATED). */
export async function isUnauthenticated(response: Response): Promise<boolean> {
  if (response.status === 401) return true;
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return false;
  try {
    // clone(): urql still has to read the body of the response we hand back.
    const body = (await response.clone().json()) as GraphqlErrorBody;
    return body.errors?.some((error) => error.extensions?.code === 'UNAUTHENTICATED') ?? false;
  } catch {
    return false;
  }
}

function withHeader(init: RequestInit | undefined, name: string, value: string): RequestInit {
  const headers = new Headers(init?.headers);
  headers.set(name, value);
  return { ...init, headers };
}

/**
 * A fetch (urql's and graphql-request.ts's) that survives an expired access token: on UNAUTHENTICATED it renews
 * the token once through the refresh cookie and replays the same request; if renewal fails (or the replay is
 * rejected too) the session is over. Doing this at the transport keeps every query and mutation oblivious to token expiry.
 */
export function createAuthFetch(deps: AuthFetchDeps): typeof fetch {
  return async (input, init) => {
    // The server records changes made through the app (an opt-out added by hand) as made in the app, not by the API.
    const sent = withHeader(init, WEB_CLIENT_HEADER, 'web');
    // globalThis.fetch is read per call so tests (and polyfills) that replace it are honoured.
    const response = await globalThis.fetch(input, sent);
    if (!(await isUnauthenticated(response))) return response;

    const token = await deps.renewToken();
    if (!token) {
      deps.onSessionLost();
      return response;
    }
    const replay = await globalThis.fetch(input, withHeader(sent, 'authorization', `Bearer ${token}`));
    if (await isUnauthenticated(replay)) deps.onSessionLost();
    return replay;
  };
}
