import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, fillIn, renderApp, signedInAs } from '../../test/fake-app';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

async function choosePassword(password: string) {
  const user = userEvent.setup({ delay: null });
  await fillIn(user, await screen.findByLabelText('Password'), password);
  await fillIn(user, screen.getByLabelText('Repeat password'), password);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('InvitationPage', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sets the password with the link parameters and lands signed in on the dashboard', async () => {
    const invited = buildUser({ name: 'Morgan Newcomer', role: 'Texter' });
    const { calls, router } = renderApp('/invitation?uuid=u-1&token=t-1', {
      AcceptInvitation: () => ({ data: { acceptInvitation: signedInAs(invited).refreshSession } }),
    });
    await choosePassword('morgan-chooses-1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((call) => call.operationName === 'AcceptInvitation')?.variables).toEqual({
      uuid: 'u-1',
      token: 't-1',
      password: 'morgan-chooses-1',
      passwordVerify: 'morgan-chooses-1',
    });
  });

  it("shows the server's message when the invitation is refused, and stays", async () => {
    const { router } = renderApp('/invitation?uuid=u-1&token=stale', {
      AcceptInvitation: () => ({
        data: {
          acceptInvitation: {
            accessToken: null,
            expiresIn: null,
            user: null,
            message: 'The invitation link is invalid or has expired',
          },
        },
      }),
    });
    await choosePassword('morgan-chooses-1');
    expect((await screen.findByRole('alert')).textContent).toContain('The invitation link is invalid or has expired');
    expect(router.state.location.pathname).toBe('/invitation');
  });
});
