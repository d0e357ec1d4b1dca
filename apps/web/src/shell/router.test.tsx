import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordActivity } from '../session/inactivity';
import { cellTexts } from '../test/screen-reads';
import { buildUser, renderApp, signedInAs } from '../test/fake-app';

vi.mock('../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const signedIn = (user = buildUser()) => ({ RefreshSession: () => ({ data: signedInAs(user) }) });

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('routing', { timeout: 20_000 }, () => {
  it('sends a signed-out visitor from the root to /login', async () => {
    const { router } = renderApp('/');
    // The form's submit button, so Enter in a field signs in.
    expect(((await screen.findByRole('button', { name: 'Sign in' })) as HTMLButtonElement).type).toBe('submit');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from the root to /dashboard, restoring the session from the cookie', async () => {
    const { router } = renderApp('/', signedIn());
    expect((await screen.findByRole('heading', { name: /^Welcome/ })).textContent).toBe('Welcome, Ada Lovelace');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getAllByText(/./, { selector: 'b' }).map((b) => b.textContent)).toContain('Acme Advocacy');
  });

  it('sends a signed-out visitor of a protected page to /login', async () => {
    const { router } = renderApp('/profile');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('does not restore a session that has been idle past the timeout', async () => {
    document.cookie = 'session_timeout=30';
    recordActivity(Date.now() - 31 * 60_000);
    const { router, calls } = renderApp('/dashboard', signedIn());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((call) => call.operationName)).toContain('Logout');
    expect(calls.map((call) => call.operationName)).not.toContain('RefreshSession');
    document.cookie = 'session_timeout=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('signs out on /logout and lands on /login', async () => {
    const { router, calls } = renderApp('/logout', signedIn());
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.map((call) => call.operationName)).toContain('Logout');
  });

  it('shows the main menu entries in the spec order, leaving out what the user may not view', async () => {
    renderApp('/dashboard', signedIn(buildUser({ isAdmin: true })));
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = Array.from(menu.querySelectorAll('a')).map((link) => link.textContent);
    expect(labels).toEqual(['Dashboard', 'Projects', 'Clients', 'Brands', 'Lists', 'Links', 'Data Import']);
  });

  it('hides menu entries the user has no View permission for', async () => {
    renderApp('/dashboard', signedIn());
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = Array.from(menu.querySelectorAll('a')).map((link) => link.textContent);
    expect(labels).toEqual(['Dashboard', 'Clients']);
  });

  it('shows an honest empty state for a menu entry that is not built yet', async () => {
    renderApp('/projects', signedIn(buildUser({ isAdmin: true })));
    expect((await screen.findByText(/^This part of Canvass/)).textContent).toBe('This part of Canvass is coming');
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toContain('Projects');
  });

  it('shows the own profile', async () => {
    renderApp('/profile', signedIn());
    await screen.findByText('ada@acme.org');
    const details = screen.getAllByRole('row').map(cellTexts);
    expect(details).toContainEqual(['Email', 'ada@acme.org']);
    expect(details).toContainEqual(['Role', 'Manager']);
  });
});
