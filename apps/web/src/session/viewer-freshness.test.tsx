import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { SessionProvider, useSession } from './session';
import { buildUser, installFakeServer, signedInAs } from '../test/fake-app';
import { useViewerFreshness } from './viewer-freshness';

function Frame() {
  useViewerFreshness();
  const { can, loading } = useSession();
  if (loading) return <p>loading</p>;
  return (
    <div>
      <p>may create clients: {String(can('Create', 'Client'))}</p>
      <Link to="/lists">Lists</Link>
      <Outlet />
    </div>
  );
}

function renderApp() {
  const before = buildUser();
  // An admin took Create on Client away from this user's role after it signed in.
  const after = buildUser({ restrictions: [{ resource: 'Client', operations: ['View'] }] });
  const calls = installFakeServer({
    RefreshSession: () => ({ data: signedInAs(before) }),
    CurrentUser: () => ({ data: { currentUser: after } }),
  });
  const router = createMemoryRouter(
    [{ path: '/', element: <Frame />, children: [{ path: 'lists', element: <p>the lists</p> }] }],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider env="test">
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </MantineProvider>,
  );
  return calls;
}

afterEach(() => vi.useRealTimers());

describe('the viewer, kept current', { timeout: 20_000 }, () => {
  it('follows a restriction removed after sign-in at the next page, without a new sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const calls = renderApp();
    await screen.findByText('may create clients: true');
    // The first page reads nothing more than the session it started with.
    expect(calls.filter((c) => c.operationName === 'CurrentUser')).toHaveLength(0);

    vi.setSystemTime(Date.now() + 5_000);
    await userEvent.click(screen.getByRole('link', { name: 'Lists' }));
    await screen.findByText('the lists');
    await waitFor(() => expect(screen.getByText(/^may create clients:/).textContent).toBe('may create clients: false'));
  });

  it('reads the viewer again when the window regains focus', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    const calls = renderApp();
    await screen.findByText('may create clients: true');
    vi.setSystemTime(Date.now() + 5_000);
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(calls.filter((c) => c.operationName === 'CurrentUser')).toHaveLength(1));
    await screen.findByText('may create clients: false');
  });
});
