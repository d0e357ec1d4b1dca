import { EMPTY_MESSAGE_PLACEHOLDER, projectMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import {
  CREATE_PROJECT,
  createProject,
  insertPhone,
  setStatus,
  statusOf,
  UPDATE_PROJECT,
  userIdOf,
} from './projects-helpers';

let app: TestApp;
let org: BuiltOrganization;
let admin: string;
let manager: string;
let client: string;
let managerId: string;
let texterId: string;

const update = (id: string, a: Record<string, unknown>, token = admin) =>
  gql(app, UPDATE_PROJECT, { id, a }, { token }).then((r) => {
    expect(r.errors).toBeUndefined();
    return r.data?.updateProject as {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      project: Record<string, any> | null;
      errors: { field: string; messages: string[] }[];
    };
  });

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Rules');
  admin = await org.tokenFor('Admin');
  manager = await org.tokenFor('Manager');
  client = await org.tokenFor('Client');
  managerId = await userIdOf(app, org.emailFor('Manager'));
  texterId = await userIdOf(app, org.emailFor('Texter'));
});

describe('a new project', () => {
  it('needs a name, type, client and manager; starts Submitted with a placeholder for an empty message', async () => {
    const missing = await gql(app, CREATE_PROJECT, { a: { name: '' } }, { token: admin });
    expect(missing.data?.createProject.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'clientId',
      'managerId',
      'name',
      'projectType',
    ]);
    const res = await gql(
      app,
      CREATE_PROJECT,
      { a: { name: 'Autosaved', projectType: 'VoterContact', clientId: String(org.clientId), managerId } },
      { token: manager },
    );
    expect(res.data?.createProject).toMatchObject({
      errors: [],
      message: 'The Project has been created successfully',
      project: { projectStatus: 'Submitted', projectStatusGroup: 'Setup', message: EMPTY_MESSAGE_PLACEHOLDER },
    });
  });

  it('refuses a sending window that ends before it starts, and keeps the saved one', async () => {
    const id = await createProject(app, org, admin);
    const window = { startAt: '2026-12-01T14:00:00.000Z', endAt: '2026-12-01T22:00:00.000Z' };
    expect((await update(id, window)).errors).toEqual([]);
    const backwards = await update(id, { endAt: '2026-12-01T13:00:00.000Z' });
    expect(backwards.errors).toEqual([{ field: 'endAt', messages: [projectMessages.endBeforeStart] }]);
    const equal = await update(id, { startAt: window.endAt });
    expect(equal.errors).toEqual([{ field: 'endAt', messages: [projectMessages.endBeforeStart] }]);
    const { rows } = await app.sql('SELECT start_at, end_at FROM projects WHERE id = $1', [id]);
    expect([rows[0].start_at.toISOString(), rows[0].end_at.toISOString()]).toEqual([window.startAt, window.endAt]);
  });

  it('refuses a manager who is not a member of the organization', async () => {
    const other = await buildOrganization(app, 'Elsewhere');
    const res = await gql(
      app,
      CREATE_PROJECT,
      {
        a: {
          name: 'x',
          projectType: 'VoterContact',
          clientId: String(org.clientId),
          managerId: await userIdOf(app, other.emailFor('Manager')),
        },
      },
      { token: admin },
    );
    expect(res.data?.createProject.errors).toEqual([{ field: 'managerId', messages: ['Manager not found'] }]);
  });

  it('takes on its texters tab only a member of the organization as texter', async () => {
    const other = await buildOrganization(app, 'Elsewhere too');
    const projectId = await createProject(app, org, admin, {});
    const add = (userId: string) =>
      gql(
        app,
        `mutation ($a: ProjectTexterAttributes!) { createProjectTexter(attributes: $a) { errors { field messages } } }`,
        { a: { projectId, userId, quota: 5 } },
        { token: admin },
      ).then((r) => r.data?.createProjectTexter.errors);
    expect(await add(await userIdOf(app, other.emailFor('Texter')))).toEqual([
      { field: 'userId', messages: ['Texter not found'] },
    ]);
    expect(await add(texterId)).toEqual([]);
  });

  it('cannot start outside the Setup group', async () => {
    const res = await gql(
      app,
      CREATE_PROJECT,
      {
        a: { name: 'x', projectType: 'VoterContact', clientId: String(org.clientId), managerId, projectStatus: 'Live' },
      },
      { token: admin },
    );
    expect(res.data?.createProject.errors).toEqual([
      { field: 'projectStatus', messages: [projectMessages.noTransition('Submitted', 'Live')] },
    ]);
  });

  it("requires each texter's quota, a number of at most 10 digits", async () => {
    const without = await gql(
      app,
      CREATE_PROJECT,
      {
        a: {
          name: 'x',
          projectType: 'VoterContact',
          clientId: String(org.clientId),
          managerId,
          projectTexters: [{ userId: texterId }],
        },
      },
      { token: admin },
    );
    expect(without.data?.createProject.errors).toEqual([
      { field: 'projectTexters.0.quota', messages: ['Quota is required'] },
    ]);
    const tooLong = await gql(
      app,
      CREATE_PROJECT,
      {
        a: {
          name: 'x',
          projectType: 'VoterContact',
          clientId: String(org.clientId),
          managerId,
          projectTexters: [{ userId: texterId, quota: '12345678901' }],
        },
      },
      { token: admin },
    );
    expect(tooLong.data?.createProject.errors).toEqual([
      { field: 'projectTexters', messages: ['Quota must be at most 10 characters'] },
    ]);
    const id = await createProject(app, org, admin, { projectTexters: [{ userId: texterId, quota: '250' }] });
    const read = await update(id, {});
    expect(read.project?.projectTexters).toEqual([{ id: expect.any(String), userId: texterId, quota: '250' }]);
  });
});

