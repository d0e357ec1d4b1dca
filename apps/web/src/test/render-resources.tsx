import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { GraphqlProvider } from '../session/graphql-provider';
import { SessionProvider } from '../session/session';
import type { CurrentUser } from '../session/session-types';
import { buildUser, installFakeServer, signedInAs, type Handler } from './fake-app';
import { theme } from '../ui/theme';
import { resourceRoutes } from '../resources/routes';

/**
 * Test-only: the resource routes alone (no app shell) against the fake GraphQL server, signed in as `user`,
 * with the modal provider the delete confirmation needs.
 */
export function renderResources(
  path: string,
  handlers: Record<string, Handler>,
  user: CurrentUser = buildUser({ isAdmin: true }),
  state?: unknown,
  /** Routes of the test's own beside the resource routes (a component mounted on its own page). */
  extraRoutes: RouteObject[] = [],
) {
  const calls = installFakeServer({ RefreshSession: () => ({ data: signedInAs(user) }), ...handlers });
  const routes = [...resourceRoutes(), ...extraRoutes, { path: '/dashboard', element: <p>Dashboard page</p> }];
  const router = createMemoryRouter(routes, {
    initialEntries: [{ pathname: path, state }],
  });
  const view = render(
    <MantineProvider theme={theme}>
      <Notifications />
      <GraphqlProvider>
        <SessionProvider>
          <ModalsProvider>
            <RouterProvider router={router} />
          </ModalsProvider>
        </SessionProvider>
      </GraphqlProvider>
    </MantineProvider>,
  );
  return { ...view, router, calls };
}

/** The calls made so far to one operation. */
export function callsTo(calls: ReturnType<typeof installFakeServer>, operationName: string) {
  return calls.filter((c) => c.operationName === operationName);
}
