import { defaultQuietHours, quietHoursMessages } from '@canvass/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildUser, renderApp } from '../../test/fake-app';
import { descriptionOf, findAlert } from '../../test/screen-reads';
import { callsTo } from '../../test/render-resources';

const admin = buildUser({
  role: 'Admin',
  restrictions: [{ resource: 'Organization', operations: ['View', 'Update'] }],
});

const withTypes = (q: typeof defaultQuietHours) => ({
  __typename: 'QuietHours',
  ...q,
  states: q.states.map((s) => ({ __typename: 'QuietHoursStateWindow', ...s })),
});

function organization(quietHours = defaultQuietHours) {
  return {
    __typename: 'Organization',
    id: '7',
    name: 'Acme Advocacy',
    domain: 'acme.org',
    timeZone: 'America/Chicago',
    textDefaults: [],
    customDomains: [],
    providerColors: [],
    prices: [],
    providerConfigurations: [],
    quietHours: withTypes(quietHours),
    can: { __typename: 'RecordAbilities', update: true, destroy: false, export: false, favorite: false },
  };
}

function render(handlers = {}) {
  return renderApp('/organization/edit/quiet-hours', {
    RefreshSession: () => ({
      data: { refreshSession: { accessToken: 't', expiresIn: 900, user: admin, message: null } },
    }),
    OrganizationScreen: () => ({ data: { organization: organization() } }),
    ...handlers,
  });
}

describe('the Quiet Hours section', { timeout: 45_000 }, () => {
  it('shows the general window and the state rules, and saves the edited setting whole', async () => {
    const saved = {
      start: '09:00',
      end: '21:00',
      states: defaultQuietHours.states.filter((s) => s.state !== 'CT'),
    };
    const { calls } = render({
      UpdateOrganizationSettings: () => ({
        data: { updateOrganization: { organization: organization(saved), errors: [], message: 'All changes saved' } },
      }),
    });
    const start = await screen.findByRole('textbox', { name: 'Sending starts' }, { timeout: 10_000 });
    expect((start as HTMLInputElement).value).toBe('08:00');
    expect((screen.getByRole('textbox', { name: 'Sending ends' }) as HTMLInputElement).value).toBe('21:00');
    // FL, OK, MD, MS, NJ, CT, then TX and RI with two rows each.
    expect((screen.getByRole('combobox', { name: 'State 6' }) as HTMLInputElement).value).toBe('Connecticut (CT)');
    expect((screen.getByRole('textbox', { name: 'Ends 6' }) as HTMLInputElement).value).toBe('20:00');
    expect((screen.getByRole('combobox', { name: 'Days 8' }) as HTMLInputElement).value).toBe('Sunday');

    await userEvent.clear(start);
    await userEvent.type(start, '09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove state rule 6' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await findAlert('All changes saved')).toBeTruthy();
    const [call] = callsTo(calls, 'UpdateOrganizationSettings');
    expect(call.variables).toEqual({ id: '7', attributes: { quietHours: saved } });
  });

  it('refuses a window that ends before it starts and a bad time, under their fields, without saving', async () => {
    const { calls } = render();
    const end = await screen.findByRole('textbox', { name: 'Sending ends' }, { timeout: 10_000 });
    await userEvent.clear(end);
    await userEvent.type(end, '07:00');
    const rowStart = screen.getByRole('textbox', { name: 'Starts 1' });
    await userEvent.clear(rowStart);
    await userEvent.type(rowStart, '8am');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(descriptionOf(end)).toBe(quietHoursMessages.endBeforeStart));
    expect(descriptionOf(rowStart)).toBe(quietHoursMessages.invalidTime);
    expect(callsTo(calls, 'UpdateOrganizationSettings')).toHaveLength(0);
  });
});
