import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/fake-app';
import { descriptionOf, findAlert } from '../test/screen-reads';
import { callsTo, renderResources } from '../test/render-resources';

const blankClient = {
  __typename: 'ClientDraft',
  name: null,
  clientType: null,
  clientStatus: 'Active',
  agencyId: null,
  agency: null,
  phones: [],
};
const blankCampaign = {
  __typename: 'CampaignDraft',
  name: null,
  code: null,
  campaignType: 'Registered',
  clientId: null,
  client: null,
  brandId: null,
  brand: null,
  canBuyMorePhones: false,
};
const payload = (key: string, record: unknown, errors: unknown[] = []) => ({ [key]: record, errors, message: null });

/** Opens a Mantine select by its label and picks an option (options render inside a transition jsdom never ends). */
async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

// Whole-screen flows with typing are slow on a busy machine; the default 5 s is too tight for them.
describe('ResourceForm', { timeout: 20_000 }, () => {
  it('creates a client from the blank, says so and opens it', async () => {
    const { calls, router } = renderResources('/clients/new', {
      NewClient: () => ({ data: { newClient: blankClient } }),
      CreateClient: (v) => ({
        data: { createClient: payload('client', { ...blankClient, id: '9', ...(v.attributes as object) }) },
      }),
      Client: () => ({ data: { client: { ...blankClient, id: '9', name: 'Acme', clientType: 'Agency' } } }),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Acme');
    await choose('Type', 'Agency');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(calls, 'CreateClient')).toHaveLength(1));
    expect(callsTo(calls, 'CreateClient')[0].variables.attributes).toMatchObject({
      name: 'Acme',
      clientType: 'Agency',
      clientStatus: 'Active',
      email: null,
      phones: [],
    });
    expect(await findAlert('The Client has been created successfully')).toEqual({
      title: 'All changes saved',
      message: 'The Client has been created successfully',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/9/overview'));
  });

  it('shows the spec messages under the fields and does not call the server', async () => {
    const { calls } = renderResources('/clients/new', { NewClient: () => ({ data: { newClient: blankClient } }) });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone' }), '555-12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Each message is the description of its own field, so a screen reader reads it with the field.
    await waitFor(() => expect(descriptionOf(screen.getByRole('textbox', { name: 'Name' }))).toBe('Name is required'));
    expect(descriptionOf(screen.getByRole('combobox', { name: 'Type' }))).toBe('Type is required');
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Phone' }))).toBe('Number should be 10 digits');
    expect(callsTo(calls, 'CreateClient')).toHaveLength(0);
  });

  it('refuses a phone no US number can be, as a list import does', async () => {
    const { calls } = renderResources('/clients/new', { NewClient: () => ({ data: { newClient: blankClient } }) });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Phone' }), '(999) 000-0000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('textbox', { name: 'Phone' }))).toBe('Invalid phone number'),
    );
    expect(callsTo(calls, 'CreateClient')).toHaveLength(0);
  });

  it("takes digits only in a whole-number field (a brand's throughput)", async () => {
    const blankBrand = {
      __typename: 'BrandDraft',
      name: null,
      provider: null,
      throughput: null,
      dailyCapPerNumber: null,
      code: null,
      color: null,
      clientId: null,
      client: null,
      providerConfigurationType: null,
      providerConfigurationValues: [],
    };
    renderResources('/brands/new', { NewBrand: () => ({ data: { newBrand: blankBrand } }) });
    const throughput = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Throughput' });
    await userEvent.type(throughput, '1e2.5-x0');
    expect(throughput.value).toBe('1250');
  });

  it("shows spec §5's shapes on the fields: a website, and a state chosen from the states the server accepts", async () => {
    const { calls } = renderResources('/clients/new', { NewClient: () => ({ data: { newClient: blankClient } }) });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Website' }), 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('textbox', { name: 'Website' }))).toBe(
        'Website must be a web address (https://example.org)',
      ),
    );
    expect(callsTo(calls, 'CreateClient')).toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    const options = await screen.findAllByRole('option', { hidden: true });
    expect(options.map((option) => option.textContent)).toContain('New York (NY)');
  });

  it("puts the server's field errors on their fields", async () => {
    renderResources('/clients/new', {
      NewClient: () => ({ data: { newClient: { ...blankClient, name: 'Acme', clientType: 'Agency' } } }),
      CreateClient: () => ({
        data: { createClient: payload('client', null, [{ field: 'name', messages: ['Name has already been taken'] }]) },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('textbox', { name: 'Name' }))).toBe('Name has already been taken'),
    );
  });

  it('hides the admin-only campaign type from non-admins', async () => {
    const manager = buildUser({ restrictions: [{ resource: 'Campaign', operations: ['Create', 'View'] }] });
    renderResources('/campaigns/new', { NewCampaign: () => ({ data: { newCampaign: blankCampaign } }) }, manager);
    expect(((await screen.findByRole('textbox', { name: 'Code' })) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Campaign type' })).toBeNull();
  });

  it('starts a campaign with the brand passed in navigation state and clears the client when Unregistered', async () => {
    renderResources(
      '/campaigns/new',
      {
        NewCampaign: () => ({
          data: { newCampaign: { ...blankCampaign, clientId: '4', client: { id: '4', name: 'Acme' } } },
        }),
        BrandReference: () => ({ data: { brand: { __typename: 'Brand', id: '3', name: 'Acme Brand' } } }),
      },
      undefined,
      { brandId: '3' },
    );
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Brand' }) as HTMLInputElement).value).toBe('Acme Brand'),
    );
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe('Acme');
    await choose('Campaign type', 'Unregistered');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).value).toBe(''));
    // Shown switched off rather than silently dropped on save (spec §5: Unregistered clears the client).
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).disabled).toBe(true);
    await choose('Campaign type', 'Registered');
    expect((screen.getByRole('combobox', { name: 'Client' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('searches a reference with Like, limit 5 and its where, and creates one inline', async () => {
    const { calls } = renderResources('/clients/new', {
      NewClient: () => ({ data: { newClient: blankClient } }),
      ClientOptions: () => ({
        data: {
          clients: {
            totalCount: 1,
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            nodes: [{ id: '2', name: 'Big Agency' }],
          },
        },
      }),
      CreateClient: (v) => ({
        data: { createClient: payload('client', { ...blankClient, id: '12', ...(v.attributes as object) }) },
      }),
    });
    const agency = await screen.findByRole('combobox', { name: 'Agency' });
    await userEvent.type(agency, 'Bi');
    await waitFor(() =>
      expect(callsTo(calls, 'ClientOptions').at(-1)?.variables).toMatchObject({
        limit: 5,
        filters: [
          { field: 'clientType', operation: 'Equal', value: 'Agency' },
          { field: 'name', operation: 'Like', value: 'Bi' },
        ],
      }),
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Add new client', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Add new client' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Name' }), 'New Agency');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(calls, 'CreateClient')).toHaveLength(1));
    // The inline agency is created as an Agency (the select's where), and then chosen.
    expect(callsTo(calls, 'CreateClient')[0].variables.attributes).toMatchObject({
      name: 'New Agency',
      clientType: 'Agency',
    });
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Agency' }) as HTMLInputElement).value).toBe('New Agency'),
    );
  });
});
