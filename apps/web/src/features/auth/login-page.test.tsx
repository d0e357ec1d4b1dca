import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToExternal } from '../../session/browser';
import { buildUser, fillIn, renderApp } from '../../test/fake-app';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));
vi.mock('../../session/browser', () => ({ goToExternal: vi.fn() }));

const failedLogin = () => ({
  data: { login: { accessToken: null, expiresIn: null, user: null, message: 'Invalid email or password' } },
});

async function signIn(email = 'ada@acme.org', password = 'secret-password') {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  await fillIn(user, await screen.findByLabelText('Email'), email);
  await fillIn(user, screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('LoginPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(goToExternal).mockReset();
  });

  it("shows the server's message in a warning alert and clears it after 3 seconds", async () => {
    renderApp('/login', { Login: failedLogin });
    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password');

    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.queryByText('Invalid email or password')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('goes to the dashboard after a successful sign-in', async () => {
    const ada = buildUser();
    const { router, calls } = renderApp('/login', {
      Login: () => ({ data: { login: { accessToken: 'token-1', expiresIn: 900, user: ada, message: null } } }),
    });
    await signIn();

    expect((await screen.findByRole('heading', { name: /^Welcome/ })).textContent).toBe('Welcome, Ada Lovelace');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(calls.find((call) => call.operationName === 'Login')?.variables).toEqual({
      email: 'ada@acme.org',
      password: 'secret-password',
    });
  });

  it("says 'Cannot reach the server' when the sign-in gets no answer, and sends it only once", async () => {
    const { calls } = renderApp('/login', {
      Login: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Cannot reach the server');
    expect(calls.filter((call) => call.operationName === 'Login')).toHaveLength(1);
  });

  it('sends an admin-type login to the site the server names, without signing in here', async () => {
    const { calls } = renderApp('/login', {
      IsAdminLogin: () => ({ data: { isAdminLogin: { isAdmin: true, url: 'https://admin.example.org/login' } } }),
    });
    await signIn('root@example.org');

    await waitFor(() => expect(goToExternal).toHaveBeenCalledWith('https://admin.example.org/login'));
    expect(calls.some((call) => call.operationName === 'Login')).toBe(false);
  });

  it('offers single sign-on when the server has it enabled', async () => {
    renderApp('/login', {
      AuthConfig: () => ({
        data: { authConfig: { oidcEnabled: true, oidcLabel: 'Sign in with Okta', signUpEnabled: true } },
      }),
    });
    const link = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(link.getAttribute('href')).toBe('/auth/oidc/start');
  });

  it('shows why the identity provider sign-in failed when it comes back to /login?error=', async () => {
    renderApp('/login?error=No%20Canvass%20account%20matches%20this%20sign-in', {});
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No Canvass account matches this sign-in');
  });
});
