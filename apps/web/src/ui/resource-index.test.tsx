import { client } from '@canvass/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/fake-app';
import { cellTexts, findAlert } from '../test/screen-reads';
import { callsTo, renderResources } from '../test/render-resources';

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
    // The list is the page's own heading (a level-3 one inside a record's tab).
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Clients');
    const row = (await screen.findByRole('link', { name: 'Acme Agency' })).closest('tr') as HTMLElement;
    expect(cellTexts(row)).toEqual([
      'Acme Agency',
      'Political Action Committee',
      'Prospect',
      'Big Agency',
      expect.stringMatching(/^3\/[45]\/2025 \d\d:06 (am|pm) \S+$/),
    ]);
    expect(within(row).getByRole('link', { name: 'Big Agency' }).getAttribute('href')).toBe('/clients/2/overview');
    expect(screen.getByText(/^Total:/).textContent).toBe('Total: 1');
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

  it('offers sorting only by the columns the server sorts (phones: number and date, not type or status)', async () => {
    renderResources('/phones', {
      Phones: () => ({
        data: {
          phones: {
            __typename: 'PhoneConnection',
            totalCount: 0,
            totalCountIsCapped: false,
            pageInfo: {
              __typename: 'PageInfo',
              hasNextPage: false,
              hasPreviousPage: false,
              startCursor: null,
              endCursor: null,
            },
            nodes: [],
          },
        },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Phones' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, within(h).queryByRole('button') !== null])).toEqual([
      ['Number', true],
      ['Type', false],
      ['Status', false],
      ['Provider', false],
      ['Campaign', false],
      ['Client', false],
      ['Created', true],
    ]);
  });

  it("counts on the first page only, keeps that total while paging, and shows '10,000+' when capped", async () => {
    const first = page([acme], true);
    const capped = { data: { clients: { ...first.data.clients, totalCount: 10_000, totalCountIsCapped: true } } };
    const { totalCount: _t, totalCountIsCapped: _c, ...uncounted } = capped.data.clients;
    const { calls } = renderResources('/clients', {
      Clients: (vars) => (vars.after ? { data: { clients: { ...uncounted, nodes: [{ ...acme, id: '6' }] } } } : capped),
    });
    await waitFor(() => expect(screen.getByText(/^Total:/).textContent).toBe('Total: 10,000+'));
    expect(callsTo(calls, 'Clients')[0].variables).toMatchObject({ withTotal: true });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(callsTo(calls, 'Clients').at(-1)?.variables).toMatchObject({ after: 'z', withTotal: false }),
    );
    expect(screen.getByText(/^Total:/).textContent).toBe('Total: 10,000+');
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
    // The server's reason sits under the spec's title.
    expect(await findAlert('CSV generation failed')).toEqual({
      title: 'CSV generation failed',
      message: 'No rows',
    });
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
    expect(((await screen.findByRole('button', { name: 'Add new' })) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
    const empty = (await screen.findByText('No clients found')).closest('tr') as HTMLElement;
    expect(cellTexts(empty)).toEqual(['No clients found']);
  });
});