describe("a project's manager", () => {
  const MANAGER = `query($id: ID!) { project(id: $id) { id managerId manager { id name } } }`;

  it("is named on the project for whoever may see the organization's staff, and for nobody else", async () => {
    const id = await createProject(app, org, admin);
    const named = await gql(app, MANAGER, { id }, { token: admin });
    expect(named.errors).toBeUndefined();
    const managerName = (await app.sql('SELECT name FROM users WHERE id = $1', [managerId])).rows[0].name;
    expect(named.data?.project).toEqual({ id, managerId, manager: { id: managerId, name: managerName } });
    // A Client-role user sees its client's project but only its own client's people: the manager is not one.
    const seenByClient = await gql(app, MANAGER, { id }, { token: client });
    expect(seenByClient.errors).toBeUndefined();
    expect(seenByClient.data?.project).toEqual({ id, managerId, manager: null });
  });
});

describe('the status', () => {
  it('is edited only in the Setup group', async () => {
    const id = await createProject(app, org, admin);
    expect((await update(id, { projectStatus: 'Approved' })).project?.projectStatus).toBe('Approved');
    await setStatus(app, id, 'Ready');
    const refused = await update(id, { projectStatus: 'Submitted', name: 'Renamed' });
    expect(refused.errors).toEqual([{ field: 'projectStatus', messages: [projectMessages.notEditable] }]);
    expect(await statusOf(app, id)).toBe('Ready');
    expect((await app.sql('SELECT name FROM projects WHERE id = $1', [id])).rows[0].name).not.toBe('Renamed');
  });

  it('a client chooses only between Approved and Submitted, for projects in those statuses', async () => {
    const id = await createProject(app, org, admin);
    const options = await gql(app, `query($id: ID!) { project(id: $id) { statusOptions } }`, { id }, { token: client });
    expect(options.data?.project.statusOptions).toEqual(['Approved', 'Submitted']);
    expect((await update(id, { projectStatus: 'Approved' }, client)).project?.projectStatus).toBe('Approved');
    const refused = await update(id, { projectStatus: 'Assigned' }, client);
    expect(refused.errors).toEqual([{ field: 'projectStatus', messages: [projectMessages.clientStatusOption] }]);
    await setStatus(app, id, 'Assigned');
    const stuck = await update(id, { projectStatus: 'Submitted' }, client);
    expect(stuck.errors).toEqual([{ field: 'projectStatus', messages: [projectMessages.clientStatusOption] }]);
    expect(await statusOf(app, id)).toBe('Assigned');
  });
});

