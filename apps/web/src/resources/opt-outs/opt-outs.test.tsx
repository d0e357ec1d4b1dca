import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUser, fillIn } from '../../test/fake-app';
import { setAccessToken } from '../../session/token-store';
import { acmeClient } from '../../test/client-fixtures';
import { callsTo, renderResources } from '../../test/render-resources';

const admin = buildUser({ isAdmin: true });
const noErrors = { errors: [], message: 'Opt-out added' };

const optOutRecord = {
  __typename: 'OptOut',
  id: '5',
  number: '4155550101',
  phoneId: '9',
  phone: { __typename: 'Reference', id: '9', name: '4155550101' },
  clientId: '7',
  client: { __typename: 'Reference', id: '7', name: 'Acme' },
  body: null,
  optOutType: 'Manual',
  createdAt: '2026-01-05T15:00:00.000Z',
  createdByName: 'Ada Lovelace',
  can: { __typename: 'RecordAbilities', update: false, destroy: false, export: true, favorite: false },
};

describe('adding an opt-out', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it("shows the server's 'You must choose a valid phone' under the phone, then adds for the tab's client", async () => {
    let attempt = 0;
    const { calls, router } = renderResources(
      '/opt-outs/new',
      {
        ClientReference: () => ({ data: { client: { __typename: 'Client', id: '7', name: 'Acme' } } }),
        OptOutPhoneSearch: () => ({
          data: {
            phones: {
              __typename: 'PhoneConnection',
              nodes: [{ __typename: 'Phone', id: '9', number: '4155550101' }],
            },
          },
        }),
        AddOptOut: () =>
          ++attempt === 1
            ? {
                data: {
                  addOptOut: {
                    optOut: null,
                    errors: [{ field: 'number', messages: ['You must choose a valid phone'] }],
                    message: null,
                  },
                },
              }
            : {
                data: {
                  addOptOut: {
                    optOut: { __typename: 'OptOut', id: '5', number: '4155550101', clientId: '7' },
                    ...noErrors,
                  },
                },
              },
      },
      admin,
      { clientId: '7' },
    );
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'New opt-out' });
    // The client passed by the tab's Add is chosen already.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Client' })).toHaveProperty('value', 'Acme'));

    const phone = screen.getByRole('combobox', { name: /Phone number/ });
    await fillIn(user, phone, '415');
    // The organization's phones matching the digits are offered, 10 at most (spec §9).
    expect((await screen.findByRole('option', { name: '4155550101', hidden: true })).textContent).toBe('4155550101');
    expect(callsTo(calls, 'OptOutPhoneSearch').at(-1)?.variables).toEqual({
      filters: [{ field: 'number', operation: 'Like', value: '415', arrayValues: null }],
      limit: 10,
    });

    await user.click(screen.getByRole('button', { name: 'Add opt-out' }));
    expect((await screen.findByText('You must choose a valid phone')).textContent).toBe(
      'You must choose a valid phone',
    );
    expect(router.state.location.pathname).toBe('/opt-outs/new');

    await user.clear(phone);
    await fillIn(user, phone, '(415) 555-0101');
    await user.click(screen.getByRole('button', { name: 'Add opt-out' }));
    expect((await screen.findByText('Opt-out added')).textContent).toBe('Opt-out added');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/7/opt_outs'));
    expect(callsTo(calls, 'AddOptOut').at(-1)?.variables).toEqual({
      number: '(415) 555-0101',
      clientId: '7',
      body: null,
    });
  });

  it('asks for a phone before it sends anything', async () => {
    const { calls } = renderResources('/opt-outs/new', {}, admin);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add opt-out' }));
    expect((await screen.findByText('You must choose a valid phone')).textContent).toBe(
      'You must choose a valid phone',
    );
    expect(callsTo(calls, 'AddOptOut')).toEqual([]);
  });
});

const historyAnswer = () => ({
  data: {
    optOut: {
      __typename: 'OptOut',
      id: '5',
      history: [
        {
          __typename: 'OptOutChange',
          id: '1',
          action: 'Added',
          source: 'Manual',
          optOutType: 'Manual',
          reason: null,
          ipAddress: '203.0.113.7',
          userName: 'Ada Lovelace',
          createdAt: '2026-01-05T15:00:00.000Z',
        },
      ],
    },
  },
});

describe("a client's opt-outs tab", { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('lists its opt-outs with Add, and opens one (a record of another resource) on its overview', async () => {
    const { calls, router } = renderResources(
      '/clients/7/opt_outs',
      {
        Client: () => ({ data: { client: { ...acmeClient, id: '7' } } }),
        OptOuts: () => ({
          data: {
            optOuts: {
              __typename: 'OptOutConnection',
              totalCount: 1,
              totalCountIsCapped: false,
              pageInfo: {
                __typename: 'PageInfo',
                hasNextPage: false,
                hasPreviousPage: false,
                startCursor: 'a',
                endCursor: 'a',
              },
              nodes: [optOutRecord],
            },
          },
        }),
        OptOut: () => ({ data: { optOut: optOutRecord } }),
        OptOutHistory: historyAnswer,
      },
      admin,
    );
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Opt-outs' });
    const link = await within(table).findByRole('link', { name: '(415)-555-0101' });
    expect(callsTo(calls, 'OptOuts')[0].variables.filters).toEqual([
      { field: 'clientId', operation: 'Equal', value: '7' },
    ]);
    expect(screen.getByRole('button', { name: 'Add new' }).textContent).toBe('Add new');

    await user.click(link);
    const history = await screen.findByRole('table', { name: 'Opt-out history' });
    expect(within(history).getByText('Ada Lovelace').textContent).toBe('Ada Lovelace');
    expect(router.state.location.pathname).toBe('/opt-outs/5/overview');
  });
});

describe('removing an opt-out', { timeout: 20_000 }, () => {
  afterEach(() => setAccessToken(null));

  it('needs a reason; then removes it, says so and goes back to its client', async () => {
    const { calls, router } = renderResources(
      '/opt-outs/5/overview',
      {
        OptOut: () => ({ data: { optOut: optOutRecord } }),
        OptOutHistory: historyAnswer,
        RemoveOptOut: () => ({
          data: {
            removeOptOut: { optOut: { __typename: 'OptOut', id: '5' }, errors: [], message: 'Opt-out removed' },
          },
        }),
      },
      admin,
    );
    const user = userEvent.setup();
    // The overview shows the history: who added it, from the app, from which address.
    const history = await screen.findByRole('table', { name: 'Opt-out history' });
    expect(within(history).getByText('In the app').textContent).toBe('In the app');
    expect(within(history).getByText('203.0.113.7').textContent).toBe('203.0.113.7');

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove opt-out' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByText('Reason is required')).textContent).toBe('Reason is required');
    expect(callsTo(calls, 'RemoveOptOut')).toEqual([]);

    await fillIn(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked to be texted again');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByText('Opt-out removed')).textContent).toBe('Opt-out removed');
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/7/opt_outs'));
    expect(callsTo(calls, 'RemoveOptOut')[0].variables).toEqual({ id: '5', reason: 'Asked to be texted again' });
  });
});
