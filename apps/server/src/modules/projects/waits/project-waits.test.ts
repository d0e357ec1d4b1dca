import { deliveryTypeHelp } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../../test/harness';
import { LOAD_SEND } from '../../../../test/projects-helpers';
import { withTenant } from '../../../platform/db/tenant';
import type { Row } from '../../../platform/resources/resource-service';
import { brandWithCampaign, loadedBlast, twilioAccount } from '../../../../test/blasts';
import { runProjectLoad } from '../load/run-project-load';
import { addSender, loadedList, makeProject } from '../../../../test/project-factories';
import { projectWaitsOf } from './project-waits.service';

const WAITS = `query($id: ID!) { project(id: $id) { id projectStatus deliveryType
  waitsFor { kind message actor action until } } }`;

let app: TestApp;
let org: BuiltOrganization;
let admin: string;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Waits');
  admin = await org.tokenFor('Admin');
}, 120_000);

const waitsOf = async (projectId: number, token = admin) => {
  const res = await gql(app, WAITS, { id: String(projectId) }, { token });
  expect(res.errors).toBeUndefined();
  return res.data?.project as {
    projectStatus: string;
    deliveryType: string;
    waitsFor: { kind: string; message: string; actor: string; action: string | null; until: string | null }[];
  };
};
const kindsOf = async (projectId: number) => (await waitsOf(projectId)).waitsFor.map((w) => w.kind);
const update = (projectId: number, set: string, params: unknown[] = []) =>
  app.sql(`UPDATE projects SET ${set} WHERE organization_id = $1 AND id = $2`, [org.id, projectId, ...params]);

describe('a project of the default delivery type, loaded and sent', () => {
  it('says on the project that its texts wait for texters, who must act and where, in every state that waits', async () => {
    const listId = await loadedList(app, org.id, [['2125550101', 'Ada', 'Lovelace', '', '']]);
    const projectId = await makeProject(app, org.id, { clientId: org.clientId, listId, message: 'Hi {firstName}' });
    await addSender(app, org.id, projectId, '3125559001', { primary: true });
    expect(await waitsOf(projectId)).toMatchObject({ projectStatus: 'AwaitingLoad', deliveryType: 'External' });
    await runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId);

    // Loaded (Ready): what Send Texts would leave it waiting for.
    const ready = await waitsOf(projectId);
    expect(ready.projectStatus).toBe('Ready');
    expect(ready.waitsFor).toHaveLength(1);
    expect(ready.waitsFor[0]).toMatchObject({ kind: 'Texters', until: null });
    expect(ready.waitsFor[0].message).toContain('External delivery');
    expect(ready.waitsFor[0].actor).toContain('client');
    expect(ready.waitsFor[0].action).toContain('Edit → Texters');

    // Sent: Queued, and still saying so rather than nothing.
    const sent = await gql(app, LOAD_SEND, { p: String(projectId), o: 'SendTexts' }, { token: admin });
    expect(sent.data?.loadSendProject.errors).toEqual([]);
    const queued = await waitsOf(projectId);
    expect(queued.projectStatus).toBe('Queued');
    expect(queued.waitsFor.map((w) => w.kind)).toEqual(['Texters']);

    // Set Live (the staff account's transition): live, and as still.
    await update(projectId, `project_status = 'Live'`);
    expect(await kindsOf(projectId)).toEqual(['Texters']);
    // The stepper's words for the type say the same.
    expect(deliveryTypeHelp.External).toContain('not available yet');
  });

  it('says nothing while the project is being set up, and to nobody outside its organization', async () => {
    const listId = await loadedList(app, org.id, [['2125550102', 'Bo', 'Diddley', '', '']]);
    const projectId = await makeProject(app, org.id, {
      clientId: org.clientId,
      listId,
      message: 'Hi',
      status: 'Submitted',
    });
    expect(await kindsOf(projectId)).toEqual([]);
    const stranger = await (await buildOrganization(app, 'Stranger')).tokenFor('Admin');
    const res = await gql(app, WAITS, { id: String(projectId) }, { token: stranger });
    expect(res.data?.project ?? null).toBeNull();
  });
});

