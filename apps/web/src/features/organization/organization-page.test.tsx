import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, renderApp } from '../../test/fake-app';
import { descriptionOf, findAlert } from '../../test/screen-reads';
import { callsTo } from '../../test/render-resources';

const admin = buildUser({
  role: 'Admin',
  restrictions: [
    { resource: 'Organization', operations: ['View', 'Update'] },
    { resource: 'TextDefault', operations: ['View', 'Create', 'Update', 'Delete', 'Export'] },
  ],
});
const manager = buildUser({ role: 'Manager', restrictions: [{ resource: 'Organization', operations: ['View'] }] });

function organization(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'Organization',
    id: '7',
    name: 'Acme Advocacy',
    domain: 'acme.org',
    timeZone: 'America/Chicago',
    textDefaults: [
      { __typename: 'OrganizationTextDefault', id: '1', field: 'signature', value: 'The Team' },
      { __typename: 'OrganizationTextDefault', id: '2', field: 'website', value: 'acme.org' },
    ],
    customDomains: [{ __typename: 'CustomDomain', id: '3', domain: 'texts.acme.org' }],
    providerColors: [],
    prices: [],
    providerConfigurations: [],
    can: { __typename: 'RecordAbilities', update: true, destroy: false, export: false, favorite: false },
    ...overrides,
  };
}

/** What the open tab shows. */
const panelText = () => screen.getAllByRole('tabpanel')[0].textContent ?? '';

const TAB_LABELS = [
  'Overview',
  'Purchased Numbers',
  'Text Defaults',
  'Domains',
  'Unregistered Campaigns',
  'List Filters',
  'Users',
  'Teams',
  'Audit Report',
  'Billing Report',
  'Provider Colors',
  'Collections',
  'Balance',
  'Do Not Contact',
  'Organization Providers',
];

function render(path: string, user = admin, record = organization(), handlers = {}) {
  return renderApp(path, {
    RefreshSession: () => ({ data: { refreshSession: { accessToken: 't', expiresIn: 900, user, message: null } } }),
    OrganizationScreen: () => ({ data: { organization: record } }),
    ...handlers,
  });
}

describe('the organization screen', { timeout: 45_000 }, () => {
  it("shows the spec's tabs, with empty states for what other capabilities bring", async () => {
    const { router } = render('/organization');
    await screen.findByRole('heading', { name: 'Acme Advocacy' }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/overview'));
    const tabs = screen.getAllByRole('tablist')[0];
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(TAB_LABELS);
    await waitFor(() => expect(panelText()).toContain('Central (America/Chicago)'));

    await userEvent.click(screen.getByRole('tab', { name: 'Audit Report' }));
    await waitFor(() => expect(panelText()).toContain('The audit report will appear here once reports are available'));

    await userEvent.click(screen.getByRole('tab', { name: 'Domains' }));
    await waitFor(() => expect(panelText()).toContain('texts.acme.org'));

    // An organization admin may edit it.
    await userEvent.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/edit/general'));
    await waitFor(() => expect(screen.getAllByRole('tablist')).toHaveLength(2));
    const sections = screen.getAllByRole('tablist')[1];
    expect(
      within(sections)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'General',
      'Text Defaults',
      'Domains',
      'List Filters',
      'Providers Colors',
      'Prices',
      'Do Not Contact',
      'Quiet Hours',
      'Opt-out Keywords',
      'Provider Configurations',
    ]);
  });

  it('hides Edit from a member who is not an organization admin, and keeps it out of the sections', async () => {
    const readOnly = organization({
      can: { __typename: 'RecordAbilities', update: false, destroy: false, export: false, favorite: false },
    });
    const { router } = render('/organization/edit/general', manager, readOnly);
    await screen.findByRole('heading', { name: 'Acme Advocacy' }, { timeout: 10_000 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization/overview'));
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('adds, edits and removes text defaults in one save, and shows a row error where it belongs', async () => {
    let answer: unknown = {
      data: {
        updateOrganization: {
          organization: null,
          errors: [{ field: 'textDefaults.2.field', messages: ['Key has already been taken'] }],
          message: null,
        },
      },
    };
    const { calls } = render('/organization/edit/text-defaults', admin, organization(), {
      UpdateOrganization: () => answer,
    });
    const first = await screen.findByRole('textbox', { name: 'Value 1' }, { timeout: 10_000 });
    await userEvent.clear(first);
    await userEvent.type(first, 'Everyone at Acme');
    await userEvent.click(screen.getByRole('button', { name: 'Remove text default 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add text default' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Key 2' }), 'phone');
    await userEvent.type(screen.getByRole('textbox', { name: 'Value 2' }), '555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(callsTo(calls, 'UpdateOrganization')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateOrganization')[0].variables).toEqual({
      id: '7',
      attributes: {
        textDefaults: [
          { id: '1', field: 'signature', value: 'Everyone at Acme' },
          { id: '2', _destroy: true },
          { field: 'phone', value: '555-0100' },
        ],
      },
    });
    // The server's error on the new row (index 2 of the rows sent) sits under that row's key.
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('textbox', { name: 'Key 2' }))).toBe('Key has already been taken'),
    );

    answer = {
      data: {
        updateOrganization: {
          organization: organization({
            textDefaults: [
              { __typename: 'OrganizationTextDefault', id: '1', field: 'signature', value: 'Everyone at Acme' },
              { __typename: 'OrganizationTextDefault', id: '9', field: 'phone-line', value: '555-0100' },
            ],
          }),
          errors: [],
          message: 'All changes saved',
        },
      },
    };
    const key = screen.getByRole('textbox', { name: 'Key 2' });
    await userEvent.clear(key);
    await userEvent.type(key, 'phone-line');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await findAlert('All changes saved')).title).toBe('All changes saved');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove text default 3' })).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Key 2' }) as HTMLInputElement).value).toBe('phone-line');
  });
  it("saves the organization's own prices through the shared prices path, and removes a row left without a price", async () => {
    const price = {
      __typename: 'Price',
      id: '21',
      price: '0.0350',
      isSent: true,
      campaignType: 'Registered',
      messagingServiceType: 'SMS',
      startAt: '2026-01-01T00:00:00.000Z',
      level: 'Organization',
    };
    const { calls } = render('/organization/edit/prices', admin, organization(), {
      Prices: () => ({ data: { prices: [price] } }),
      UpdatePrices: () => ({
        data: {
          updatePrices: { __typename: 'PricesPayload', prices: [], errors: [], message: 'Prices Updated Successfully' },
        },
      }),
    });
    const field = await screen.findByRole('textbox', { name: 'Price 1' }, { timeout: 10_000 });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await findAlert('Prices Updated Successfully')).toBeTruthy();
    const [call] = callsTo(calls, 'UpdatePrices');
    expect(call.variables).toMatchObject({ clientId: null, projectId: null, prices: [{ id: '21', price: '' }] });
    expect(callsTo(calls, 'Prices')[0].variables).toEqual({ clientId: null, projectId: null });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Price 1' })).toBeNull());
  });
});
