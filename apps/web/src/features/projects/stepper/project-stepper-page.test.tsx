import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deliveryTypeHelp, projectMessages } from '@canvass/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser, fillIn, type Handler } from '../../../test/fake-app';
import { descriptionOf, findAlert } from '../../../test/screen-reads';
import { fakeUploads } from '../../../ui/fake-uploads.test-utils';
import { callsTo, renderResources } from '../../../test/render-resources';
import { ProjectStepperPage } from './project-stepper-page';

const page = (nodes: unknown[]) => ({
  totalCount: nodes.length,
  pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  nodes,
});

function savedProject(overrides: Record<string, unknown> = {}) {
  return {
    id: '5',
    name: 'Spring Drive',
    projectType: 'VoterContact',
    clientId: '3',
    client: { id: '3', name: 'Rivera for Mayor' },
    agencyId: null,
    agency: null,
    managerId: '42',
    manager: { id: '42', name: 'Ada Lovelace' },
    listId: null,
    message: '-',
    mediaPosition: 'NoPreference',
    mediaUrl: null,
    mediaFilename: null,
    mediaFiletype: null,
    mediaSize: null,
    campaignType: 'Registered',
    deliveryType: 'External',
    sendingType: 'Auto',
    areaCodeSelection: 'MostCommonAreaCode',
    pricingType: 'Blended',
    timeZone: null,
    startAt: null,
    endAt: null,
    currentStep: 'BasicInfo',
    projectStatus: 'Submitted',
    projectPhones: [],
    projectTeams: [],
    projectTexters: [],
    ...overrides,
  };
}

const payload = (key: string, project: unknown, errors: unknown[] = []) => ({
  data: { [key]: { project, errors, message: null } },
});

function handlers(project: ReturnType<typeof savedProject> | null, extra: Record<string, Handler> = {}) {
  return {
    StepperProject: () => ({ data: { project } }),
    CreateStepperProject: (v: Record<string, unknown>) =>
      payload('createProject', { ...savedProject(), ...(v.attributes as object), id: '5' }),
    UpdateStepperProject: (v: Record<string, unknown>) =>
      payload('updateProject', { ...project, ...(v.attributes as object) }),
    StepperLists: () => ({ data: { lists: { nodes: [] } } }),
    StepperPhones: () => ({
      data: {
        phones: {
          nodes: [
            { id: '8', number: '2125550100', phoneStatus: 'Active', clientId: null, campaign: null },
            // Another client's number: never offered to this project.
            { id: '9', number: '2125550101', phoneStatus: 'Active', clientId: '77', campaign: null },
          ],
        },
      },
    }),
    StepperUsers: () => ({
      data: { users: { nodes: [{ id: '42', name: 'Ada Lovelace', userType: 'Manager' }] } },
    }),
    StepperTeams: () => ({ data: { teams: { nodes: [{ id: '4', name: 'Phone Bank A' }] } } }),
    StepperTimeZones: () => ({
      data: { timeZones: [{ name: 'America/New_York', label: 'Eastern (America/New_York)' }] },
    }),
    ClientOptions: () => ({ data: { clients: page([{ id: '3', name: 'Rivera for Mayor' }]) } }),
    OptionsByType: (v: Record<string, unknown>) => ({
      data: {
        options: (v.optionType === 'TextMimeType' ? ['image/png', 'image/jpeg'] : []).map((name) => ({
          __typename: 'Option',
          name,
          label: name,
        })),
      },
    }),
    ...extra,
  };
}

function renderStepper(path: string, h: Record<string, Handler>, user = buildUser({ isAdmin: false })) {
  return renderResources(path, h, user, undefined, [
    { path: '/projects/stepper/:id?', element: <ProjectStepperPage /> },
  ]);
}

