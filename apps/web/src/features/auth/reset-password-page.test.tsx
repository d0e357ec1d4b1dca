import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillIn, renderApp } from '../../test/fake-app';
import { findAlert } from '../../test/screen-reads';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

async function choosePassword(password: string, repeat: string) {
  const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
  await fillIn(user, await screen.findByLabelText('Password'), password);
  await fillIn(user, screen.getByLabelText('Repeat password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Reset password' }));
}

// Renders the app with Mantine and the router: on a busy machine one test can take several seconds.
describe('ResetPasswordPage', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("says 'Password must match' for 3 seconds and does not call the server", async () => {
    const { calls } = renderApp('/reset?uuid=u-1&token=t-1');
    await choosePassword('first-password', 'other-password');

    expect((await screen.findByRole('alert')).textContent).toContain('Password must match');
    act(() => {
      vi.advanceTimersByTime(3_100);
    });
    expect(screen.queryByText('Password must match')).toBeNull();
    expect(calls.some((call) => call.operationName === 'ResetPassword')).toBe(false);
  });

  it('resets with the link parameters and returns to /login', async () => {
    const { calls, router } = renderApp('/reset?uuid=u-1&token=t-1', {
      ResetPassword: () => ({
        data: { resetPassword: { success: true, message: 'Password changed successfully', errors: [] } },
      }),
    });
    await choosePassword('new-password', 'new-password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await findAlert('Password changed successfully')).toEqual({
      title: null,
      message: 'Password changed successfully',
    });
    expect(calls.find((call) => call.operationName === 'ResetPassword')?.variables).toEqual({
      uuid: 'u-1',
      token: 't-1',
      password: 'new-password',
      passwordVerify: 'new-password',
    });
  });

  it("shows the server's message when the link is refused", async () => {
    renderApp('/reset?uuid=u-1&token=stale', {
      ResetPassword: () => ({
        data: {
          resetPassword: { success: false, message: 'The reset link is invalid or has expired', errors: [] },
        },
      }),
    });
    await choosePassword('new-password', 'new-password');
    expect((await screen.findByRole('alert')).textContent).toContain('The reset link is invalid or has expired');
  });
});
