import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderResources } from '../test/render-resources';
import { buildUser, renderApp, signedInAs } from '../test/fake-app';
import { acmeClient, clientsPage } from '../test/client-fixtures';

const acme = acmeClient;
const list = clientsPage([acme]);

// Every screen names itself in the browser tab, through one hook (use-page-title.ts).
describe('document title', { timeout: 20_000 }, () => {
  it('names the login page and the dashboard', async () => {
    renderApp('/login');
    await waitFor(() => expect(document.title).toBe('Login - Canvass'));
    document.title = '';
    renderApp('/dashboard', { RefreshSession: () => ({ data: signedInAs(buildUser()) }) });
    await waitFor(() => expect(document.title).toBe('Dashboard - Canvass'));
  });

  it("names a resource's list by its plural, a record by its name and a new one by its kind", async () => {
    const clients = renderResources('/clients', { Clients: () => list });
    await waitFor(() => expect(document.title).toBe('Clients - Canvass'));
    clients.unmount();
    const record = renderResources('/clients/5/overview', { Client: () => ({ data: { client: acme } }) });
    // The record's tab lists its clients with the generic list, which must not rename the page.
    await screen.findByRole('heading', { name: 'Acme' });
    await waitFor(() => expect(document.title).toBe('Acme - Canvass'));
    record.unmount();
    renderResources('/clients/new', {
      NewClient: () => ({ data: { newClient: { ...acme, __typename: 'ClientDraft', id: undefined, name: null } } }),
    });
    await waitFor(() => expect(document.title).toBe('New client - Canvass'));
  });
});
