import { restrictionGrid } from '@canvass/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, renderApp, signedInAs } from '../../test/fake-app';
import { findAlert } from '../../test/screen-reads';

vi.mock('../../resources/routes', () => ({ resourceRoutes: () => [] }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = buildUser({ role: 'Admin' });
const grid = restrictionGrid([]);
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('the restrictions grid', { timeout: 20_000 }, () => {
  it('saves the changes of several roles at once, and the session follows them', async () => {
    const { calls } = renderApp('/organization/restrictions', {
      RefreshSession: () => ({ data: signedInAs(admin) }),
      OrganizationRestrictions: () => ({ data: { organizationRestrictions: grid } }),
      SaveRestrictions: (v) => ({
        data: { saveRestrictions: { message: 'All changes saved', restrictions: v.restrictions, errors: [] } },
      }),
      CurrentUser: () => ({ data: { currentUser: admin } }),
    });
    await screen.findByRole('checkbox', { name: 'Manager may View Client' }, { timeout: 10_000 });
    expect(box('Manager may View Client').checked).toBe(true);
    await userEvent.click(box('Manager may View Client'));
    await userEvent.click(screen.getByRole('radio', { name: 'Texter' }));
    expect(box('Texter may View Brand').checked).toBe(false);
    await userEvent.click(box('Texter may View Brand'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(calls.filter((c) => c.operationName === 'SaveRestrictions')).toHaveLength(1));
    const sent = calls.find((c) => c.operationName === 'SaveRestrictions')!.variables.restrictions as {
      role: string;
      resource: string;
      operations: string[];
    }[];
    expect(sent).toHaveLength(grid.length);
    expect(sent.find((c) => c.role === 'Manager' && c.resource === 'Client')?.operations).toEqual([
      'Create',
      'Delete',
      'Export',
      'Update',
    ]);
    expect(sent.find((c) => c.role === 'Texter' && c.resource === 'Brand')?.operations).toEqual(['View']);
    expect((await findAlert('All changes saved')).title).toBe('All changes saved');
    await waitFor(() => expect(calls.some((c) => c.operationName === 'CurrentUser')).toBe(true));
  });

  it("lets an admin give a team lead a project action, each action's row being run (Update) or not", async () => {
    const { calls } = renderApp('/organization/restrictions', {
      RefreshSession: () => ({ data: signedInAs(admin) }),
      OrganizationRestrictions: () => ({ data: { organizationRestrictions: grid } }),
      SaveRestrictions: (v) => ({
        data: { saveRestrictions: { message: 'All changes saved', restrictions: v.restrictions, errors: [] } },
      }),
      CurrentUser: () => ({ data: { currentUser: admin } }),
    });
    await screen.findByRole('checkbox', { name: 'Manager may Update ResendTexts' }, { timeout: 10_000 });
    expect(box('Manager may Update ResendTexts').checked).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Manager may Delete ResendTexts' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Team Lead' }));
    expect(box('Team Lead may Update ResendTexts').checked).toBe(false);
    await userEvent.click(box('Team Lead may Update ResendTexts'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.filter((c) => c.operationName === 'SaveRestrictions')).toHaveLength(1));
    const sent = calls.find((c) => c.operationName === 'SaveRestrictions')!.variables.restrictions as {
      role: string;
      resource: string;
      operations: string[];
    }[];
    expect(sent.find((c) => c.role === 'TeamLead' && c.resource === 'ResendTexts')?.operations).toEqual(['Update']);
  });

  it('is refused to a user who is not an organization admin', async () => {
    const { calls } = renderApp('/organization/restrictions', {
      RefreshSession: () => ({ data: signedInAs(buildUser({ role: 'Manager' })) }),
    });
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Only an organization admin can change the restrictions',
    );
    expect(calls.some((c) => c.operationName === 'OrganizationRestrictions')).toBe(false);
  });
});