describe('a queued Blast always shows what it waits for', () => {
  let projectId: number;
  let senderIds: number[];

  beforeAll(async () => {
    ({ projectId, senderIds } = await loadedBlast(app, org, {
      recipients: 3,
      provider: 'Twilio',
      settings: twilioAccount('token'),
    }));
  });

  it('nothing holding it: that sending starts by itself', async () => {
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor).toEqual([expect.objectContaining({ kind: 'Dispatch', action: null })]);
  });

  it('a pause, with the reason sending gave', async () => {
    await update(projectId, `is_paused = true, pause_reason = 'Sending paused: carriers blocked every sender.'`);
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor[0]).toMatchObject({ kind: 'Paused', message: 'Sending paused: carriers blocked every sender.' });
    await update(projectId, `is_paused = false, pause_reason = NULL`);
  });

  it('a pause sending made before the project was sent is lifted by Send Texts, not left to hold it in Queued', async () => {
    // Paused while Ready (its one number was blocked), a number made good again, then sent.
    await update(projectId, `project_status = 'Ready', is_paused = true, pause_reason = 'Sending paused: blocked.'`);
    expect(await kindsOf(projectId)).toEqual(['SendTexts', 'Paused']);
    const sent = await gql(app, LOAD_SEND, { p: String(projectId), o: 'SendTexts' }, { token: admin });
    expect(sent.data?.loadSendProject.errors).toEqual([]);
    expect(await waitsOf(projectId)).toMatchObject({ projectStatus: 'Queued', waitsFor: [{ kind: 'Dispatch' }] });
  });

  it('a failing provider', async () => {
    await update(projectId, `provider_trouble = 'Twilio is not answering'`);
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor[0].kind).toBe('Provider');
    expect(waitsFor[0].message).toContain('Twilio is not answering');
    await update(projectId, `provider_trouble = NULL`);
  });

  it('a sender number that is no longer active', async () => {
    await app.sql(`UPDATE phones SET phone_status = 'Blocked' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      senderIds[0],
    ]);
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor[0].kind).toBe('Senders');
    expect(waitsFor[0].message).toContain('(312)-555-9001 Blocked');
    await app.sql(`UPDATE phones SET phone_status = 'Active' WHERE organization_id = $1 AND id = $2`, [
      org.id,
      senderIds[0],
    ]);
  });

  it('its schedule, until its start time', async () => {
    const startAt = new Date(Date.now() + 3 * 86_400_000);
    await update(projectId, `start_at = $3`, [startAt]);
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor[0]).toMatchObject({ kind: 'Schedule' });
    expect(new Date(waitsFor[0].until!).getTime()).toBe(startAt.getTime());
    await update(projectId, `start_at = NULL`);
  });

  it("its sender's daily cap, spent today in the organization's day, until the next day", async () => {
    await brandWithCampaign(app, org.id, senderIds, { throughput: 10, dailyCap: 5 });
    expect(await kindsOf(projectId)).toEqual(['Dispatch']);
    // What dispatch counted today for the number (rate-windows.ts: the organization's day, 'day:phone:<id>').
    await app.sql(
      `INSERT INTO send_rate_windows (organization_id, scope, window_start, used, last_grant)
       SELECT $1, $2, date_trunc('day', now() AT TIME ZONE o.time_zone) AT TIME ZONE o.time_zone, 5, 5
         FROM organizations o WHERE o.id = $1`,
      [org.id, `day:phone:${senderIds[0]}`],
    );
    const { waitsFor } = await waitsOf(projectId);
    expect(waitsFor[0]).toMatchObject({ kind: 'DailyCap' });
    expect(new Date(waitsFor[0].until!).getTime()).toBeGreaterThan(Date.now());
    await app.sql(`DELETE FROM send_rate_windows WHERE organization_id = $1`, [org.id]);
  });

  it("quiet hours in its recipients' local time, until the window opens", async () => {
    const [project] = (
      await app.sql(`SELECT * FROM projects WHERE organization_id = $1 AND id = $2`, [org.id, projectId])
    ).rows;
    const row = {
      id: projectId,
      projectStatus: project.project_status,
      deliveryType: project.delivery_type,
      isPaused: project.is_paused,
    } as Row;
    // Quiet hours on (the test app turns them off to send at any hour), at 3am in New York (212's recipients).
    const platform = { ...app.platform, config: { ...app.platform.config, SEND_QUIET_HOURS: 'on' as const } };
    const night = new Date('2026-07-15T07:00:00Z');
    const waits = await withTenant(app.platform.database, { organizationIds: [org.id], userId: null }, (tx) =>
      projectWaitsOf(tx, platform, org.id, row, night),
    );
    expect(waits).toEqual([expect.objectContaining({ kind: 'QuietHours', until: new Date('2026-07-15T12:00:00Z') })]);
    const noon = new Date('2026-07-15T16:00:00Z');
    const day = await withTenant(app.platform.database, { organizationIds: [org.id], userId: null }, (tx) =>
      projectWaitsOf(tx, platform, org.id, row, noon),
    );
    expect(day.map((w) => w.kind)).toEqual(['Dispatch']);
  });
});
