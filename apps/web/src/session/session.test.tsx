import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from './inactivity';
import { SessionProvider, useSession } from './session';
import { buildUser, installFakeServer, signedInAs, signedOut, type Handler } from '../test/fake-app';
import { findAlert } from '../test/screen-reads';
import { formatDateTime } from '../ui/format';

function Probe() {
  const session = useSession();
  if (session.loading) return <p>loading</p>;
  return (
    <div>
      <p>user: {session.user?.name ?? 'none'}</p>
      <p>may create clients: {String(session.can('Create', 'Client'))}</p>
      <p>may delete brands: {String(session.can('Delete', 'Brand'))}</p>
      <p>scheduled: {formatDateTime('2026-12-01T13:00:00Z')}</p>
      <button onClick={() => void session.refresh()}>refresh</button>
    </div>
  );
}

function renderSession(handlers: Record<string, Handler>) {
  const calls = installFakeServer(handlers);
  render(
    <MantineProvider env="test">
      <Notifications />
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </MantineProvider>,
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('SessionProvider', { timeout: 20_000 }, () => {
  it('restores the session from the refresh cookie and sends the access token with later requests', async () => {
    const ada = buildUser();
    const calls = renderSession({
      RefreshSession: () => ({ data: signedInAs(ada) }),
      CurrentUser: () => ({ data: { currentUser: ada } }),
    });
    await waitFor(() => expect(screen.getByText(/^user:/).textContent).toBe('user: Ada Lovelace'));
    expect(calls[0].operationName).toBe('RefreshSession');

    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));
    await waitFor(() => expect(calls.some((call) => call.operationName === 'CurrentUser')).toBe(true));
    const currentUserCall = calls.find((call) => call.operationName === 'CurrentUser');
    expect(currentUserCall?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('answers can() from the restrictions, and always yes for admins', async () => {
    renderSession({ RefreshSession: () => ({ data: signedInAs(buildUser()) }) });
    await waitFor(() => expect(screen.getByText(/^may create clients:/).textContent).toBe('may create clients: true'));
    expect(screen.getByText(/^may delete brands:/).textContent).toBe('may delete brands: false');
  });

  it("shows every date-time in the signed-in organization's time zone, named", async () => {
    // The test user's organization is Acme Advocacy in America/New_York; the test browser's zone is not.
    renderSession({ RefreshSession: () => ({ data: signedInAs(buildUser()) }) });
    await waitFor(() => expect(screen.getByText(/^scheduled:/).textContent).toBe('scheduled: 12/1/2026 08:00 am EST'));
  });

  it('lets an admin do anything', async () => {
    renderSession({ RefreshSession: () => ({ data: signedInAs(buildUser({ isAdmin: true, restrictions: [] })) }) });
    await waitFor(() => expect(screen.getByText(/^may delete brands:/).textContent).toBe('may delete brands: true'));
  });

  it('ends the session when the server rejects the token and the cookie cannot renew it', async () => {
    let refreshes = 0;
    renderSession({
      // The first refresh (app start) succeeds; the one after the rejection finds the session gone.
      RefreshSession: () => ({ data: refreshes++ === 0 ? signedInAs(buildUser()) : signedOut }),
      CurrentUser: () => ({
        data: null,
        errors: [{ message: 'You must sign in to continue', extensions: { code: 'UNAUTHENTICATED' } }],
      }),
    });
    await screen.findByText('user: Ada Lovelace');

    await userEvent.click(screen.getByRole('button', { name: 'refresh' }));

    await waitFor(() => expect(screen.getByText(/^user:/).textContent).toBe('user: none'));
    expect(await findAlert('Your current session has expired.')).toEqual({
      title: null,
      message: 'Your current session has expired.',
    });
  });

  it('signs out after the inactivity timeout', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = renderSession({ RefreshSession: () => ({ data: signedInAs(buildUser()) }) });
    await screen.findByText('user: Ada Lovelace');

    recordActivity(Date.now() - 1441 * 60_000);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });

    await waitFor(() => expect(screen.getByText(/^user:/).textContent).toBe('user: none'));
    expect(calls.some((call) => call.operationName === 'Logout')).toBe(true);
  });
});
