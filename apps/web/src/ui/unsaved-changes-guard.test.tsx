import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillIn } from '../test/fake-app';
import { renderResources } from '../test/render-resources';
import { findAlert } from '../test/screen-reads';
import { acmeClient } from '../test/client-fixtures';

const acme = acmeClient;
const handlers = {
  Client: () => ({ data: { client: acme } }),
  UpdateClient: () => ({
    data: {
      updateClient: { __typename: 'ClientPayload', client: { ...acme, name: 'Acme Inc' }, errors: [], message: null },
    },
  }),
};

/** Whether the browser would ask before closing or reloading the tab. */
function unloadIsQuestioned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('leaving a form with unsaved changes', { timeout: 20_000 }, () => {
  it('asks first: Stay keeps the edit, Leave goes', async () => {
    const user = userEvent.setup();
    const { router } = renderResources('/clients/5/general', handlers);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(unloadIsQuestioned()).toBe(false);
    await fillIn(user, name, ' Inc');
    expect(unloadIsQuestioned()).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You have unsaved changes. If you leave, they are lost.');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(/You have unsaved changes/)).toBeNull());
    expect(router.state.location.pathname).toBe('/clients/5/general');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Acme Inc');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/5/overview'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());
    expect(unloadIsQuestioned()).toBe(false);
  });

  it('lets the user go without asking once the changes are saved', async () => {
    const user = userEvent.setup();
    const { router } = renderResources('/clients/5/general', handlers);
    await fillIn(user, await screen.findByRole('textbox', { name: 'Name' }), ' Inc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findAlert('All changes saved')).toEqual({ title: 'All changes saved', message: null });
    expect(unloadIsQuestioned()).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/5/overview'));
    expect(screen.queryByText(/You have unsaved changes/)).toBeNull();
  });
});