/** Opens a Mantine select by its label and picks an option. */
async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('the project stepper', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows on List Import's summary what the load will leave out, the client's opt-outs included", async () => {
    const list = {
      id: '7',
      name: 'Franklin County voters',
      rowsCount: 2000,
      validRowsCount: 1990,
      duplicateRowsCount: 6,
      invalidRowsCount: 4,
      // The list's own count: the organization's opt-outs when it loaded, no client's.
      optedOutRowsCount: 0,
      optimizedRowsCount: 1500,
      optimizedPercent: 24,
      rowColumns: [],
    };
    const { calls } = renderStepper(
      '/projects/stepper/5',
      handlers(savedProject({ listId: '7', currentStep: 'Summary' }), {
        StepperList: () => ({ data: { list } }),
        StepperListImportSummary: () => ({
          data: {
            projectListImportSummary: { rowsCount: 2000, texts: 1946, duplicates: 6, invalids: 4, optOuts: 44 },
          },
        }),
      }),
    );
    const table = await screen.findByRole('table', { name: 'List summary' });
    await waitFor(() => expect(within(table).getByLabelText('Opt-outs').textContent).toBe('44'));
    expect(within(table).getByLabelText('Texts to send').textContent).toBe('1,946');
    expect(callsTo(calls, 'StepperListImportSummary')[0].variables).toEqual({ projectId: '5', listId: '7' });
  });

  it("uploads the media on Basic Info to the project's media route and shows it, the save keeping its position", async () => {
    const sent = fakeUploads({
      status: 200,
      body: {
        mediaUrl: '/api/media/9a.png',
        mediaFilename: 'flyer.png',
        mediaFiletype: 'image/png',
        mediaSize: 2048,
        mediaPosition: 'NoPreference',
      },
    });
    const { calls } = renderStepper('/projects/stepper/5', handlers(savedProject()));
    await screen.findByText(/^Allowed types/);
    const file = new File(['x'.repeat(2048)], 'flyer.png', { type: 'image/png' });
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect((await screen.findByTestId('media-file')).textContent).toBe('flyer.png (image/png, 2 KB)');
    expect(sent.map((s) => [s.method, s.url, s.file])).toEqual([['POST', '/api/projects/5/media', file]]);
    expect(screen.getByRole('img', { name: 'Preview of flyer.png' }).getAttribute('src')).toBe('/api/media/9a.png');

    await choose('Media position', 'Before');
    await waitFor(() =>
      expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables.attributes).toMatchObject({
        mediaPosition: 'Before',
      }),
    );
    // The file is the media route's: a save never sends it.
    expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables.attributes).not.toHaveProperty('mediaUrl');
  });

  it('saves nothing until name, type, client and manager are set, then creates the project once', async () => {
    const { calls, router } = renderStepper('/projects/stepper', handlers(null));
    await fillIn(userEvent.setup(), await screen.findByRole('textbox', { name: 'Name' }), 'Spring Drive');
    await choose('Type', 'Voter Contact');
    await choose('Client', 'Rivera for Mayor');

    // Next with the manager missing: refused on the spot, nothing sent, said in words at the field and in the toast.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findAlert('Manager is required.')).toEqual({ title: 'Error', message: 'Manager is required.' });
    expect(screen.getByText('Manager is required').textContent).toBe('Manager is required');
    // Longer than autosave waits for typing to pause: still nothing sent.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(callsTo(calls, 'CreateStepperProject')).toHaveLength(0);

    await choose('Manager', 'Ada Lovelace');
    await waitFor(() => expect(callsTo(calls, 'CreateStepperProject')).toHaveLength(1));
    expect(callsTo(calls, 'CreateStepperProject')[0].variables.attributes).toMatchObject({
      name: 'Spring Drive',
      projectType: 'VoterContact',
      clientId: '3',
      managerId: '42',
      // An empty message goes as it is: the server stores its placeholder.
      message: '',
      currentStep: 'BasicInfo',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/stepper/5'));
    // The next change updates the project it made, never a second one.
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    await waitFor(() => expect(callsTo(calls, 'UpdateStepperProject').length).toBeGreaterThan(0));
    expect(callsTo(calls, 'CreateStepperProject')).toHaveLength(1);
    expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables).toMatchObject({ id: '5' });
  });

  it('continues a project at its saved step, its time fields waiting for a time zone', async () => {
    const project = savedProject({ currentStep: 'SendingSchedule' });
    const { calls } = renderStepper('/projects/stepper/5', handlers(project));
    expect(((await screen.findByLabelText('Start time')) as HTMLInputElement).disabled).toBe(true);
    expect(input('End time').disabled).toBe(true);
    expect(input('Send date').disabled).toBe(true);

    await choose('Time zone', 'Eastern (America/New_York)');
    expect(input('Start time').disabled).toBe(false);
    await userEvent.type(input('Send date'), '2026-12-01');
    await userEvent.type(input('Start time'), '09:30');
    await userEvent.type(input('End time'), '17:00');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables.attributes).toMatchObject({
        timeZone: 'America/New_York',
        startAt: '2026-12-01T14:30:00.000Z',
        endAt: '2026-12-01T22:00:00.000Z',
        currentStep: 'Texters',
      }),
    );
    // Moved on to Texters.
    expect((await screen.findByRole('button', { name: 'Add texter' })).textContent).toBe('Add texter');
  });

  it('shows who may set quotas: not a manager on External delivery, a team lead yes', async () => {
    const project = savedProject({
      currentStep: 'Texters',
      projectTexters: [{ id: '11', userId: '42', quota: '250' }],
    });
    const manager = renderStepper('/projects/stepper/5', handlers(project));
    const lockedQuota = (await screen.findByRole('textbox', { name: 'Quota' })) as HTMLInputElement;
    expect(lockedQuota.disabled).toBe(true);
    expect(descriptionOf(lockedQuota)).toContain('Only a team lead sets quotas for External delivery.');
    // Delivery type: a Client role's choice only.
    expect((screen.getByRole('combobox', { name: 'Delivery type' }) as HTMLInputElement).disabled).toBe(true);
    manager.unmount();

    // An admin reads it too, and is told who chooses it (spec §5; issue 35: an admin saw it editable).
    const admin = renderStepper('/projects/stepper/5', handlers(project), buildUser({ isAdmin: true, role: 'Admin' }));
    const delivery = (await screen.findByRole('combobox', { name: 'Delivery type' })) as HTMLInputElement;
    expect(delivery.disabled).toBe(true);
    expect(descriptionOf(delivery)).toContain(projectMessages.deliveryTypeNotEditable);
    admin.unmount();

    renderStepper('/projects/stepper/5', handlers(project), buildUser({ isAdmin: false, role: 'TeamLead' }));
    const quota = (await screen.findByRole('textbox', { name: 'Quota' })) as HTMLInputElement;
    await waitFor(() => expect(quota.disabled).toBe(false));
    expect(quota.getAttribute('maxlength')).toBe('10');
    expect(descriptionOf(quota)).not.toContain('Only a team lead');
  });

  it('explains what the delivery type does as it is chosen: External and Internal wait for texters', async () => {
    const project = savedProject({ currentStep: 'Texters' });
    renderStepper('/projects/stepper/5', handlers(project), buildUser({ isAdmin: false, role: 'Client' }));
    const help = await screen.findByRole('alert', { name: 'What this delivery type does' });
    expect(help.textContent).toBe(deliveryTypeHelp.External);
    expect(help.textContent).toContain("The texters' work queue is not available yet");
    await choose('Delivery type', 'Blast');
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'What this delivery type does' }).textContent).toBe(
        deliveryTypeHelp.Blast,
      ),
    );
    await choose('Delivery type', 'Internal');
    await waitFor(() =>
      expect(screen.getByRole('alert', { name: 'What this delivery type does' }).textContent).toBe(
        deliveryTypeHelp.Internal,
      ),
    );
  });

  it('refuses an incomplete test text with the spec message and sends nothing', async () => {
    const project = savedProject({ currentStep: 'Texters' });
    const { calls } = renderStepper('/projects/stepper/5', handlers(project));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send test text' }));

    // Said in the 'Error' toast and under the form.
    expect(await screen.findAllByText('Form is incomplete or contains invalid values, cannot submit.')).toHaveLength(2);
    expect(callsTo(calls, 'SendTestText')).toHaveLength(0);
  });

  it('estimates the cost of the message for the chosen list at the price that applies', async () => {
    const project = savedProject({ listId: '9', message: 'Hello {First Name}' });
    renderStepper(
      '/projects/stepper/5',
      handlers(project, {
        StepperList: () => ({
          data: {
            list: {
              id: '9',
              name: 'Voters',
              rowsCount: 1200,
              validRowsCount: 1000,
              duplicateRowsCount: 150,
              invalidRowsCount: 50,
              optedOutRowsCount: 0,
              optimizedRowsCount: 700,
              optimizedPercent: 41,
              rowColumns: [{ field: 'columnOne', header: 'City' }],
            },
          },
        }),
        ApplicablePrices: () => ({
          data: {
            applicablePrices: [
              {
                messagingServiceType: 'SMS',
                campaignType: 'Registered',
                isSent: true,
                price: '0.0400',
                level: 'Project',
                startAt: '2026-01-01T00:00:00.000Z',
                headerPrice: '0.035',
              },
            ],
          },
        }),
      }),
    );
    // Blended: every valid row, one segment each, at the project's price.
    expect((await screen.findByText(/Estimated cost/)).textContent).toContain('$40.00');
  });

  it("offers the organization's shortened links with a domain as {link:code} placeholders", async () => {
    const project = savedProject({ message: 'Vote early: ' });
    const canViewLinks = buildUser({
      isAdmin: false,
      restrictions: [
        { resource: 'Client', operations: ['View'] },
        { resource: 'ShortenedLink', operations: ['View'] },
      ],
    });
    const links = {
      MessageLinks: () => ({
        data: {
          messageLinks: [
            { __typename: 'MessageLink', code: 'vote', domain: 'go.links.test' },
            // No domain yet: a message could not render it, so it is not offered.
            { __typename: 'MessageLink', code: 'Qr56St78', domain: null },
          ],
        },
      }),
    };
    const { calls } = renderStepper('/projects/stepper/5', handlers(project, links), canViewLinks);
    const message = (await screen.findByRole('textbox', { name: 'Message' })) as HTMLTextAreaElement;
    await waitFor(() => expect(callsTo(calls, 'MessageLinks')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    const item = await screen.findByRole('menuitem', { name: /go\.links\.test\/vote/, hidden: true });
    expect(item.textContent).toContain('{link:vote}');
    expect(screen.queryByRole('menuitem', { name: /Qr56St78/, hidden: true })).toBeNull();
    await userEvent.click(item);
    expect(message.value).toContain('{link:vote}');
  });

  it('does not ask for shortened links for a user who may not view them', async () => {
    const { calls } = renderStepper('/projects/stepper/5', handlers(savedProject()));
    await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.click(screen.getByRole('button', { name: 'Insert placeholder' }));
    await screen.findByRole('menuitem', { name: /First name/, hidden: true });
    expect(screen.queryByText('Shortened links')).toBeNull();
    expect(callsTo(calls, 'MessageLinks')).toHaveLength(0);
  });

  it("offers the Active purchased numbers the project's client may use as senders, one of them primary, and lets a client pick teams for External delivery", async () => {
    const project = savedProject({ currentStep: 'Sender' });
    const { calls } = renderStepper(
      '/projects/stepper/5',
      handlers(project),
      buildUser({ isAdmin: false, role: 'Client' }),
    );
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use (212)-555-0100' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Primary (212)-555-0100' }));
    expect(callsTo(calls, 'StepperPhones')[0].variables.filters).toEqual([
      { field: 'phoneStatus', operation: 'Equal', value: 'Active', arrayValues: null },
      { field: 'phoneType', operation: 'Equal', value: 'FromPhone', arrayValues: null },
    ]);
    expect(screen.queryByRole('checkbox', { name: 'Use (212)-555-0101' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables.attributes).toMatchObject({
        projectPhones: [{ phoneId: '8', isPrimary: 'true' }],
        currentStep: 'SendingSchedule',
      }),
    );

    // Continuing to Texters: a Client role chooses the delivery type and, for External delivery, the teams.
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    const delivery = (await screen.findByRole('combobox', { name: 'Delivery type' })) as HTMLInputElement;
    expect(delivery.disabled).toBe(false);
    await choose('Teams', 'Phone Bank A');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(callsTo(calls, 'UpdateStepperProject').at(-1)?.variables.attributes).toMatchObject({
        projectTeams: [{ teamId: '4' }],
      }),
    );
  });

  it('does not mark a step done that lacks what it needs: no list, no sender number', async () => {
    const atSetup = renderStepper('/projects/stepper/5', handlers(savedProject({ currentStep: 'Setup' })));
    await screen.findByText(/List Import/, {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findAlert('List is required.')).toEqual({ title: 'Error', message: 'List is required.' });
    expect(callsTo(atSetup.calls, 'UpdateStepperProject')).toEqual([]);
    atSetup.unmount();

    const atSender = renderStepper('/projects/stepper/5', handlers(savedProject({ currentStep: 'Sender' })));
    await screen.findByRole('checkbox', { name: 'Use (212)-555-0100' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await findAlert('Phones: Select a phone number first.')).toEqual({
      title: 'Error',
      message: 'Phones: Select a phone number first.',
    });
    expect(callsTo(atSender.calls, 'UpdateStepperProject')).toEqual([]);
  });

  it('puts server field errors on their fields and lists them in the Error toast', async () => {
    const project = savedProject();
    renderStepper(
      '/projects/stepper/5',
      handlers(project, {
        UpdateStepperProject: () =>
          payload('updateProject', null, [
            { field: 'name', messages: ['Name has already been taken'] },
            { field: 'client', messages: ['Invalid id: "x"'] },
          ]),
      }),
    );
    await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    // One sentence a field, each named in words: never the field's key.
    expect(await findAlert('Name has already been taken. Client: Invalid id: "x".')).toEqual({
      title: 'Error',
      message: 'Name has already been taken. Client: Invalid id: "x".',
    });
    // Under its field, and the stepper stays on Basic Info.
    expect(descriptionOf(screen.getByRole('textbox', { name: 'Name' }))).toBe('Name has already been taken');
  });
});
