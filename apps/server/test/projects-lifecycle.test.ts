import { isActionAllowed, ProjectAction, projectMessages, ProjectStatus } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import {
  CHANGE_STATUS,
  createProject,
  insertPhone,
  LOAD_SEND,
  SET_PAUSED,
  setStatus,
  statusOf,
} from './projects-helpers';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let admin: string;
let manager: string;
let adminB: string;
let project: string;
let fromPhone: string;
let toPhone: string;

// Spec §4, word for word: the API is held to these lists, not only to the domain's table.
const SPEC: Record<string, readonly string[]> = {
  ResendTexts: ['Live', 'Sending', 'Complete'],
  CancelProject: ['Approved', 'Assigned', 'Late', 'Live', 'Queued', 'Ready', 'Setup', 'Sending', 'Submitted'],
  ReinstateProject: ['Cancelled'],
  LoadProject: ['Assigned'],
  UnloadProject: ['Sending', 'Live', 'Ready', 'Queued', 'Error', 'ErrorLoading', 'ErrorLoadingWork'],
};
// The status each allowed action leaves (null: unchanged).
const LEAVES: Record<string, string | null> = {
  TestText: null,
  LoadProject: 'AwaitingLoad',
  ResendTexts: null,
  CancelProject: 'Cancelled',
  ReinstateProject: 'Submitted',
  UnloadProject: 'AwaitingUnload',
  SendTexts: 'Queued',
};

const countOf = async (q: string, params: unknown[]) => Number((await app.sql(q, params)).rows[0].n);
const tasksOf = (kind: string) =>
  countOf(`SELECT count(*) AS n FROM background_tasks WHERE kind = $1 AND payload->>'projectId' = $2`, [kind, project]);
// The worker's queue itself (graphile-worker's private table: its public view leaves the payload out).
const jobsOf = (kind: string) =>
  countOf(
    `SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = $1 AND j.payload->>'projectId' = $2`,
    [kind, project],
  );
const testTexts = () =>
  countOf(`SELECT count(*) AS n FROM texts WHERE project_id = $1 AND text_type = 'Test' AND text_status = 'Ready'`, [
    project,
  ]);

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Lifecycle A');
  orgB = await buildOrganization(app, 'Lifecycle B');
  admin = await orgA.tokenFor('Admin');
  manager = await orgA.tokenFor('Manager');
  adminB = await orgB.tokenFor('Admin');
  project = await createProject(app, orgA, admin);
  fromPhone = await insertPhone(app, orgA.id, '2125550100');
  toPhone = await insertPhone(app, orgA.id, '2125550101');
});

const act = (option: string, token = admin, id = project) =>
  gql(
    app,
    LOAD_SEND,
    { p: id, o: option, phoneIds: [toPhone], body: 'Hello from the test', from: fromPhone },
    { token },
  );

describe('loadSendProject, every action in every status', () => {
  const cases = ProjectAction.values.flatMap((action) => ProjectStatus.values.map((status) => ({ action, status })));

  it('the domain table agrees with the spec lists', () => {
    for (const [action, statuses] of Object.entries(SPEC))
      expect(ProjectStatus.values.filter((s) => isActionAllowed(action as 'LoadProject', s)).sort(), action).toEqual(
        [...statuses].sort(),
      );
  });

  it.each(cases)('$action in $status', async ({ action, status }) => {
    await setStatus(app, project, status);
    const allowed = SPEC[action] ? SPEC[action].includes(status) : isActionAllowed(action, status);
    const before = {
      load: await tasksOf('loadProject'),
      unload: await tasksOf('unloadProject'),
      tests: await testTexts(),
    };
    const res = await act(action);
    expect(res.errors).toBeUndefined();
    const out = res.data?.loadSendProject;
    if (!allowed) {
      expect(out.errors).toEqual([
        { field: 'projectStatus', messages: [expect.stringContaining('is not allowed while the project is')] },
      ]);
      expect(out.message).toBeNull();
      expect(await statusOf(app, project)).toBe(status);
      expect(await tasksOf('loadProject')).toBe(before.load);
      expect(await tasksOf('unloadProject')).toBe(before.unload);
      expect(await testTexts()).toBe(before.tests);
      return;
    }
    expect(out.errors).toEqual([]);
    expect(out.message).toBeTruthy();
    expect(await statusOf(app, project)).toBe(LEAVES[action] ?? status);
    expect(out.project.projectStatus).toBe(LEAVES[action] ?? status);
    if (action === 'LoadProject') expect(await tasksOf('loadProject')).toBe(before.load + 1);
    if (action === 'UnloadProject') expect(await tasksOf('unloadProject')).toBe(before.unload + 1);
    if (action === 'TestText') expect(await testTexts()).toBe(before.tests + 1);
  });
});

