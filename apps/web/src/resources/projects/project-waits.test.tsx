import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowedActions, projectStatusGroup, projectWaitMessages, type ProjectStatusValue } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { quietLifecycle } from './project-fixtures.test-utils';

// What the server says an External project waits for (the domain's words, as projectWaits gives them).
const texters = { __typename: 'ProjectWait', kind: 'Texters', until: null, ...projectWaitMessages.texters('External') };
const sendTexts = { __typename: 'ProjectWait', kind: 'SendTexts', until: null, ...projectWaitMessages.sendTexts };
const schedule = {
  __typename: 'ProjectWait',
  kind: 'Schedule',
  until: '2026-12-01T14:00:00Z',
  ...projectWaitMessages.schedule,
};

const lifecycle = (projectStatus: ProjectStatusValue, waitsFor: object[], deliveryType = 'External') => ({
  ...quietLifecycle(projectStatus, projectStatusGroup(projectStatus)),
  deliveryType,
  availableActions: allowedActions(projectStatus),
  waitsFor,
});

const handlers = (status: ProjectStatusValue, waitsFor: object[], deliveryType?: string) => ({
  Project: () => ({
    data: { project: { ...lifecycle(status, waitsFor, deliveryType), name: 'Spring turnout', isFavorite: false } },
  }),
  ProjectLifecycle: () => ({ data: { project: lifecycle(status, waitsFor, deliveryType) } }),
  // The two Ready texts the Send Texts dialog names.
  ProjectActionTexts: () => ({ data: { project: { __typename: 'Project', id: '12', actionTexts: 2 } } }),
});

async function chooseAction(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions' }, { timeout: 5000 }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

describe('what a project waits for', { timeout: 20_000 }, () => {
  it('a queued project of the default delivery type says in its header that it waits for texters, who acts and what to do', async () => {
    renderResources('/projects/12/teams', handlers('Queued', [texters]));
    const waits = await screen.findByRole('region', { name: 'What this project waits for' }, { timeout: 8000 });
    const alert = within(waits).getByRole('alert', { name: 'Waiting for texters' });
    expect(alert.textContent).toContain(texters.message);
    expect(alert.textContent).toContain(`Who acts: ${texters.actor}`);
    expect(alert.textContent).toContain(`What to do: ${texters.action}`);
  });

  it('a wait that ends by itself says until when', async () => {
    renderResources('/projects/12/overview', handlers('Queued', [schedule], 'Blast'));
    const alert = await screen.findByRole('alert', { name: 'Waiting for its start time' }, { timeout: 8000 });
    expect(alert.textContent).toMatch(/Until: 12\/1\/2026 \d\d:00 (am|pm)/);
  });

  it('a project that waits for nothing shows no such account', async () => {
    renderResources('/projects/12/overview', handlers('Sending', [], 'Blast'));
    await screen.findByRole('button', { name: 'Actions' }, { timeout: 8000 });
    expect(screen.queryByRole('region', { name: 'What this project waits for' })).toBeNull();
  });

  it('Send Texts asks first and says its texts will wait for texters; sent, the header says so', async () => {
    let sent = false;
    const { calls } = renderResources('/projects/12/overview', {
      ...handlers('Ready', [texters]),
      ProjectLifecycle: () => ({ data: { project: lifecycle(sent ? 'Queued' : 'Ready', [texters]) } }),
      LoadSendProject: () => {
        sent = true;
        return {
          data: {
            loadSendProject: {
              message: 'The texts have been queued for sending',
              errors: [],
              project: lifecycle('Queued', [texters]),
            },
          },
        };
      },
    });
    await chooseAction('Send Texts');
    const dialog = await screen.findByRole('dialog', { name: 'Send Texts' });
    expect(dialog.textContent).toContain('Are you sure you want to send 2 texts?');
    const will = within(dialog).getByRole('region', { name: 'What its texts will wait for' });
    expect(within(will).getByRole('alert', { name: 'Waiting for texters' }).textContent).toContain(texters.action);
    expect(callsTo(calls, 'LoadSendProject')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Texts' }));
    await waitFor(() => expect(callsTo(calls, 'LoadSendProject')).toHaveLength(1));
    expect(callsTo(calls, 'LoadSendProject')[0].variables).toEqual({ projectId: '12', option: 'SendTexts' });
    await waitFor(() =>
      expect(screen.getByLabelText('Project status', { selector: 'div, span' }).textContent).toBe('Queued'),
    );
    const header = screen.getByRole('region', { name: 'What this project waits for' });
    expect(within(header).getByRole('alert', { name: 'Waiting for texters' }).textContent).toContain(texters.message);
  });

  it('Send Texts on a Blast that nothing holds says they start going out, not that it waits for Send Texts', async () => {
    const { calls } = renderResources('/projects/12/overview', handlers('Ready', [sendTexts], 'Blast'));
    await chooseAction('Send Texts');
    const dialog = await screen.findByRole('dialog', { name: 'Send Texts' });
    expect(dialog.textContent).toContain('Nothing holds them back: they start going out within a minute.');
    expect(within(dialog).queryByRole('alert', { name: 'Not sent yet' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Texts' })).toBeNull());
    expect(callsTo(calls, 'LoadSendProject')).toHaveLength(0);
  });
});