describe('pause', () => {
  it('is refused through updateProject too, unless the project is Sending Blast', async () => {
    const id = await createProject(app, org, admin);
    const refused = await update(id, { isPaused: true });
    expect(refused.errors).toEqual([{ field: 'isPaused', messages: [projectMessages.pauseOnlySendingBlast] }]);
    await setStatus(app, id, 'Sending', `, delivery_type = 'Blast'`);
    expect((await update(id, { isPaused: true })).project?.isPaused).toBe(true);
  });
});

describe('the stages', () => {
  it('filter the projects list by status group', async () => {
    const ready = await createProject(app, org, admin, { name: 'Staged ready' });
    const error = await createProject(app, org, admin, { name: 'Staged error' });
    await setStatus(app, ready, 'Queued');
    await setStatus(app, error, 'ErrorLoading');
    const list = async (filter: Record<string, unknown>) => {
      const res = await gql(
        app,
        `query($f: [FilterInput!]) { projects(filters: $f, first: 500) { nodes { id projectStatusGroup } } }`,
        { f: [filter] },
        { token: admin },
      );
      expect(res.errors).toBeUndefined();
      return res.data?.projects.nodes as { id: string; projectStatusGroup: string }[];
    };
    const inReady = await list({ field: 'projectStatusGroup', operation: 'Equal', value: 'Ready' });
    expect(inReady.map((p) => p.id)).toContain(ready);
    expect(inReady.every((p) => p.projectStatusGroup === 'Ready')).toBe(true);
    const both = await list({ field: 'projectStatusGroup', operation: 'In', arrayValues: ['Ready', 'Error'] });
    expect(both.map((p) => p.id)).toEqual(expect.arrayContaining([ready, error]));
    const bad = await gql(
      app,
      `{ projects(filters: [{ field: "projectStatusGroup", operation: Equal, value: "Nope" }]) { nodes { id } } }`,
      {},
      { token: admin },
    );
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe("a project's list", () => {
  it("counts the project among the list's projects, and shows the list's stored row count", async () => {
    const created = await gql(
      app,
      `mutation($a: ListAttributes!) { createList(attributes: $a) { list { id } errors { field messages } } }`,
      { a: { name: 'Voters', googleSheetKey: 'sheet-key' } },
      { token: admin },
    );
    expect(created.data?.createList.errors).toEqual([]);
    const listId = created.data?.createList.list.id;
    await app.sql('UPDATE lists SET rows_count = 1234 WHERE id = $1', [listId]);
    const id = await createProject(app, org, admin, { listId });
    const project = await gql(
      app,
      `query($id: ID!) { project(id: $id) { listCount list { id } } }`,
      { id },
      { token: admin },
    );
    expect(project.data?.project).toEqual({ listCount: 1234, list: { id: listId } });
    const list = await gql(
      app,
      `query($id: ID!) { list(id: $id) { projectsCount } }`,
      { id: listId },
      { token: admin },
    );
    expect(list.data?.list.projectsCount).toBe(1);
  });
});

describe('a Complete project', () => {
  it('keeps its message, media, schedule, numbers and pricing; other fields still change', async () => {
    const phone = await insertPhone(app, org.id, '3055550100');
    const id = await createProject(app, org, admin, { message: 'Vote Tuesday' });
    await setStatus(app, id, 'Complete');
    for (const [field, value] of [
      ['message', 'Changed'],
      ['mediaUrl', 'https://media.test/a.png'],
      ['startAt', '2026-12-01T10:00:00Z'],
      ['pricingType', 'Optimized'],
      ['projectPhones', [{ phoneId: phone }]],
    ] as const) {
      const res = await update(id, { [field]: value });
      expect(res.errors, field).toEqual([
        { field, messages: [expect.stringContaining('once the project is Complete')] },
      ]);
    }
    const { rows } = await app.sql('SELECT message, pricing_type FROM projects WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ message: 'Vote Tuesday', pricing_type: 'Blended' });
    expect((await update(id, { name: 'Archived name' })).project?.name).toBe('Archived name');
  });
});

describe('delivery type and quota', () => {
  it('delivery type only by a client, only in the Setup group', async () => {
    const id = await createProject(app, org, admin);
    const byManager = await update(id, { deliveryType: 'Internal' }, manager);
    expect(byManager.errors).toEqual([{ field: 'deliveryType', messages: [projectMessages.deliveryTypeNotEditable] }]);
    // Not an admin either (spec §5 "only by a Client role"; issue 35: an admin saw it editable).
    const byAdmin = await update(id, { deliveryType: 'Blast' }, admin);
    expect(byAdmin.errors).toEqual([{ field: 'deliveryType', messages: [projectMessages.deliveryTypeNotEditable] }]);
    expect((await update(id, { deliveryType: 'Internal' }, client)).project?.deliveryType).toBe('Internal');
    await setStatus(app, id, 'Ready');
    const late = await update(id, { deliveryType: 'External' }, client);
    expect(late.errors).toEqual([{ field: 'deliveryType', messages: [projectMessages.deliveryTypeNotEditable] }]);
  });

  it('quota by a client for Internal delivery, not by a manager, and by nobody in the Ready group', async () => {
    const id = await createProject(app, org, admin, { projectTexters: [{ userId: texterId, quota: '10' }] });
    await app.sql(`UPDATE projects SET delivery_type = 'Internal' WHERE id = $1`, [id]);
    const row = (await update(id, {})).project!.projectTexters[0];
    const byManager = await update(id, { projectTexters: [{ id: row.id, userId: texterId, quota: '20' }] }, manager);
    expect(byManager.errors).toEqual([
      { field: 'projectTexters.0.quota', messages: [projectMessages.quotaNotEditable] },
    ]);
    const byClient = await update(id, { projectTexters: [{ id: row.id, userId: texterId, quota: '20' }] }, client);
    expect(byClient.project?.projectTexters).toEqual([{ id: row.id, userId: texterId, quota: '20' }]);
    await setStatus(app, id, 'Ready');
    const inReady = await update(id, { projectTexters: [{ id: row.id, userId: texterId, quota: '30' }] }, client);
    expect(inReady.errors).toEqual([{ field: 'projectTexters.0.quota', messages: [projectMessages.quotaNotEditable] }]);
    expect((await app.sql('SELECT quota FROM project_texters WHERE id = $1', [row.id])).rows[0].quota).toBe(20);
  });
});

describe('a team lead', () => {
  it("changes the quotas of an External project's texters, and nothing else", async () => {
    const lead = await org.tokenFor('TeamLead');
    const id = await createProject(app, org, admin, { projectTexters: [{ userId: texterId, quota: '10' }] });
    const row = (await update(id, {})).project!.projectTexters[0];
    const quota = await update(id, { projectTexters: [{ id: row.id, userId: texterId, quota: '40' }] }, lead);
    expect(quota.errors).toEqual([]);
    expect(quota.project?.projectTexters).toEqual([{ id: row.id, userId: texterId, quota: '40' }]);
    const renamed = await update(id, { name: 'Lead was here' }, lead);
    expect(renamed.errors).toEqual([{ field: 'name', messages: [projectMessages.teamLeadQuotaOnly] }]);
    const managerId2 = await userIdOf(app, org.emailFor('Manager'));
    const added = await update(id, { projectTexters: [{ userId: managerId2, quota: '5' }] }, lead);
    expect(added.errors).toEqual([{ field: 'projectTexters', messages: [projectMessages.teamLeadQuotaOnly] }]);
    expect(
      (await app.sql('SELECT count(*)::int AS n FROM project_texters WHERE project_id = $1', [id])).rows[0].n,
    ).toBe(1);
  });
});

describe('project phones', () => {
  it('one primary at most, on an Active number; rows are added, changed and removed with _destroy', async () => {
    const active = await insertPhone(app, org.id, '4155550100');
    const other = await insertPhone(app, org.id, '4155550101');
    const pending = await insertPhone(app, org.id, '4155550102', 'Pending');
    const id = await createProject(app, org, admin);
    const two = await update(id, {
      projectPhones: [
        { phoneId: active, isPrimary: 'true' },
        { phoneId: other, isPrimary: 'true' },
      ],
    });
    expect(two.errors).toEqual([{ field: 'projectPhones', messages: [projectMessages.onePrimary] }]);
    const notActive = await update(id, { projectPhones: [{ phoneId: pending, isPrimary: 'true' }] });
    expect(notActive.errors).toEqual([{ field: 'projectPhones', messages: [projectMessages.primaryNeedsActive] }]);
    const saved = await update(id, {
      projectPhones: [{ phoneId: active, isPrimary: 'true' }, { phoneId: other }],
    });
    expect(saved.errors).toEqual([]);
    const rows = saved.project!.projectPhones as { id: string; phoneId: string; isPrimary: string }[];
    expect(rows.map((r) => [r.phoneId, r.isPrimary])).toEqual([
      [active, 'true'],
      [other, 'false'],
    ]);
    const { rows: stored } = await app.sql('SELECT area_code FROM project_phones WHERE project_id = $1', [id]);
    expect(stored.map((r) => r.area_code)).toEqual(['415', '415']);
    // The primary moves to the other number, and the first is removed.
    const moved = await update(id, {
      projectPhones: [
        { id: rows[0].id, phoneId: active, _destroy: true },
        { id: rows[1].id, phoneId: other, isPrimary: 'true' },
      ],
    });
    expect(moved.project?.projectPhones).toEqual([{ id: rows[1].id, phoneId: other, isPrimary: 'true' }]);
  });

  it("sends only from a purchased number of the project's client or of the organization", async () => {
    const { rows: clients } = await app.sql(
      `INSERT INTO clients (organization_id, name, client_type) VALUES ($1, 'Another client', 'Campaign') RETURNING id`,
      [org.id],
    );
    const number = (n: string, type: string, clientId: number | null) =>
      app
        .sql(
          `INSERT INTO phones (organization_id, number, phone_type, phone_status, client_id)
           VALUES ($1, $2, $3, 'Active', $4) RETURNING id`,
          [org.id, n, type, clientId],
        )
        .then((r) => String(r.rows[0].id));
    const own = await number('4155550110', 'FromPhone', org.clientId);
    const shared = await number('4155550111', 'FromPhone', null);
    const others = await number('4155550112', 'FromPhone', Number(clients[0].id));
    const contact = await number('4155550113', 'ClientPhone', org.clientId);
    const id = await createProject(app, org, admin);
    const refused = [projectMessages.senderNotOfClient];
    expect((await update(id, { projectPhones: [{ phoneId: others }] })).errors).toEqual([
      { field: 'projectPhones', messages: refused },
    ]);
    expect((await update(id, { projectPhones: [{ phoneId: contact }] })).errors).toEqual([
      { field: 'projectPhones', messages: refused },
    ]);
    const saved = await update(id, { projectPhones: [{ phoneId: own, isPrimary: 'true' }, { phoneId: shared }] });
    expect(saved.errors).toEqual([]);
    expect((saved.project!.projectPhones as { phoneId: string }[]).map((r) => r.phoneId)).toEqual([own, shared]);
  });

  it("refuses another organization's phone", async () => {
    const other = await buildOrganization(app, 'Phones elsewhere');
    const foreign = await insertPhone(app, other.id, '6175550100');
    const id = await createProject(app, org, admin);
    const res = await update(id, { projectPhones: [{ phoneId: foreign }] });
    expect(res.errors).toEqual([{ field: 'projectPhones', messages: ['Phone not found'] }]);
  });
});
