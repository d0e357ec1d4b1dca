import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillIn, renderApp, type Handler } from '../../test/fake-app';
import { descriptionOf, findAlert } from '../../test/screen-reads';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit() {
  const user = userEvent.setup({ delay: null });
  await fillIn(user, await screen.findByLabelText('Full name'), 'Grace Hopper');
  await fillIn(user, screen.getByLabelText('Username'), 'grace');
  await fillIn(user, screen.getByLabelText('Email'), 'grace@acme.org');
  await fillIn(user, screen.getByLabelText('Password'), 'long-enough');
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('SignUpPage', { timeout: 20_000 }, () => {
  it('returns to /login with the server message after signing up', async () => {
    const signUp: Handler = () => ({
      data: { signUp: { success: true, message: 'Your account has been created; sign in to continue', errors: [] } },
    });
    const { router, calls } = renderApp('/signup', { SignUp: signUp });
    await fillAndSubmit();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await findAlert('Your account has been created; sign in to continue')).toEqual({
      title: null,
      message: 'Your account has been created; sign in to continue',
    });
    expect(calls.find((call) => call.operationName === 'SignUp')?.variables).toEqual({
      name: 'Grace Hopper',
      username: 'grace',
      email: 'grace@acme.org',
      password: 'long-enough',
    });
  });

  it("shows the server's field errors under their fields", async () => {
    renderApp('/sign-up', {
      SignUp: () => ({
        data: {
          signUp: {
            success: false,
            message: 'Email has already been taken',
            errors: [{ field: 'email', messages: ['Email has already been taken'] }],
          },
        },
      }),
    });
    await fillAndSubmit();

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(descriptionOf(email)).toBe('Email has already been taken');
  });
});
