import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listFilterMessages } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { acmeClient } from '../../test/client-fixtures';
import { cellTexts, descriptionOf, findAlert } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';

const filter = (id: string, listFilterType: string, carrier: string | null, state: string | null) => ({
  __typename: 'ListFilter',
  id,
  listFilterType,
  carrier,
  state,
  clientId: '5',
  client: { id: '5', name: 'Acme' },
});
const page = (nodes: unknown[]) => ({
  data: {
    listFilters: {
      __typename: 'ListFilterConnection',
      totalCount: nodes.length,
      totalCountIsCapped: false,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      nodes,
    },
  },
});

/** Opens a Mantine select by its label and picks an option (options render inside a transition jsdom never ends). */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe("a client's list filters tab", { timeout: 45_000 }, () => {
  it('lists its filters, says carrier data is missing, adds a State filter and deletes one', async () => {
    const { calls } = renderResources('/clients/5/list-filters', {
      Client: () => ({ data: { client: acmeClient } }),
      ListFilters: () => page([filter('21', 'Carrier', 'Twilio', null)]),
      ListFilterCarrierData: () => ({ data: { listFilterCarrierDataAvailable: false } }),
      CreateListFilter: () => ({
        data: {
          createListFilter: {
            listFilter: { ...filter('22', 'State', null, 'FL'), createdAt: '2025-03-04T15:06:00.000Z' },
            errors: [],
            message: null,
          },
        },
      }),
      DestroyListFilter: () => ({
        data: { destroyListFilter: { listFilter: { id: '21' }, errors: [], message: null } },
      }),
    });

    const table = await screen.findByRole('table', { name: 'List Filters' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(within(table).getAllByRole('row').slice(1).map(cellTexts)[0]?.slice(0, 2)).toEqual(['Carrier', 'Twilio']),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'ListFilters')[0].variables.filters).toEqual([
        { field: 'clientId', operation: 'Equal', value: '5' },
      ]),
    );
    expect(await findAlert(listFilterMessages.carrierDataUnavailable)).toEqual({
      title: listFilterMessages.carrierDataUnavailableTitle,
      message: listFilterMessages.carrierDataUnavailable,
    });

    // The state input is off until the type takes a state; an empty Add is refused before reaching the server.
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: 'Type' }))).toBe('Type is required'));
    expect(callsTo(calls, 'CreateListFilter')).toHaveLength(0);

    await choose('Type', 'State');
    await choose('State', 'Florida (FL)');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'CreateListFilter')).toHaveLength(1));
    expect(callsTo(calls, 'CreateListFilter')[0].variables.attributes).toEqual({
      listFilterType: 'State',
      carrier: null,
      state: 'FL',
      clientId: '5',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete the Carrier filter for Twilio' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete list filter' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(calls, 'DestroyListFilter')[0]?.variables).toEqual({ id: '21' }));
  });
});
