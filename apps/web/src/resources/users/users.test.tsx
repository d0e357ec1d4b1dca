import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fake-app';
import { descriptionOf, findAlert, overviewValue } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';

const blankUser = {
  __typename: 'UserDraft',
  name: null,
  email: null,
  userType: 'Texter',
  clientId: null,
  client: null,
  teamId: null,
  team: null,
  clientUserViews: [],
};
const savedUser = {
  __typename: 'User',
  id: '5',
  name: 'Jordan Texter',
  email: 'jordan@acme.org',
  userType: 'Texter',
  clientId: null,
  client: null,
  teamId: '3',
  team: { __typename: 'Reference', id: '3', name: 'Phone Bank A' },
  userStatus: 'Active',
  clientUserViews: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: false },
};
const noClients = () => ({ data: { clients: { nodes: [], pageInfo: null } } });

/** Staff who see users and clients (spec §6) and may add users. */
const manager = buildUser({
  role: 'Manager',
  restrictions: [
    { resource: 'User', operations: ['View', 'Create', 'Update', 'Delete', 'Export'] },
    { resource: 'Client', operations: ['View'] },
  ],
});

async function typeOptions(): Promise<string[]> {
  const select = await screen.findByRole('combobox', { name: 'Type' });
  await userEvent.click(select);
  await waitFor(() => expect(document.getElementById(select.getAttribute('aria-controls') ?? '')).not.toBeNull());
  return within(document.getElementById(select.getAttribute('aria-controls')!)!)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
}

describe('the user form (spec §5)', { timeout: 20_000 }, () => {
  it('offers every type to a viewer who sees users and clients, but not the organization admin', async () => {
    renderResources(
      '/users/new',
      { NewUser: () => ({ data: { newUser: blankUser } }), ClientOptions: noClients },
      manager,
    );
    expect(await typeOptions()).toEqual(['Client', 'Team Lead', 'Texter', 'Agency', 'Manager']);
  });

  it('offers only Texter to a viewer who may add users but not see clients', async () => {
    const lead = buildUser({ role: 'TeamLead', restrictions: [{ resource: 'User', operations: ['View', 'Create'] }] });
    renderResources(
      '/users/new',
      { NewUser: () => ({ data: { newUser: blankUser } }), ClientOptions: noClients },
      lead,
    );
    expect(await typeOptions()).toEqual(['Texter']);
  });

  it('requires a client for a Client user and turns the team off; a texter needs a team; nothing is sent', async () => {
    const { calls } = renderResources(
      '/users/new',
      { NewUser: () => ({ data: { newUser: blankUser } }), ClientOptions: noClients },
      manager,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pat');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'pat@acme.org');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(descriptionOf(screen.getByRole('combobox', { name: 'Team' }))).toBe('Team is required'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Client', hidden: true }));
    expect(screen.getByRole('combobox', { name: 'Team' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(descriptionOf(screen.getByRole('combobox', { name: 'Client' }))).toBe('Client is required'),
    );
    expect(callsTo(calls, 'CreateUser')).toHaveLength(0);
  });

  it('keeps the type and email of a saved user fixed', async () => {
    renderResources('/users/5/general', { User: () => ({ data: { user: savedUser } }) }, manager);
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Texter');
  });
});

describe('the user pages', { timeout: 20_000 }, () => {
  const list = () => ({
    data: {
      users: {
        totalCount: 1,
        totalCountIsCapped: false,
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        nodes: [savedUser],
      },
    },
  });

  it('shows a Client-type viewer the names as plain text, staff as links (spec §6)', async () => {
    const clientUser = buildUser({ role: 'Client', restrictions: [{ resource: 'User', operations: ['View'] }] });
    const first = renderResources('/users', { Users: list }, clientUser);
    await screen.findByText('Jordan Texter');
    expect(screen.queryByRole('link', { name: 'Jordan Texter' })).toBeNull();
    first.unmount();

    renderResources('/users', { Users: list }, manager);
    expect((await screen.findByRole('link', { name: 'Jordan Texter' })).getAttribute('href')).toBe('/users/5/overview');
  });

  it("names the user's data views on its overview", async () => {
    renderResources(
      '/users/5/overview',
      {
        User: () => ({
          data: { user: { ...savedUser, clientUserViews: [{ __typename: 'UserView', id: '1', clientId: '8' }] } },
        }),
        ClientOptions: () => ({
          data: { clients: { nodes: [{ __typename: 'Client', id: '8', name: 'Acme Campaign' }], pageInfo: null } },
        }),
      },
      manager,
    );
    await waitFor(() => expect(overviewValue('Data Views')).toBe('Acme Campaign'));
    expect(overviewValue('Team')).toBe('Phone Bank A');
  });

  it('locks from the kebab after a confirmation, says so and returns to /users', async () => {
    const { calls, router } = renderResources(
      '/users/5/overview',
      {
        User: () => ({ data: { user: savedUser } }),
        Users: list,
        UpdateUserStatus: () => ({
          data: { updateUserStatus: { success: true, message: 'The user has been locked successfully' } },
        }),
      },
      manager,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Lock', hidden: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(callsTo(calls, 'UpdateUserStatus')).toHaveLength(1));
    expect(callsTo(calls, 'UpdateUserStatus')[0].variables).toEqual({ userId: '5', operation: 'Lock' });
    expect((await findAlert('The user has been locked successfully')).message).toBe(
      'The user has been locked successfully',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'));
  });
});
