import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowedActions, projectStatusGroup, type ProjectStatusValue } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { callsTo, renderResources } from '../../test/render-resources';
import { quietLifecycle } from './project-fixtures.test-utils';

// Issue 35 §3: an action that sends texts or removes work asks first, naming how many texts it concerns (the
// server's count, read when the action is chosen); Back changes nothing. What a viewer may not run is not offered.

const lifecycle = (projectStatus: ProjectStatusValue, availableActions = allowedActions(projectStatus)) => ({
  ...quietLifecycle(projectStatus, projectStatusGroup(projectStatus)),
  availableActions,
});

function render(status: ProjectStatusValue, availableActions?: string[]) {
  const project = lifecycle(status, availableActions as never);
  return renderResources('/projects/12/overview', {
    Project: () => ({ data: { project: { ...project, name: 'Spring turnout', isFavorite: false } } }),
    ProjectLifecycle: () => ({ data: { project } }),
    ProjectActionTexts: (v) => ({
      data: { project: { __typename: 'Project', id: '12', actionTexts: v.action === 'ResendTexts' ? 1234 : 3 } },
    }),
    LoadSendProject: () => ({
      data: { loadSendProject: { message: 'The project is being unloaded', errors: [], project } },
    }),
  });
}

async function chooseAction(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions' }, { timeout: 8000 }));
  await userEvent.click(await screen.findByRole('menuitem', { name, hidden: true }));
}

describe('a project action that sends texts or removes work', { timeout: 20_000 }, () => {
  it('Resend Texts on a Complete project names the texts it resends, and Back resends nothing', async () => {
    const { calls } = render('Complete');
    await chooseAction('Resend Texts');
    const dialog = await screen.findByRole('dialog', { name: 'Resend Texts' });
    expect(dialog.textContent).toContain('Are you sure you want to resend 1,234 texts?');
    expect(callsTo(calls, 'ProjectActionTexts')[0].variables).toEqual({ id: '12', action: 'ResendTexts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Resend Texts' })).toBeNull());
    expect(callsTo(calls, 'LoadSendProject')).toHaveLength(0);
  });

  it('Unload Project names the texts it removes, and runs once confirmed', async () => {
    const { calls } = render('Ready');
    await chooseAction('Unload Project');
    const dialog = await screen.findByRole('dialog', { name: 'Unload Project' });
    expect(dialog.textContent).toContain('It removes its 3 texts not sent yet.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unload Project' }));
    await waitFor(() => expect(callsTo(calls, 'LoadSendProject')).toHaveLength(1));
    expect(callsTo(calls, 'LoadSendProject')[0].variables).toEqual({ projectId: '12', option: 'UnloadProject' });
  });

  it('Load Project, which neither sends nor removes, runs without a question', async () => {
    const { calls } = render('Assigned', ['LoadProject']);
    await chooseAction('Load Project');
    await waitFor(() => expect(callsTo(calls, 'LoadSendProject')).toHaveLength(1));
    expect(callsTo(calls, 'ProjectActionTexts')).toHaveLength(0);
  });

  it('a viewer the server offers no action (a team lead) gets no Actions menu', async () => {
    render('Complete', []);
    await screen.findByLabelText('Project status', { selector: 'div, span' }, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull();
  });
});
