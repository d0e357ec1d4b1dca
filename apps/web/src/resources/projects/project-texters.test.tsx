import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/fake-app';
import { renderResources } from '../../test/render-resources';
import { can, quietLifecycle } from './project-fixtures.test-utils';

const projectIn = (projectStatus: string, projectStatusGroup: string) => ({
  __typename: 'Project',
  id: '12',
  name: 'Spring turnout',
  projectStatus,
  projectStatusGroup,
  deliveryType: 'External',
  sendingType: 'Auto',
  projectTeams: [],
  projectTexters: [{ __typename: 'ProjectTexterRow', id: '5', userId: '21', quota: '300' }],
  createdAt: '2026-11-01T10:00:00Z',
  isFavorite: false,
  can,
});
const connection = (nodes: unknown[]) => ({
  pageInfo: { __typename: 'PageInfo', hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  nodes,
});
const handlersFor = (status: string, group: string) => ({
  Project: () => ({ data: { project: projectIn(status, group) } }),
  ProjectLifecycle: () => ({ data: { project: quietLifecycle(status, group) } }),
  UserOptions: () => ({ data: { users: connection([{ __typename: 'User', id: '21', name: 'Toby Texter' }]) } }),
  TeamOptions: () => ({ data: { teams: connection([]) } }),
});

const quotaInput = async () =>
  (await screen.findByRole('textbox', { name: 'Quota of Toby Texter' }, { timeout: 5000 })) as HTMLInputElement;

describe("a project's Texters section (spec §5 quota)", { timeout: 20_000 }, () => {
  it('lets a team lead set the quota of an External project being set up', async () => {
    renderResources('/projects/12/edit/texters', handlersFor('Assigned', 'Setup'), buildUser({ role: 'TeamLead' }));
    const quota = await quotaInput();
    expect(quota.value).toBe('300');
    expect(quota.disabled).toBe(false);
  });

  it('keeps the quota of an External project from a client, and from everyone once it is Ready', async () => {
    const first = renderResources(
      '/projects/12/edit/texters',
      handlersFor('Assigned', 'Setup'),
      buildUser({ role: 'Client' }),
    );
    expect((await quotaInput()).disabled).toBe(true);
    first.unmount();

    renderResources('/projects/12/edit/texters', handlersFor('Ready', 'Ready'), buildUser({ role: 'TeamLead' }));
    expect((await quotaInput()).disabled).toBe(true);
  });
});