describe('LoadProject and UnloadProject', () => {
  it('set the awaiting status and enqueue their job in the same transaction', async () => {
    await setStatus(app, project, 'Assigned');
    const jobs = await jobsOf('loadProject');
    const res = await act('LoadProject');
    expect(res.data?.loadSendProject).toMatchObject({ message: projectMessages.loaded, errors: [] });
    expect(await statusOf(app, project)).toBe('AwaitingLoad');
    expect(await jobsOf('loadProject')).toBe(jobs + 1);
    await setStatus(app, project, 'Ready');
    const unloadJobs = await jobsOf('unloadProject');
    await act('UnloadProject');
    expect(await statusOf(app, project)).toBe('AwaitingUnload');
    expect(await jobsOf('unloadProject')).toBe(unloadJobs + 1);
  });

  it('two users loading one project at once: exactly one succeeds, one job', async () => {
    await setStatus(app, project, 'Assigned');
    const tasks = await tasksOf('loadProject');
    const [first, second] = await Promise.all([act('LoadProject', admin), act('LoadProject', manager)]);
    const outcomes = [first, second].map((r) => r.data?.loadSendProject.errors.length === 0);
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await tasksOf('loadProject')).toBe(tasks + 1);
    expect(await statusOf(app, project)).toBe('AwaitingLoad');
  });

  it('two users cancelling and loading at once: the project ends in the state of the one that won', async () => {
    await setStatus(app, project, 'Assigned');
    const [load, cancel] = await Promise.all([act('LoadProject', admin), act('CancelProject', manager)]);
    const loaded = load.data?.loadSendProject.errors.length === 0;
    const cancelled = cancel.data?.loadSendProject.errors.length === 0;
    // Neither Cancel nor Load is allowed where the other leaves the project: the second to run is refused.
    expect([loaded, cancelled].filter(Boolean)).toHaveLength(1);
    expect(await statusOf(app, project)).toBe(loaded ? 'AwaitingLoad' : 'Cancelled');
  });
});

describe('TestText', () => {
  it.each([
    ['no recipient', { phoneIds: [] }],
    ['a blank body', { body: '   ' }],
    ['no from phone', { from: null }],
  ])('with %s is refused with the form message', async (_name, change) => {
    await setStatus(app, project, 'Submitted');
    const before = await testTexts();
    const res = await gql(
      app,
      LOAD_SEND,
      { p: project, o: 'TestText', phoneIds: [toPhone], body: 'Hi', from: fromPhone, ...change },
      { token: admin },
    );
    expect(res.data?.loadSendProject.errors).toEqual([{ field: 'base', messages: [projectMessages.formIncomplete] }]);
    expect(await testTexts()).toBe(before);
  });

  it('stores one Ready Test text per recipient, from the chosen phone', async () => {
    await setStatus(app, project, 'Submitted');
    const other = await insertPhone(app, orgA.id, '2125550102');
    const res = await gql(
      app,
      LOAD_SEND,
      { p: project, o: 'TestText', phoneIds: [toPhone, other], body: 'Two of us', from: fromPhone },
      { token: admin },
    );
    expect(res.data?.loadSendProject.message).toBe(projectMessages.testTextStored);
    const { rows } = await app.sql(
      `SELECT to_phone_id::text AS "to", from_phone_id::text AS "from", body FROM texts
        WHERE project_id = $1 AND body = 'Two of us' ORDER BY to_phone_id`,
      [project],
    );
    expect(rows).toEqual([
      { to: toPhone, from: fromPhone, body: 'Two of us' },
      { to: other, from: fromPhone, body: 'Two of us' },
    ]);
  });

  it('refuses a phone of another organization', async () => {
    const foreign = await insertPhone(app, orgB.id, '2125550199');
    const res = await gql(
      app,
      LOAD_SEND,
      { p: project, o: 'TestText', phoneIds: [foreign], body: 'Hi', from: fromPhone },
      { token: admin },
    );
    expect(res.data?.loadSendProject.errors).toEqual([{ field: 'phoneIds', messages: ['Phone not found'] }]);
  });
});

