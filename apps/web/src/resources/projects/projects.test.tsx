import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  allowedActions,
  availableTransitions,
  projectStatusGroup,
  statusOptionsFor,
  type ProjectStatusValue,
} from '@canvass/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findAlert } from '../../test/screen-reads';
import { callsTo, renderResources } from '../../test/render-resources';
import { PROJECT_POLL_MS } from './use-project-lifecycle';

const can = { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true };

function projectIn(status: ProjectStatusValue, over: Record<string, unknown> = {}) {
  return {
    __typename: 'Project',
    id: '12',
    name: 'Spring turnout',
    projectType: 'GetOutToVote',
    clientId: '3',
    client: { __typename: 'Reference', id: '3', name: 'Acme PAC' },
    managerId: '42',
    manager: { __typename: 'Reference', id: '42', name: 'Ada Lovelace' },
    projectStatus: status,
    projectStatusGroup: projectStatusGroup(status),
    deliveryType: 'External',
    isPaused: false,
    message: 'Hello {firstName}',
    listCount: 0,
    createdAt: '2026-11-01T10:00:00Z',
    isFavorite: false,
    can,
    ...over,
  };
}

/** The lifecycle as the server answers it: read from the same domain table the server reads. */
function lifecycleOf(status: ProjectStatusValue, over: Record<string, unknown> = {}) {
  return {
    __typename: 'Project',
    id: '12',
    projectStatus: status,
    projectStatusGroup: projectStatusGroup(status),
    deliveryType: 'External',
    isPaused: false,
    availableActions: allowedActions(status),
    availableTransitions: availableTransitions(status, false).map((t) => t.to),
    statusOptions: statusOptionsFor('Admin', status),
    canPauseOrResume: false,
    waitsFor: [],
    loadTask: null,
    can,
    ...over,
  };
}

const loadTask = (status: string, processed: number, total: number | null = null) => ({
  __typename: 'BackgroundTask',
  id: '90',
  status,
  processed,
  total,
});

/** The summaries of a project loaded at `loadedAt` (three texts), or of one not loaded yet (null). */
const summaryOf = (loadedAt: string | null) => ({
  __typename: 'ProjectSummary',
  projectId: '12',
  loadedAt,
  loadErrorMessage: null,
  rowsCount: loadedAt ? 4 : 0,
  totalTexts: loadedAt ? 3 : 0,
  duplicatePhones: loadedAt ? 1 : 0,
  invalidPhones: 0,
  optOutPhones: 0,
  textStatus: [],
  textsPerProvider: [],
  excluded: [],
  areaCodes: { __typename: 'ProjectAreaCodeUsage', areaCodesCount: 0, total: 0, top: [] },
  listSummary: { __typename: 'ProjectListSummary', duplicates: 0, invalids: 0, optOuts: 0 },
  insights: [],
  senders: [],
});

const handlersFor = (status: ProjectStatusValue) => ({
  Project: () => ({ data: { project: projectIn(status) } }),
  ProjectLifecycle: () => ({ data: { project: lifecycleOf(status) } }),
});

async function openActions() {
  await userEvent.click(await screen.findByRole('button', { name: 'Actions' }, { timeout: 5000 }));
  const items = await screen.findAllByRole('menuitem', { hidden: true });
  return items.map((i) => i.textContent);
}

