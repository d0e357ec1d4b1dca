import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fake-app';
import { acmeClient } from '../../test/client-fixtures';
import { callsTo, renderResources } from '../../test/render-resources';

const emptyPhones = () => ({
  data: {
    phones: {
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      nodes: [],
    },
  },
});
const handlers = {
  Client: () => ({ data: { client: acmeClient } }),
  Phones: emptyPhones,
  BuyPhonesCampaigns: () => ({ data: { campaigns: { __typename: 'CampaignConnection', nodes: [] } } }),
};

describe("a client's Purchased Numbers", { timeout: 20_000 }, () => {
  it('has Buy Phones, which opens the dialog for that client', async () => {
    const { calls } = renderResources(`/clients/${acmeClient.id}/purchased_numbers`, handlers);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Phones' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Buy Phones');
    expect((await within(dialog).findByRole('textbox', { name: 'Area code' })).getAttribute('placeholder')).toBe('212');
    await waitFor(() => expect(callsTo(calls, 'BuyPhonesCampaigns')).toHaveLength(1));
  });

  it('has no Buy Phones for a user who may not add phones', async () => {
    renderResources(
      `/clients/${acmeClient.id}/purchased_numbers`,
      handlers,
      buildUser({
        restrictions: [
          { resource: 'Client', operations: ['View'] },
          { resource: 'Phone', operations: ['View'] },
        ],
      }),
    );
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('Purchased Numbers');
    expect(screen.queryByRole('button', { name: 'Buy Phones' })).toBeNull();
  });
});
