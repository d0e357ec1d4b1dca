import { client } from '@canvass/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../app/test-utils';
import { callsTo, renderResources } from './test-render';

const acme = {
  __typename: 'Client',
  id: '5',
  name: 'Acme Agency',
  clientType: 'PoliticalActionCommittee',
  clientStatus: 'Prospect',
  agencyId: '2',
  agency: { __typename: 'Reference', id: '2', name: 'Big Agency' },
  createdAt: '2025-03-04T15:06:00.000Z',
};
const page = (nodes: unknown[], hasNextPage = false) => ({
  data: {
    clients: {
      __typename: 'ClientConnection',
      totalCount: nodes.length,
      totalCountIsCapped: false,
      pageInfo: { __typename: 'PageInfo', hasNextPage, hasPreviousPage: false, startCursor: 'a', endCursor: 'z' },
      nodes,
    },
  },
});

// Whole-screen flows with typing are slow on a busy machine; the default 5 s is too tight for them.
describe('ResourceIndex', { timeout: 20_000 }, () => {
  it('lists the columns of the registry, with enum labels and reference links', async () => {
    renderResources('/clients', { Clients: () => page([acme]) });
    expect(await screen.findByRole('heading', { name: 'Clients' })).toBeTruthy();
    const row = (await screen.findByRole('link', { name: 'Acme Agency' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Political Action Committee')).toBeTruthy();
    expect(within(row).getByText('Prospect')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Big Agency' }).getAttribute('href')).toBe('/clients/2/overview');
    expect(screen.getByText('Total: 1')).toBeTruthy();
  });

  it('asks the first page of 50 in the default order, then searches with Like and sorts by header', async () => {
    const { calls } = renderResources('/clients', { Clients: () => page([acme], true) });
    await screen.findByRole('link', { name: 'Acme Agency' });
    expect(callsTo(calls, 'Clients')[0].variables).toMatchObject({
      first: 50,
      sortBy: 'createdAt',
      sortOrder: 'Desc',
      filters: [],
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'acm');
    await waitFor(() =>
      expect(callsTo(calls, 'Clients').at(-1)?.variables.filters).toEqual([
        { field: 'name', operation: 'Like', value: 'acm' },
      ]),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() =>
      expect(callsTo(calls, 'Clients').at(-1)?.variables).toMatchObject({ sortBy: 'name', sortOrder: 'Asc' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(callsTo(calls, 'Clients').at(-1)?.variables).toMatchObject({ first: 50, after: 'z' }));
  });

  it("counts on the first page only, keeps that total while paging, and shows '10,000+' when capped", async () => {
    const first = page([acme], true);
    const capped = { data: { clients: { ...first.data.clients, totalCount: 10_000, totalCountIsCapped: true } } };
    const { totalCount: _t, totalCountIsCapped: _c, ...uncounted } = capped.data.clients;
    const { calls } = renderResources('/clients', {
      Clients: (vars) => (vars.after ? { data: { clients: { ...uncounted, nodes: [{ ...acme, id: '6' }] } } } : capped),
    });
    expect(await screen.findByText('Total: 10,000+')).toBeTruthy();
    expect(callsTo(calls, 'Clients')[0].variables).toMatchObject({ withTotal: true });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(callsTo(calls, 'Clients').at(-1)?.variables).toMatchObject({ after: 'z', withTotal: false }),
    );
    expect(screen.getByText('Total: 10,000+')).toBeTruthy();
  });

  it('exports what was typed in the search even before the list caught up', async () => {
    const { calls } = renderResources('/clients', {
      Clients: () => page([acme]),
      ExportCsv: () => ({ data: { exportCsv: { message: 'No rows', task: null } } }),
    });
    await screen.findByRole('link', { name: 'Acme Agency' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(callsTo(calls, 'ExportCsv')).toHaveLength(1));
    expect(callsTo(calls, 'ExportCsv')[0].variables).toEqual({
      query: 'clients',
      variables: {
        filters: [{ field: 'name', operation: 'Like', value: 'Acme' }],
        sortBy: 'createdAt',
        sortOrder: 'Desc',
      },
    });
    expect(await screen.findByText('CSV generation failed')).toBeTruthy();
  });

  it('opens a record when its row is clicked', async () => {
    const { router } = renderResources('/clients', {
      Clients: () => page([acme]),
      Client: () => ({ data: { client: { ...acme, isFavorite: false } } }),
    });
    await userEvent.click(await screen.findByText('Prospect'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/5/overview'));
  });

  it('shows Add new and Export only with Create and Export permission', async () => {
    const viewer = buildUser({ restrictions: [{ resource: 'Client', operations: ['View'] }] });
    renderResources('/clients', { Clients: () => page([acme]) }, viewer);
    await screen.findByRole('link', { name: 'Acme Agency' });
    expect(screen.queryByRole('button', { name: 'Add new' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('offers Add new and Export to a viewer allowed both', async () => {
    const manager = buildUser({
      restrictions: [{ resource: client.typeName, operations: ['View', 'Create', 'Export'] }],
    });
    renderResources('/clients', { Clients: () => page([]) }, manager);
    expect(await screen.findByRole('button', { name: 'Add new' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(await screen.findByText('No clients found')).toBeTruthy();
  });
});
