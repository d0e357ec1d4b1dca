import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAlert, overviewValue } from '../test/screen-reads';
import { callsTo, renderResources } from '../test/render-resources';
import { acmeClient } from '../test/client-fixtures';

const acme = {
  ...acmeClient,
  email: 'hq@acme.org',
  phone: '5552010000',
  slug: 'acme',
  phones: [{ __typename: 'ClientPhoneNumber', id: '31', number: '5552010001', description: 'Office' }],
};
const payload = (client: unknown, errors: unknown[] = [], message: string | null = null) => ({
  __typename: 'ClientPayload',
  client,
  errors,
  message,
});

// Whole-screen flows with typing are slow on a busy machine; the default 5 s is too tight for them.
describe('ResourceShowPage', { timeout: 20_000 }, () => {
  it('sends a missing record to /dashboard (spec §2)', async () => {
    const { router } = renderResources('/clients/404/overview', { Client: () => ({ data: { client: null } }) });
    // The first test of the file also pays for loading the lazy page modules: more than findBy's default second.
    await screen.findByText('Dashboard page', {}, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the overview with formatted values and the opt-in link', async () => {
    renderResources('/clients/5/overview', { Client: () => ({ data: { client: acme } }) });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Acme');
    expect(overviewValue('Phone')).toBe('(555)-201-0000');
    // M/D/YYYY hh:mm a (spec §9), in the zone of the session's organization (none here: the browser's), named.
    expect(overviewValue('Created')).toMatch(/^3\/[45]\/2025 \d\d:06 (am|pm) \S+$/);
    expect(screen.getByRole('link', { name: '/acme/opt-in' }).getAttribute('href')).toBe('/acme/opt-in');
    // An agency has clients: its tab follows Overview.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toContain('Clients');
  });

  it('names the capability on tabs whose data comes later', async () => {
    renderResources('/clients/5/discussions', { Client: () => ({ data: { client: acme } }) });
    const tab = await screen.findByRole('tabpanel');
    await waitFor(() =>
      expect(tab.textContent).toContain('Discussions of this client will appear here once discussions are available'),
    );
  });

  it('changes the status from the header with just that attribute', async () => {
    const { calls } = renderResources('/clients/5/overview', {
      Client: () => ({ data: { client: acme } }),
      UpdateClient: () => ({ data: { updateClient: payload({ ...acme, clientStatus: 'Inactive' }) } }),
    });
    await userEvent.click(await screen.findByRole('combobox', { name: 'Client status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive', hidden: true }));
    await waitFor(() => expect(callsTo(calls, 'UpdateClient')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateClient')[0].variables).toEqual({ id: '5', attributes: { clientStatus: 'Inactive' } });
    expect(await findAlert('All changes saved')).toEqual({ title: 'All changes saved', message: null });
  });

  it('toggles the favorite star', async () => {
    const { calls } = renderResources('/clients/5/overview', {
      Client: () => ({ data: { client: acme } }),
      ToggleClientFavorite: () => ({ data: { toggleFavorite: { __typename: 'FavoritePayload', isFavorite: true } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to favorites' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /favorites$/ }).getAttribute('aria-label')).toBe(
        'Remove from favorites',
      ),
    );
    expect(callsTo(calls, 'ToggleClientFavorite')[0].variables).toEqual({ clientId: '5' });
  });

  it('deletes after confirmation, says so and returns to the list', async () => {
    const { calls, router } = renderResources('/clients/5/overview', {
      Client: () => ({ data: { client: acme } }),
      DestroyClient: () => ({
        data: {
          destroyClient: payload({ __typename: 'Client', id: '5' }, [], 'The client has been deleted successfully'),
        },
      }),
      Clients: () => ({
        data: {
          clients: {
            totalCount: 0,
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            nodes: [],
          },
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete client');
    expect(dialog.textContent).toContain('Are you sure you want to delete this client?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findAlert('The client has been deleted successfully')).toEqual({
      title: null,
      message: 'The client has been deleted successfully',
    });
    expect(callsTo(calls, 'DestroyClient')[0].variables).toEqual({ id: '5' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients'));
  });

  it('shows only what the server says the viewer may do with this record', async () => {
    const readOnly = { ...acme, can: { ...acme.can, update: false, destroy: false, favorite: false } };
    renderResources('/clients/5/overview', { Client: () => ({ data: { client: readOnly } }) });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Acme');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to favorites' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Client status' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('a refused delete says what depends on the record and stays', async () => {
    const { router } = renderResources('/clients/5/overview', {
      Client: () => ({ data: { client: acme } }),
      DestroyClient: () => ({
        data: { destroyClient: payload(null, [{ field: 'base', messages: ['2 clients belong to this agency'] }]) },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findAlert('2 clients belong to this agency')).toEqual({
      title: 'Failed',
      message: '2 clients belong to this agency',
    });
    expect(router.state.location.pathname).toBe('/clients/5/overview');
  });

  it('edits one section on /edit/{section}, sending only its fields', async () => {
    const { calls } = renderResources('/clients/5/edit/phone-numbers', {
      Client: () => ({ data: { client: acme } }),
      UpdateClient: () => ({ data: { updateClient: payload({ ...acme, phones: [] }) } }),
    });
    expect(((await screen.findByRole('textbox', { name: 'Phone number 1' })) as HTMLInputElement).value).toBe(
      '(555)-201-0001',
    );
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove phone number 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(calls, 'UpdateClient')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateClient')[0].variables).toEqual({
      id: '5',
      attributes: { phones: [{ id: '31', _destroy: true }] },
    });
    expect(await findAlert('All changes saved')).toEqual({ title: 'All changes saved', message: null });
  });
});
