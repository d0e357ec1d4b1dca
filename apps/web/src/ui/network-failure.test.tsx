import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fillIn } from '../test/fake-app';
import { callsTo, renderResources } from '../test/render-resources';
import { findAlert } from '../test/screen-reads';
import { acmeClient, clientsPage } from '../test/client-fixtures';

const acme = acmeClient;
const list = clientsPage([acme]);
// What fetch does when no answer comes back (offline, server down): the fake server throws it.
const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};

describe('when the server cannot be reached', { timeout: 30_000 }, () => {
  it("a save says 'Cannot reach the server', not the browser's 'Failed to fetch', and is not sent twice", async () => {
    const user = userEvent.setup();
    const { calls } = renderResources('/clients/5/general', {
      Client: () => ({ data: { client: acme } }),
      UpdateClient: noAnswer,
    });
    await fillIn(user, await screen.findByRole('textbox', { name: 'Name' }), ' Inc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findAlert('Cannot reach the server')).toEqual({ title: 'Failed', message: 'Cannot reach the server' });
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    expect(callsTo(calls, 'UpdateClient')).toHaveLength(1);
  });

  it('a list asks again and shows its rows once the server answers', async () => {
    let attempts = 0;
    const { calls } = renderResources('/clients', {
      Clients: () => {
        attempts += 1;
        return attempts === 1 ? noAnswer() : list;
      },
    });
    expect((await screen.findByRole('link', { name: 'Acme' }, { timeout: 10_000 })).getAttribute('href')).toBe(
      '/clients/5/overview',
    );
    expect(callsTo(calls, 'Clients')).toHaveLength(2);
    expect(screen.queryByText('Cannot reach the server')).toBeNull();
  });

  it("a list that never gets an answer ends with 'Cannot reach the server' after its retries", async () => {
    const { calls } = renderResources('/clients', { Clients: noAnswer });
    // Inline above the (empty) list, so it stays while the user decides what to do.
    expect(await findAlert('Cannot reach the server', 20_000)).toEqual({
      title: 'Failed',
      message: 'Cannot reach the server',
    });
    expect(callsTo(calls, 'Clients').length).toBeGreaterThan(1);
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
  });
});