describe('project screens', { timeout: 20_000 }, () => {
  it('show a Submitted project as Draft, and a Sending one with a pulsing badge', async () => {
    const first = renderResources('/projects/12/overview', {
      Project: () => ({ data: { project: projectIn('Submitted') } }),
      ProjectLifecycle: () => ({ data: { project: lifecycleOf('Submitted', { can: { ...can, update: false } }) } }),
    });
    const badge = await screen.findByLabelText('Project status', { selector: 'div, span' }, { timeout: 5000 });
    expect(badge.textContent).toBe('Draft');
    expect(badge.getAttribute('data-pulse')).toBeNull();
    first.unmount();

    // Who may change the status reads it in the dropdown alone: one status, not 'Draft' beside 'Submitted'.
    const second = renderResources('/projects/12/overview', handlersFor('Submitted'));
    const select = await screen.findByRole('combobox', { name: 'Change project status' }, { timeout: 5000 });
    expect((select as HTMLInputElement).value).toBe('Submitted');
    expect(screen.queryByLabelText('Project status', { selector: 'div, span' })).toBeNull();
    second.unmount();

    renderResources('/projects/12/overview', handlersFor('Sending'));
    const sending = await screen.findByLabelText('Project status', { selector: 'div, span' }, { timeout: 5000 });
    expect(sending.textContent).toBe('Sending');
    expect(sending.getAttribute('data-pulse')).toBe('true');
  });

  it('offer Load and Cancel for an Assigned project, and not Unload', async () => {
    renderResources('/projects/12/overview', handlersFor('Assigned'));
    const items = await openActions();
    expect(items).toContain('Load Project');
    expect(items).toContain('Cancel Project');
    expect(items).not.toContain('Unload Project');
    expect(items).not.toContain('Reinstate Project');
  });

  it('load an Assigned project and say so in the server words', async () => {
    const { calls } = renderResources('/projects/12/overview', {
      ...handlersFor('Assigned'),
      LoadSendProject: () => ({
        data: {
          loadSendProject: {
            message: 'The project is being loaded',
            errors: [],
            project: lifecycleOf('AwaitingLoad'),
          },
        },
      }),
    });
    await openActions();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Load Project', hidden: true }));
    await waitFor(() => expect(callsTo(calls, 'LoadSendProject')).toHaveLength(1));
    expect(callsTo(calls, 'LoadSendProject')[0].variables).toEqual({ projectId: '12', option: 'LoadProject' });
    expect(await findAlert('The project is being loaded')).toEqual({
      title: 'Load Project',
      message: 'The project is being loaded',
    });
  });

  it('show a refused action as Project Status Error listing each field in words with its message', async () => {
    renderResources('/projects/12/overview', {
      ...handlersFor('Assigned'),
      LoadSendProject: () => ({
        data: {
          loadSendProject: {
            message: null,
            errors: [{ field: 'projectStatus', messages: ['Load project is not allowed while the project is Ready'] }],
            project: lifecycleOf('Ready'),
          },
        },
      }),
    });
    await openActions();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Load Project', hidden: true }));
    expect(await findAlert('Status: Load project is not allowed while the project is Ready.')).toEqual({
      title: 'Project Status Error',
      message: 'Status: Load project is not allowed while the project is Ready.',
    });
  });

  it('approve a Submitted project with the spec words', async () => {
    const { calls } = renderResources('/projects/12/overview', {
      ...handlersFor('Submitted'),
      ChangeProjectStatus: () => ({
        data: {
          changeProjectStatus: {
            message: 'Project Status: The status has been changed',
            errors: [],
            project: lifecycleOf('Approved'),
          },
        },
      }),
    });
    await openActions();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Approve', hidden: true }));
    expect(await findAlert('Project Status: The status has been changed')).toEqual({
      title: 'Project Approved',
      message: 'Project Status: The status has been changed',
    });
    expect(callsTo(calls, 'ChangeProjectStatus')[0].variables).toEqual({ projectId: '12', projectStatus: 'Approved' });
  });

  it('page the texts tab by cursor, without asking for a count past the first page', async () => {
    const page = (ids: string[], hasNextPage: boolean, hasPreviousPage: boolean) => ({
      __typename: 'TextConnection',
      totalCount: 10000,
      totalCountIsCapped: true,
      pageInfo: { __typename: 'PageInfo', hasNextPage, hasPreviousPage, startCursor: ids[0], endCursor: ids.at(-1) },
      nodes: ids.map((id) => ({
        __typename: 'Text',
        id,
        // The template it was rendered from; the tab shows the message its recipient reads.
        body: `Hi {firstName} ${id}`,
        message: `Text ${id}`,
        textStatus: 'Ready',
        textType: 'List',
        toPhoneId: null,
        toPhone: null,
        fromPhoneId: null,
        fromPhone: null,
        sentAt: null,
      })),
    });
    const { calls } = renderResources('/projects/12/texts', {
      ...handlersFor('Ready'),
      Texts: (variables) => ({
        data: { texts: variables.after ? page(['t3', 't4'], false, true) : page(['t1', 't2'], true, false) },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Texts' });
    await within(table).findByText('Text t1');
    expect(table.textContent).not.toContain('{firstName}');
    // Counted no further than the cap: a million texts read as 10,000+.
    expect(screen.getByText(/^Total:/).textContent).toBe('Total: 10,000+');
    const first = callsTo(calls, 'Texts')[0].variables;
    expect(first).toMatchObject({ first: 50, withTotal: true });
    expect(first.filters).toEqual([
      { field: 'projectId', operation: 'Equal', value: '12' },
      { field: 'textType', operation: 'In', arrayValues: ['Inbox', 'List', 'Manual', 'Reply'] },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await within(table).findByText('Text t3');
    expect(callsTo(calls, 'Texts').at(-1)?.variables).toMatchObject({ first: 50, after: 't2', withTotal: false });
  });

  it('list only test texts on the test_texts tab', async () => {
    const { calls } = renderResources('/projects/12/test_texts', {
      ...handlersFor('Ready'),
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
    await screen.findByRole('heading', { name: 'Test Texts' });
    await waitFor(() => expect(callsTo(calls, 'Texts')).toHaveLength(1));
    expect(callsTo(calls, 'Texts')[0].variables.filters).toContainEqual({
      field: 'textType',
      operation: 'Equal',
      value: 'Test',
    });
  });

  it('deletes a project and goes to the projects list with the spec words', async () => {
    const { calls, router } = renderResources('/projects/12/overview', {
      ...handlersFor('Submitted'),
      DestroyProject: () => ({ data: { destroyProject: { project: { id: '12' }, errors: [], message: null } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }, { timeout: 5000 }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findAlert('The project has been deleted successfully')).toEqual({
      title: null,
      message: 'The project has been deleted successfully',
    });
    expect(callsTo(calls, 'DestroyProject')[0].variables).toEqual({ id: '12' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('send an unknown project to /dashboard', async () => {
    const { router } = renderResources('/projects/999/overview', {
      Project: () => ({ data: { project: null } }),
      ProjectLifecycle: () => ({ data: { project: null } }),
    });
    await screen.findByText('Dashboard page');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe("a client's projects tab", { timeout: 20_000 }, () => {
  it("lists the client's projects, and Add goes to the stepper", async () => {
    const client = {
      __typename: 'Client',
      id: '3',
      name: 'Acme PAC',
      clientType: 'Campaign',
      clientStatus: 'Active',
      createdAt: '2026-01-01T00:00:00Z',
      isFavorite: false,
      can,
    };
    const { calls, router } = renderResources(
      '/clients/3/projects',
      {
        Client: () => ({ data: { client } }),
        Projects: () => ({
          data: {
            projects: {
              __typename: 'ProjectConnection',
              totalCount: 1,
              totalCountIsCapped: false,
              pageInfo: {
                __typename: 'PageInfo',
                hasNextPage: false,
                hasPreviousPage: false,
                startCursor: 'a',
                endCursor: 'a',
              },
              nodes: [projectIn('Submitted')],
            },
          },
        }),
      },
      undefined,
      undefined,
      [{ path: '/projects/stepper', element: <p>Stepper page</p> }],
    );
    const table = await screen.findByRole('table', { name: 'Projects' });
    await within(table).findByRole('link', { name: 'Spring turnout' });
    expect(callsTo(calls, 'Projects')[0].variables.filters).toEqual([
      { field: 'clientId', operation: 'Equal', value: '3' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add new' }));
    await screen.findByText('Stepper page');
    expect(router.state.location.pathname).toBe('/projects/stepper');
  });
});

describe("a project's list-filters tab", { timeout: 30_000 }, () => {
  it("lists the project's own filters, 50 a page, and adds one to the project alone", async () => {
    const { calls } = renderResources('/projects/12/list-filters', {
      ...handlersFor('Submitted'),
      ListFilters: () => ({
        data: {
          listFilters: {
            __typename: 'ListFilterConnection',
            totalCount: 0,
            totalCountIsCapped: false,
            pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
            nodes: [],
          },
        },
      }),
      ListFilterCarrierData: () => ({ data: { listFilterCarrierDataAvailable: true } }),
      CreateListFilter: () => ({
        data: {
          createListFilter: {
            listFilter: {
              __typename: 'ListFilter',
              id: '30',
              listFilterType: 'Invalid',
              carrier: null,
              state: null,
              clientId: null,
              projectId: '12',
              createdAt: '2026-11-25T00:00:00Z',
            },
            errors: [],
            message: null,
          },
        },
      }),
    });
    await screen.findByText(
      "This project has no list filters of its own: its client's and the organization's apply.",
      {},
      { timeout: 10_000 },
    );
    expect(callsTo(calls, 'ListFilters')[0].variables).toMatchObject({
      first: 50,
      filters: [{ field: 'projectId', operation: 'Equal', value: '12' }],
    });
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Invalid', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(calls, 'CreateListFilter')).toHaveLength(1));
    expect(callsTo(calls, 'CreateListFilter')[0].variables.attributes).toEqual({
      listFilterType: 'Invalid',
      carrier: null,
      state: null,
      projectId: '12',
    });
  });
});

describe('a project loading on screen', { timeout: 20_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('shows rows processed while loading, re-reads every 5 s, and once Ready the record and summaries, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const loading = lifecycleOf('Loading', { loadTask: loadTask('Running', 2, 5) });
    const answers = [loading, lifecycleOf('Ready', { loadTask: loadTask('Done', 5, 5) })];
    const summaries = [summaryOf(null), summaryOf('2026-11-20T10:00:00Z')];
    const { calls } = renderResources('/projects/12/overview', {
      Project: () => ({ data: { project: projectIn('Loading') } }),
      ProjectLifecycle: () => ({ data: { project: answers.length > 1 ? answers.shift() : answers[0] } }),
      ProjectSummary: () => ({ data: { projectSummary: summaries.length > 1 ? summaries.shift() : summaries[0] } }),
    });
    const badge = await screen.findByLabelText('Project status', { selector: 'div, span' }, { timeout: 8000 });
    expect(badge.textContent).toBe('Loading');
    expect((await screen.findByText('2 of 5 rows processed')).textContent).toBe('2 of 5 rows processed');
    await screen.findByText(/^Not loaded yet/);
    const recordReads = callsTo(calls, 'Project').length;

    await act(() => vi.advanceTimersByTimeAsync(PROJECT_POLL_MS));
    await waitFor(() =>
      expect(screen.getByLabelText('Project status', { selector: 'div, span' }).textContent).toBe('Ready'),
    );
    expect(screen.queryByText(/rows processed/)).toBeNull();
    // The page's record (overview, forms) and its summaries follow the new status, without a reload.
    await waitFor(() => expect(callsTo(calls, 'Project').length).toBeGreaterThan(recordReads));
    const summary = within(screen.getByRole('region', { name: 'Summaries' }));
    expect((await summary.findByLabelText('Total texts')).textContent).toBe('3');

    // Ready is not a loading status: no more re-reads.
    const settled = callsTo(calls, 'ProjectLifecycle').length;
    await act(() => vi.advanceTimersByTimeAsync(3 * PROJECT_POLL_MS));
    expect(callsTo(calls, 'ProjectLifecycle').length).toBe(settled);
  });

  it('says it is unloading until the project is back to Assigned', async () => {
    renderResources('/projects/12/overview', {
      Project: () => ({ data: { project: projectIn('Unloading') } }),
      ProjectLifecycle: () => ({ data: { project: lifecycleOf('Unloading', { loadTask: loadTask('Running', 0) }) } }),
      ProjectSummary: () => ({ data: { projectSummary: summaryOf('2026-11-20T10:00:00Z') } }),
    });
    expect((await screen.findByText('Unloading the project…', {}, { timeout: 8000 })).textContent).toBe(
      'Unloading the project…',
    );
    expect(screen.getByRole('progressbar', { name: 'Load progress' }).getAttribute('aria-valuenow')).toBe('100');
  });
});
