import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, renderApp, signedInAs } from '../../test/fake-app';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const config = (googleAuthorizationEnabled: boolean) => () => ({
  data: { authConfig: { oidcEnabled: false, oidcLabel: null, signUpEnabled: true, googleAuthorizationEnabled } },
});

async function googleItem(path: string, user = buildUser(), enabled = true) {
  const rendered = renderApp(path, {
    RefreshSession: () => ({ data: signedInAs(user) }),
    AuthConfig: config(enabled),
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Settings menu' }, { timeout: 10_000 }));
  await waitFor(() => expect(screen.queryByText('Checking…')).toBeNull());
  return { ...rendered, item: screen.getByRole('menuitem', { name: /Google account/ }) };
}

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('Google account', { timeout: 20_000 }, () => {
  it('connects from the avatar menu and comes back to the same page', async () => {
    const { item } = await googleItem('/dashboard?tab=1');
    expect(item.textContent).toBe('Connect Google accountNeeded for lists from Google Sheets');
    expect(item.getAttribute('href')).toBe(`/auth/google/start?returnTo=${encodeURIComponent('/dashboard?tab=1')}`);
  });

  it('shows the connected Google address', async () => {
    const user = buildUser({ hasRefreshToken: true, googleEmailAddress: 'ada.campaign@gmail.com' });
    const { item } = await googleItem('/dashboard', user);
    expect(item.textContent).toBe('Reconnect Google accountConnected as ada.campaign@gmail.com');
  });

  it('says Google is not configured instead of sending the browser nowhere', async () => {
    const { item } = await googleItem('/dashboard', buildUser(), false);
    expect(item.textContent).toContain('Google is not configured');
    expect(item.getAttribute('href')).toBeNull();
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it("shows 'Google Authorization saved' on return, and cleans the address", async () => {
    const { router } = renderApp('/dashboard?googleAuthorization=saved', {
      RefreshSession: () => ({ data: signedInAs(buildUser({ hasRefreshToken: true })) }),
    });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain(
      'Google Authorization saved',
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("shows 'Google Authorization failed' when Google or the user said no", async () => {
    renderApp('/dashboard?googleAuthorization=failed', {
      RefreshSession: () => ({ data: signedInAs(buildUser()) }),
    });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toContain(
      'Google Authorization failed',
    );
  });
});
