import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { team as teamDef } from '@canvass/domain';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/fake-app';
import { InlineCreateDialog } from '../../ui/inline-create-dialog';
import { callsTo, renderResources } from '../../test/render-resources';

const team = {
  __typename: 'Team',
  id: '5',
  name: 'Night shift',
  teamStatus: 'Active',
  membersCount: 2,
  usersCount: 1,
  createdAt: '2026-03-04T15:06:00.000Z',
  isFavorite: false,
  can: { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true },
};
const members = [
  { id: '1', userId: '21', name: 'Lena Lead', email: 'lena@acme.org', isLead: true },
  { id: '2', userId: '22', name: 'Toby Texter', email: 'toby@acme.org', isLead: false },
];
const blankTeam = { __typename: 'TeamDraft', name: null, teamStatus: 'Active' };
const saved = (key: string) => () => ({ data: { [key]: { message: 'All changes saved', errors: [] } } });

describe('team screens', { timeout: 20_000 }, () => {
  it('swap the labels of the projects and texts tabs, as the spec says', async () => {
    const { router } = renderResources('/teams/5/overview', {
      Team: () => ({ data: { team } }),
      TeamMembers: () => ({ data: { teamMembers: [] } }),
      Texts: () => ({
        data: {
          texts: {
            __typename: 'TextConnection',
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
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Users', 'Texts', 'Projects', 'General']);
    await userEvent.click(screen.getByRole('tab', { name: 'Projects' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/5/texts'));
    await waitFor(() =>
      expect(screen.getByRole('tabpanel').textContent).toContain(
        "This team's projects will appear here once projects are available",
      ),
    );
    await userEvent.click(screen.getByRole('tab', { name: 'Texts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/5/projects'));
    await waitFor(() => expect(screen.getByRole('tabpanel').textContent).toContain('No texts found'));
  });

  it('list the members on the users tab, linked to their users, and mark, unmark and remove them', async () => {
    const { calls } = renderResources('/teams/5/users', {
      Team: () => ({ data: { team } }),
      TeamMembers: () => ({ data: { teamMembers: members } }),
      TeamMemberCandidates: () => ({ data: { teamMemberCandidates: [] } }),
      SetTeamLead: saved('setTeamLead'),
      RemoveTeamMember: saved('removeTeamMember'),
    });
    const table = await screen.findByRole('table', { name: 'Team members' });
    const toby = await within(table).findByRole('link', { name: 'Toby Texter' });
    expect(toby.getAttribute('href')).toBe('/users/22');
    await userEvent.click(screen.getByRole('switch', { name: 'Toby Texter is a team lead' }));
    await waitFor(() => expect(callsTo(calls, 'SetTeamLead')).toHaveLength(1));
    expect(callsTo(calls, 'SetTeamLead')[0].variables).toEqual({ teamId: '5', userId: '22', isLead: true });
    await userEvent.click(screen.getByRole('switch', { name: 'Lena Lead is a team lead' }));
    await waitFor(() => expect(callsTo(calls, 'SetTeamLead')).toHaveLength(2));
    expect(callsTo(calls, 'SetTeamLead')[1].variables).toMatchObject({ userId: '21', isLead: false });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Lena Lead' }));
    await waitFor(() =>
      expect(callsTo(calls, 'RemoveTeamMember')[0]?.variables).toEqual({ teamId: '5', userId: '21' }),
    );
  });

  it('add a member found by the inline search', async () => {
    const { calls } = renderResources('/teams/5/users', {
      Team: () => ({ data: { team } }),
      TeamMembers: () => ({ data: { teamMembers: [] } }),
      TeamMemberCandidates: (v) => ({
        data: {
          teamMemberCandidates: String(v.search).startsWith('ne')
            ? [{ id: '30', name: 'Nell New', email: 'nell@acme.org' }]
            : [],
        },
      }),
      AddTeamMember: saved('addTeamMember'),
    });
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Team members' }).textContent).toContain(
        'This team has no members yet.',
      ),
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Add a user' }), 'ne');
    await userEvent.click(await screen.findByRole('option', { name: 'Nell New (nell@acme.org)', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'AddTeamMember')[0]?.variables).toEqual({ teamId: '5', userId: '30' }));
  });

  it('warn that the filled data will be lost when leaving a new team', async () => {
    const { router } = renderResources('/teams/new', {
      NewTeam: () => ({ data: { newTeam: blankTeam } }),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Weekend crew');
    void router.navigate('/dashboard');
    expect((await screen.findByRole('dialog')).textContent).toContain('All the filled data will be lost');
    expect(router.state.location.pathname).toBe('/teams/new');
  });

  it('ask before a filled-in inline team dialog is discarded', async () => {
    const onClose = vi.fn();
    const dialog = <InlineCreateDialog def={teamDef} opened onClose={onClose} onCreated={() => undefined} />;
    renderResources('/dialog', { NewTeam: () => ({ data: { newTeam: blankTeam } }) }, undefined, undefined, [
      { path: '/dialog', element: dialog },
    ]);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Weekend crew');
    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard this team?' });
    expect(ask.textContent).toContain('All the filled data will be lost');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('show member names as plain text to a Client-type user, and no changes without update', async () => {
    renderResources(
      '/teams/5/users',
      {
        Team: () => ({ data: { team: { ...team, can: { ...team.can, update: false } } } }),
        TeamMembers: () => ({ data: { teamMembers: members } }),
      },
      buildUser({ role: 'Client', restrictions: [{ resource: 'Team', operations: ['View'] }] }),
    );
    const table = await screen.findByRole('table', { name: 'Team members' });
    await within(table).findByText('Toby Texter');
    expect(within(table).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add a user' })).toBeNull();
  });
});
