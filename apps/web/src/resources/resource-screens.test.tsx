import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findAlert } from '../test/screen-reads';
import { callsTo, renderResources } from '../test/render-resources';

const emptyPage = (key: string) => ({
  data: {
    [key]: {
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      nodes: [],
    },
  },
});
const brand = {
  __typename: 'Brand',
  id: '3',
  name: 'Acme Brand',
  provider: 'Twilio',
  throughput: 10,
  code: null,
  color: null,
  clientId: null,
  client: null,
  providerConfigurationType: 'Organization',
  providerConfigurationValues: [],
  createdAt: '2025-03-04T15:06:00.000Z',
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
};
const campaign = {
  __typename: 'Campaign',
  id: '8',
  name: 'Fall push',
  code: 'F1',
  campaignType: 'Registered',
  clientId: null,
  client: null,
  brandId: '3',
  brand: { id: '3', name: 'Acme Brand' },
  startDate: null,
  endDate: null,
  canBuyMorePhones: false,
  phonesCount: 0,
  createdAt: '2025-03-04T15:06:00.000Z',
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
};

// Whole-screen flows with typing are slow on a busy machine; the default 5 s is too tight for them.
describe('resource screens', { timeout: 20_000 }, () => {
  it("lists a brand's campaigns filtered by brand, and Add carries the brand id", async () => {
    const { calls, router } = renderResources('/brands/3/campaigns', {
      Brand: () => ({ data: { brand } }),
      Campaigns: () => emptyPage('campaigns'),
      NewCampaign: () => ({
        data: {
          newCampaign: {
            ...campaign,
            __typename: 'CampaignDraft',
            id: undefined,
            name: null,
            code: null,
            brandId: null,
            brand: null,
          },
        },
      }),
      BrandReference: () => ({ data: { brand: { id: '3', name: 'Acme Brand' } } }),
    });
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('Campaigns');
    await waitFor(() =>
      expect(callsTo(calls, 'Campaigns')[0].variables.filters).toEqual([
        { field: 'brandId', operation: 'Equal', value: '3' },
      ]),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add new' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/new'));
    expect(router.state.location.state).toEqual({ brandId: '3' });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLInputElement).value).toBe('Acme Brand'),
    );
  });

  it("locks a brand's provider once the brand exists (spec §5)", async () => {
    renderResources('/brands/3/general', { Brand: () => ({ data: { brand } }) });
    const provider = await screen.findByRole('combobox', { name: 'Provider' });
    expect((provider as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('deletes a campaign from its menu', async () => {
    const { calls, router } = renderResources('/campaigns/8/overview', {
      Campaign: () => ({ data: { campaign } }),
      DestroyCampaign: () => ({
        data: {
          destroyCampaign: { campaign: { id: '8' }, errors: [], message: 'The campaign has been deleted successfully' },
        },
      }),
      Campaigns: () => emptyPage('campaigns'),
    });
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Fall push');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await findAlert('The campaign has been deleted successfully')).toEqual({
      title: null,
      message: 'The campaign has been deleted successfully',
    });
    expect(callsTo(calls, 'DestroyCampaign')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns'));
  });

  it("lists the campaign's phones, with Export, and Add carries the campaign id", async () => {
    const { calls, router } = renderResources('/campaigns/8/phones', {
      Campaign: () => ({ data: { campaign } }),
      Phones: () => emptyPage('phones'),
    });
    // Inside the campaign's tab the list is a sub-heading under the campaign's name.
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('Phones');
    await waitFor(() =>
      expect(callsTo(calls, 'Phones')[0].variables.filters).toEqual([
        { field: 'campaignId', operation: 'Equal', value: '8' },
      ]),
    );
    expect((screen.getByRole('button', { name: 'Export' }) as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Add new' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/phones/new'));
    expect(router.state.location.state).toEqual({ campaignId: '8' });
  });

  it('redirects /{path}/{id} to the overview', async () => {
    const { router } = renderResources('/campaigns/8', { Campaign: () => ({ data: { campaign } }) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/8/overview'));
  });
});
