import { messages, projectMessages } from '@canvass/domain';
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

// Issue 35 §3: the project's lifecycle actions are rows of the restrictions grid, enforced by the API, and the
// actions that send texts or remove work tell how many texts they concern before they are confirmed.

let app: TestApp;
let org: BuiltOrganization;
let admin: string;
let teamLead: string;
let project: string;

const SAVE = `mutation($r: [RoleRestrictionInput!]!) { saveRestrictions(restrictions: $r) { errors { field messages } } }`;
const OFFERED = `query($id: ID!) { project(id: $id) { availableActions availableTransitions canPauseOrResume } }`;
const CONCERNED = `query($id: ID!) { project(id: $id) { send: actionTexts(action: SendTexts) resend: actionTexts(action: ResendTexts)
  unload: actionTexts(action: UnloadProject) cancel: actionTexts(action: CancelProject) load: actionTexts(action: LoadProject) } }`;

const resend = (token: string) => gql(app, LOAD_SEND, { p: project, o: 'ResendTexts' }, { token });
const statusesOfTexts = async () =>
  (await app.sql(`SELECT text_status FROM texts WHERE project_id = $1 ORDER BY id`, [project])).rows.map(
    (r) => r.text_status,
  );

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Action permissions');
  admin = await org.tokenFor('Admin');
  teamLead = await org.tokenFor('TeamLead');
  project = await createProject(app, org, admin);
  const from = await insertPhone(app, org.id, '2125550140');
  const to = await insertPhone(app, org.id, '2125550141');
  // A finished project: two texts failed (sent, then refused by the carrier), one delivered, three never sent.
  await app.sql(
    `INSERT INTO texts (organization_id, project_id, body, text_type, text_status, from_phone_id, to_phone_id, sent_at)
     SELECT $1, $2, 'Polls close at 8', 'List', s::text_status, $3, $4, CASE WHEN s = 'Ready' THEN NULL ELSE now() END
       FROM unnest(ARRAY['Failed', 'Failed', 'Delivered', 'Ready', 'Ready', 'Ready']) s`,
    [org.id, project, from, to],
  );
});

describe('a team lead and the lifecycle of a project', () => {
  it('cannot resend the texts of a Complete project: refused as not allowed, and nothing is sent again', async () => {
    await setStatus(app, project, 'Complete');
    const before = await statusesOfTexts();
    const res = await resend(teamLead);
    expect(res.errors?.[0]).toMatchObject({ message: messages.notAuthorized, extensions: { code: 'FORBIDDEN' } });
    expect(await statusesOfTexts()).toEqual(before);
    expect(await statusOf(app, project)).toBe('Complete');
  });

  it('is offered no action, transition or pause, while an admin is offered Resend', async () => {
    await setStatus(app, project, 'Sending', `, delivery_type = 'Blast'`);
    const lead = await gql(app, OFFERED, { id: project }, { token: teamLead });
    expect(lead.data?.project).toEqual({ availableActions: [], availableTransitions: [], canPauseOrResume: false });
    const staff = await gql(app, OFFERED, { id: project }, { token: admin });
    expect(staff.data?.project.availableActions).toContain('ResendTexts');
    expect(staff.data?.project.canPauseOrResume).toBe(true);
  });

  it('cannot pause it, through setProjectPaused or updateProject, nor approve it', async () => {
    await setStatus(app, project, 'Sending', `, delivery_type = 'Blast'`);
    const paused = await gql(app, SET_PAUSED, { p: project, v: true }, { token: teamLead });
    expect(paused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const updated = await gql(
      app,
      `mutation($id: ID!) { updateProject(id: $id, attributes: { isPaused: true }) { errors { field messages } } }`,
      { id: project },
      { token: teamLead },
    );
    expect(updated.data?.updateProject.errors).toContainEqual({
      field: 'isPaused',
      messages: [messages.notAuthorized],
    });
    await setStatus(app, project, 'Submitted');
    const approved = await gql(app, CHANGE_STATUS, { p: project, s: 'Approved' }, { token: teamLead });
    expect(approved.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await app.sql('SELECT is_paused FROM projects WHERE id = $1', [project])).rows[0].is_paused).toBe(false);
    expect(await statusOf(app, project)).toBe('Submitted');
  });
});

describe('the restrictions grid decides who runs each action', () => {
  it('a Manager whose Resend Texts box is cleared is refused; a team lead given it may resend', async () => {
    await setStatus(app, project, 'Complete');
    const manager = await org.tokenFor('Manager');
    await gql(
      app,
      SAVE,
      {
        r: [
          { role: 'Manager', resource: 'ResendTexts', operations: [] },
          { role: 'TeamLead', resource: 'ResendTexts', operations: ['Update'] },
        ],
      },
      { token: admin },
    );
    expect((await resend(manager)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const allowed = await resend(teamLead);
    expect(allowed.data?.loadSendProject).toMatchObject({ message: projectMessages.resendQueued, errors: [] });
    expect((await statusesOfTexts()).filter((s) => s === 'Failed')).toEqual([]);
    await gql(
      app,
      SAVE,
      { r: [{ role: 'Manager', resource: 'ResendTexts', operations: ['Update'] }] },
      { token: admin },
    );
    await gql(app, SAVE, { r: [{ role: 'TeamLead', resource: 'ResendTexts', operations: [] }] }, { token: admin });
  });

  it('an action row carries Update alone: another operation is refused and nothing is saved', async () => {
    const res = await gql(
      app,
      SAVE,
      { r: [{ role: 'Texter', resource: 'SendTexts', operations: ['Update', 'Delete'] }] },
      { token: admin },
    );
    expect(res.data?.saveRestrictions.errors).toEqual([
      { field: 'operations', messages: ['Delete is not an operation of SendTexts'] },
    ]);
    const grid = await gql(app, `{ organizationRestrictions { role resource operations } }`, {}, { token: admin });
    const cell = grid.data?.organizationRestrictions.find(
      (c: { role: string; resource: string }) => c.role === 'Texter' && c.resource === 'SendTexts',
    );
    expect(cell.operations).toEqual([]);
  });

  it('an organization that stored its grid before the actions were rows keeps their defaults', async () => {
    const other = await buildOrganization(app, 'Saved before');
    await app.sql(`DELETE FROM restrictions WHERE organization_id = $1 AND resource = 'CancelProject'`, [other.id]);
    const otherProject = await createProject(app, other, await other.tokenFor('Admin'));
    const cancelled = await gql(
      app,
      LOAD_SEND,
      { p: otherProject, o: 'CancelProject' },
      { token: await other.tokenFor('Manager') },
    );
    expect(cancelled.data?.loadSendProject.message).toBe(projectMessages.cancelled);
  });
});

describe('how many texts an action concerns', () => {
  it('counts what the action would send, resend or remove, by its own rule', async () => {
    await app.sql(`UPDATE texts SET text_status = 'Failed' WHERE project_id = $1 AND sent_at IS NOT NULL`, [project]);
    await app.sql(
      `UPDATE texts SET text_status = 'Delivered' WHERE id = (SELECT max(id) FROM texts WHERE project_id = $1 AND sent_at IS NOT NULL)`,
      [project],
    );
    const res = await gql(app, CONCERNED, { id: project }, { token: admin });
    expect(res.data?.project).toEqual({ send: 3, resend: 2, unload: 3, cancel: 3, load: null });
  });
});