describe('manual transitions', () => {
  it('Submitted → Approved → Assigned, each answered with the spec message', async () => {
    await setStatus(app, project, 'Submitted');
    const approved = await gql(app, CHANGE_STATUS, { p: project, s: 'Approved' }, { token: manager });
    expect(approved.data?.changeProjectStatus).toMatchObject({
      message: projectMessages.statusChanged,
      errors: [],
      project: { projectStatus: 'Approved' },
    });
    const assigned = await gql(app, CHANGE_STATUS, { p: project, s: 'Assigned' }, { token: manager });
    expect(assigned.data?.changeProjectStatus.project.projectStatus).toBe('Assigned');
  });

  it('Approve pressed twice: the second finds the project Approved and says so, without an error', async () => {
    await setStatus(app, project, 'Submitted');
    await gql(app, CHANGE_STATUS, { p: project, s: 'Approved' }, { token: manager });
    const again = await gql(app, CHANGE_STATUS, { p: project, s: 'Approved' }, { token: manager });
    expect(again.data?.changeProjectStatus).toMatchObject({
      message: 'The project is already Approved',
      errors: [],
      project: { projectStatus: 'Approved' },
    });
  });

  it('refuses a change the spec does not have, and changes nothing', async () => {
    await setStatus(app, project, 'Submitted');
    const res = await gql(app, CHANGE_STATUS, { p: project, s: 'Assigned' }, { token: admin });
    expect(res.data?.changeProjectStatus.errors).toEqual([
      { field: 'projectStatus', messages: [projectMessages.noTransition('Submitted', 'Assigned')] },
    ]);
    expect(await statusOf(app, project)).toBe('Submitted');
  });

  it('sets Ready or Queued projects Live for the configured staff account only', async () => {
    await setStatus(app, project, 'Ready');
    const refused = await gql(app, CHANGE_STATUS, { p: project, s: 'Live' }, { token: admin });
    expect(refused.data?.changeProjectStatus.errors).toEqual([
      { field: 'projectStatus', messages: [projectMessages.staffOnly] },
    ]);
    expect(await statusOf(app, project)).toBe('Ready');
    const was = app.platform.config.STAFF_ACCOUNT_EMAIL;
    app.platform.config.STAFF_ACCOUNT_EMAIL = orgA.emailFor('Manager');
    try {
      const offered = await gql(
        app,
        `query($id: ID!) { project(id: $id) { availableTransitions } }`,
        { id: project },
        {
          token: manager,
        },
      );
      expect(offered.data?.project.availableTransitions).toEqual(['Live']);
      const live = await gql(app, CHANGE_STATUS, { p: project, s: 'Live' }, { token: manager });
      expect(live.data?.changeProjectStatus.project.projectStatus).toBe('Live');
      await setStatus(app, project, 'Queued');
      const fromQueued = await gql(app, CHANGE_STATUS, { p: project, s: 'Live' }, { token: manager });
      expect(fromQueued.data?.changeProjectStatus.project.projectStatus).toBe('Live');
    } finally {
      app.platform.config.STAFF_ACCOUNT_EMAIL = was;
    }
  });

  it('pauses and resumes a Sending Blast project only', async () => {
    await setStatus(app, project, 'Sending', `, delivery_type = 'Blast'`);
    const paused = await gql(app, SET_PAUSED, { p: project, v: true }, { token: admin });
    expect(paused.data?.setProjectPaused).toMatchObject({
      message: projectMessages.pausedResumed,
      project: { isPaused: true },
    });
    const resumed = await gql(app, SET_PAUSED, { p: project, v: false }, { token: admin });
    expect(resumed.data?.setProjectPaused.project.isPaused).toBe(false);
    await setStatus(app, project, 'Sending', `, delivery_type = 'External'`);
    const refused = await gql(app, SET_PAUSED, { p: project, v: true }, { token: admin });
    expect(refused.data?.setProjectPaused.errors).toEqual([
      { field: 'isPaused', messages: [projectMessages.pauseOnlySendingBlast] },
    ]);
    expect((await app.sql('SELECT is_paused FROM projects WHERE id = $1', [project])).rows[0].is_paused).toBe(false);
  });

  it("shows the viewer's actions from the domain table", async () => {
    await setStatus(app, project, 'Cancelled');
    const res = await gql(
      app,
      `query($id: ID!) { project(id: $id) { availableActions statusOptions canPauseOrResume } }`,
      { id: project },
      { token: admin },
    );
    expect(res.data?.project).toEqual({
      availableActions: ['ReinstateProject'],
      statusOptions: [],
      canPauseOrResume: false,
    });
  });
});

describe('another organization', () => {
  it('cannot act on the project, change its status or pause it', async () => {
    await setStatus(app, project, 'Assigned');
    const load = await act('LoadProject', adminB);
    expect(load.data?.loadSendProject).toMatchObject({ message: null, project: null });
    expect(load.data?.loadSendProject.errors).toEqual([{ field: 'base', messages: ['Error, project not loaded'] }]);
    const cancel = await gql(app, CHANGE_STATUS, { p: project, s: 'Approved' }, { token: adminB });
    expect(cancel.data?.changeProjectStatus.project).toBeNull();
    await setStatus(app, project, 'Sending', `, delivery_type = 'Blast'`);
    const pause = await gql(app, SET_PAUSED, { p: project, v: true }, { token: adminB });
    expect(pause.data?.setProjectPaused.project).toBeNull();
    expect((await app.sql('SELECT project_status, is_paused FROM projects WHERE id = $1', [project])).rows[0]).toEqual({
      project_status: 'Sending',
      is_paused: false,
    });
    expect(await tasksOf('loadProject')).toBeGreaterThan(0);
  });

  it('a user without Update on projects (a texter) is refused', async () => {
    const res = await act('CancelProject', await orgA.tokenFor('Texter'));
    expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});
