import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appRoutes } from '../shell/router';
import { SessionProvider } from '../session/session';
import type { CurrentUser } from '../session/session-types';
import { theme } from '../ui/theme';

/** Test-only helpers: a fake GraphQL server behind `fetch`, and the whole app in a memory router. */

export interface GraphqlResponseBody {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}
export type Handler = (variables: Record<string, unknown>, headers: Headers) => GraphqlResponseBody;
export interface GraphqlCall {
  operationName: string;
  variables: Record<string, unknown>;
  headers: Headers;
}

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  const organization = { id: '7', name: 'Acme Advocacy', domain: 'acme.org', timeZone: 'America/New_York' };
  return {
    id: '42',
    name: 'Ada Lovelace',
    email: 'ada@acme.org',
    username: 'ada',
    role: 'Manager',
    isAdmin: false,
    currentOrganization: organization,
    organizations: [organization],
    restrictions: [{ resource: 'Client', operations: ['View', 'Create'] }],
    hasRefreshToken: false,
    googleEmailAddress: null,
    clientId: null,
    teamId: null,
    mediaUrl: null,
    ...overrides,
  };
}

export const signedOut = { refreshSession: { accessToken: null, expiresIn: null, user: null, message: null } };
export const signedInAs = (user: CurrentUser) => ({
  refreshSession: { accessToken: 'token-1', expiresIn: 900, user, message: null },
});

const defaults: Record<string, Handler> = {
  RefreshSession: () => ({ data: signedOut }),
  AuthConfig: () => ({
    data: {
      authConfig: { oidcEnabled: false, oidcLabel: null, signUpEnabled: true, googleAuthorizationEnabled: true },
    },
  }),
  IsAdminLogin: () => ({ data: { isAdminLogin: { isAdmin: false, url: null } } }),
  Logout: () => ({ data: { logout: true } }),
};

/** Replaces global fetch with a server that answers by operation name; records every call. */
export function installFakeServer(handlers: Record<string, Handler> = {}): GraphqlCall[] {
  const calls: GraphqlCall[] = [];
  const all = { ...defaults, ...handlers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables?: Record<string, unknown> };
      const headers = new Headers(init?.headers);
      const variables = body.variables ?? {};
      calls.push({ operationName: body.operationName, variables, headers });
      const handler = all[body.operationName];
      const result = handler ? handler(variables, headers) : { errors: [{ message: `No fake ${body.operationName}` }] };
      return new Response(JSON.stringify(result), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Renders the whole app at `path` against the fake server. */
export function renderApp(path: string, handlers: Record<string, Handler> = {}) {
  const calls = installFakeServer(handlers);
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const view = render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>,
  );
  return { ...view, router, calls };
}

/**
 * Fills a field in one paste: typing character by character re-renders the whole form on every key, which
 * makes form tests slow enough to time out on a busy machine.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.click(field);
  await user.paste(value);
}
