import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, renderApp, signedInAs } from '../test/fake-app';

vi.mock('../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const platform = { id: '1', name: 'Canvass Platform', domain: 'canvass.app', timeZone: 'UTC' };
const acme = { id: '7', name: 'Acme Advocacy', domain: 'acme.org', timeZone: 'America/New_York' };

async function openSettings(user = buildUser(), handlers = {}) {
  const rendered = renderApp('/dashboard', { RefreshSession: () => ({ data: signedInAs(user) }), ...handlers });
  await userEvent.click(await screen.findByRole('button', { name: 'Settings menu' }, { timeout: 10_000 }));
  await screen.findByRole('menuitem', { name: 'Profile' });
  return rendered;
}

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('SettingsMenu', { timeout: 20_000 }, () => {
  it('offers Profile, Organization, Google account and Logout', async () => {
    await openSettings();
    await screen.findByText('Needed for lists from Google Sheets');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Organization',
      'Connect Google accountNeeded for lists from Google Sheets',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Logout' }).getAttribute('href')).toBe('/logout');
    expect(screen.queryByRole('menuitem', { name: 'Queue monitor' })).toBeNull();
    expect(screen.queryByText('Switch organization')).toBeNull();
  });

  it('links the queue monitor for a platform admin in organization 1', async () => {
    await openSettings(buildUser({ isAdmin: true, currentOrganization: platform, organizations: [platform] }));
    expect(screen.getByRole('menuitem', { name: 'Queue monitor' }).getAttribute('href')).toBe('/admin/queue');
  });

  it('hides the queue monitor from a user of organization 1 who is not a platform admin', async () => {
    await openSettings(
      buildUser({ isAdmin: false, role: 'Admin', currentOrganization: platform, organizations: [platform] }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Queue monitor' })).toBeNull();
  });

  it('hides the queue monitor from a platform admin in another organization', async () => {
    await openSettings(buildUser({ isAdmin: true }));
    expect(screen.queryByRole('menuitem', { name: 'Queue monitor' })).toBeNull();
  });

  it('links the restrictions grid for an organization admin only', async () => {
    await openSettings(buildUser({ role: 'Admin' }));
    expect(screen.getByRole('menuitem', { name: 'Restrictions' }).getAttribute('href')).toBe(
      '/organization/restrictions',
    );
  });

  it('switches organization when the user belongs to several', async () => {
    const switched = buildUser({ currentOrganization: platform, organizations: [acme, platform] });
    const { calls } = await openSettings(buildUser({ organizations: [acme, platform] }), {
      SwitchOrganization: () => ({
        data: { switchOrganization: { accessToken: 'token-2', expiresIn: 900, user: switched, message: null } },
      }),
    });
    await userEvent.click(screen.getByRole('menuitem', { name: 'Canvass Platform' }));

    await waitFor(() =>
      expect(screen.getAllByText(/./, { selector: 'b' }).map((b) => b.textContent)).toContain('Canvass Platform'),
    );
    expect(calls.find((call) => call.operationName === 'SwitchOrganization')?.variables).toEqual({
      organizationId: '1',
    });
  });
});
