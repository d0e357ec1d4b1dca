import { sendTimeMessages } from '@canvass/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import type { TestApp } from '../../../../test/harness';
import type { TwilioMock } from '../../../../test/mocks/twilio-mock';
import { makeClient, optOut, recipient } from '../../../../test/project-factories';
import { dispatchOrganization } from './dispatch';
import { countsByStatus, loadedBlast, textsByStatus, twilioAccount, twilioTestApp } from '../../../../test/blasts';

let app: TestApp;
let twilio: TwilioMock;

const twilioSettings = twilioAccount('send-time-token');

beforeAll(async () => {
  ({ app, twilio } = await twilioTestApp(twilioSettings, {
    SEND_QUIET_HOURS: 'on',
    SEND_CONCURRENCY: '2',
    // Small batches, so an opt-out made while the first batch goes out is seen by the next claim.
    SEND_BATCH_SIZE: '3',
  }));
}, 60_000);

afterAll(() => twilio.close());

/** A fixed clock. The recipients are 212 (New York, daylight time in July: UTC-4). */
const at = (iso: string) => () => new Date(iso);
const NIGHT = at('2026-07-16T02:00:00Z'); // 10pm in New York
const MORNING = at('2026-07-16T12:00:00Z'); // 8am in New York
const AFTERNOON = at('2026-07-16T18:00:00Z'); // 2pm in New York

async function blast(name: string, recipients: number) {
  const org = await buildOrganization(app, name);
  return { org, blast: await loadedBlast(app, org, { recipients, provider: 'Twilio', settings: twilioSettings }) };
}

/** The numbers the Twilio mock was asked to text (10 digits), for one organization's recipients. */
const textedNumbers = (from: number) => twilio.messages.slice(from).map((m) => m.to.slice(2));

const textRows = async (orgId: number, projectId: number) =>
  (
    await app.sql(
      `SELECT t.text_status, t.error_message, t.send_after, p.number FROM texts t
         JOIN phones p ON p.organization_id = t.organization_id AND p.id = t.to_phone_id
        WHERE t.organization_id = $1 AND t.project_id = $2 ORDER BY t.id`,
      [orgId, projectId],
    )
  ).rows as { text_status: string; error_message: string | null; send_after: Date | null; number: string }[];

const setProject = (org: BuiltOrganization, projectId: number, set: string, values: unknown[]) =>
  app.sql(`UPDATE projects SET ${set} WHERE organization_id = $1 AND id = $2`, [org.id, projectId, ...values]);

const projectStatus = async (orgId: number, projectId: number) =>
  (await app.sql(`SELECT project_status FROM projects WHERE organization_id = $1 AND id = $2`, [orgId, projectId]))
    .rows[0].project_status as string;

describe('quiet hours at dispatch', () => {
  it("holds a text at night until 8am in the recipient's time zone, and sends it once the clock gets there", async () => {
    // Seven texts: three batches of three, every one held, and the run reads through all of them.
    const { org, blast: b } = await blast('Quiet night', 7);
    const before = twilio.messages.length;

    expect((await dispatchOrganization(app.platform, org.id, { clock: NIGHT })).claimed).toBe(0);
    const held = await textRows(org.id, b.projectId);
    expect(held.map((t) => [t.text_status, t.send_after?.toISOString()])).toEqual(
      Array(7).fill(['Ready', '2026-07-16T12:00:00.000Z']),
    );
    expect(textedNumbers(before)).toEqual([]);
    expect(await projectStatus(org.id, b.projectId)).toBe('Sending');
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Ready: 7 });

    // A minute before 8am nothing is due yet; at 8am every text goes, once.
    expect((await dispatchOrganization(app.platform, org.id, { clock: at('2026-07-16T11:59:00Z') })).claimed).toBe(0);
    expect((await dispatchOrganization(app.platform, org.id, { clock: MORNING })).claimed).toBe(7);
    expect(textedNumbers(before).sort()).toEqual(held.map((t) => t.number));
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Sending: 7 });
    expect(await projectStatus(org.id, b.projectId)).toBe('Complete');
  });

  it("expires a text whose recipient's window does not open before the project ends", async () => {
    const { org, blast: b } = await blast('Quiet expiry', 2);
    const before = twilio.messages.length;
    await setProject(org, b.projectId, 'end_at = $3', ['2026-07-16T06:00:00Z']);

    await dispatchOrganization(app.platform, org.id, { clock: NIGHT });

    const rows = await textRows(org.id, b.projectId);
    expect(rows.map((t) => [t.text_status, t.error_message])).toEqual(
      Array(2).fill(['Expired', sendTimeMessages.windowAfterEnd]),
    );
    expect(textedNumbers(before)).toEqual([]);
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Expired: 2 });
    expect(await textsByStatus(app, org.id, b.projectId)).toEqual({ Expired: 2 });
    expect(await projectStatus(org.id, b.projectId)).toBe('Complete');
  });

  it("keeps the project's schedule: nothing before its start, nothing after its end", async () => {
    const { org, blast: b } = await blast('Schedule', 1);
    await setProject(org, b.projectId, 'start_at = $3', ['2026-07-16T19:00:00Z']);
    await dispatchOrganization(app.platform, org.id, { clock: AFTERNOON });
    expect((await textRows(org.id, b.projectId))[0].send_after?.toISOString()).toBe('2026-07-16T19:00:00.000Z');

    await setProject(org, b.projectId, 'end_at = $3', ['2026-07-16T19:30:00Z']);
    await dispatchOrganization(app.platform, org.id, { clock: at('2026-07-16T20:00:00Z') });
    expect((await textRows(org.id, b.projectId))[0]).toMatchObject({
      text_status: 'Expired',
      error_message: sendTimeMessages.projectEnded,
    });
  });

  it("sends the Simulator's texts at night (they reach no phone), and no real provider's", async () => {
    const org = await buildOrganization(app, 'Simulated night');
    const b = await loadedBlast(app, org, { recipients: 2, provider: 'Simulator', settings: {} });
    expect((await dispatchOrganization(app.platform, org.id, { clock: NIGHT })).claimed).toBe(2);
    expect(await textsByStatus(app, org.id, b.projectId)).toEqual({ Sending: 2 });
  });

  it("follows the organization's quiet hours setting", async () => {
    const { org, blast: b } = await blast('Own window', 1);
    await app.sql(`UPDATE organizations SET settings = $2 WHERE id = $1`, [
      org.id,
      JSON.stringify({ quietHours: { start: '07:00', end: '23:00', states: [] } }),
    ]);
    // 10pm in New York: closed by default, open in this organization's window.
    expect((await dispatchOrganization(app.platform, org.id, { clock: NIGHT })).claimed).toBe(1);
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Sending: 1 });
  });
});

describe('opt-outs and do-not-contact at send time', () => {
  it('an opt-out or do-not-contact arriving while the project sends stops the rest of its texts to that number', async () => {
    const { org, blast: b } = await blast('Opt out mid-send', 8);
    const otherClient = await makeClient(app, org.id, 'Another client');
    const before = twilio.messages.length;
    // The project is sending: recipients 1–3 go out now, the rest wait (as behind a provider's retry) for an hour.
    await app.sql(
      `UPDATE texts SET send_after = '2026-07-16T19:00:00Z' WHERE organization_id = $1 AND id = ANY($2::bigint[])`,
      [org.id, b.textIds.slice(3)],
    );
    expect((await dispatchOrganization(app.platform, org.id, { clock: AFTERNOON })).claimed).toBe(3);
    expect(await projectStatus(org.id, b.projectId)).toBe('Sending');

    // Meanwhile four of the later recipients become unreachable, or do not for this project.
    await optOut(app, org.id, '2125500004', null); // the whole organization
    await optOut(app, org.id, '2125500005', org.clientId); // the project's client
    await optOut(app, org.id, '2125500008', otherClient); // another client: does not stop this project
    await app.sql(`UPDATE phones SET do_not_contact = true WHERE organization_id = $1 AND id = $2`, [
      org.id,
      await recipient(app, org.id, '2125500006'),
    ]);
    expect((await dispatchOrganization(app.platform, org.id, { clock: at('2026-07-16T19:00:00Z') })).claimed).toBe(2);

    const rows = await textRows(org.id, b.projectId);
    const optedOutOn = sendTimeMessages.optedOut(new Date());
    expect(rows.map((t) => [t.number, t.text_status, t.error_message])).toEqual([
      ['2125500001', 'Sending', null],
      ['2125500002', 'Sending', null],
      ['2125500003', 'Sending', null],
      ['2125500004', 'Rejected', optedOutOn],
      ['2125500005', 'Rejected', optedOutOn],
      ['2125500006', 'Rejected', sendTimeMessages.doNotContact],
      ['2125500007', 'Sending', null],
      ['2125500008', 'Sending', null],
    ]);
    expect(textedNumbers(before).sort()).toEqual(
      ['2125500001', '2125500002', '2125500003', '2125500007', '2125500008'].sort(),
    );
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Rejected: 3, Sending: 5 });
    expect(await projectStatus(org.id, b.projectId)).toBe('Complete');
  });

  it("an opt-out in another organization does not stop this organization's text to the same number", async () => {
    const a = await blast('Tenant A', 1);
    const b = await blast('Tenant B', 1);
    await optOut(app, b.org.id, '2125500001', null);
    const before = twilio.messages.length;

    await dispatchOrganization(app.platform, a.org.id, { clock: AFTERNOON });
    await dispatchOrganization(app.platform, b.org.id, { clock: AFTERNOON });

    expect(textedNumbers(before)).toEqual(['2125500001']);
    expect((await textRows(a.org.id, a.blast.projectId))[0].text_status).toBe('Sending');
    expect((await textRows(b.org.id, b.blast.projectId))[0].text_status).toBe('Rejected');
  });

  it("a keyword's confirmation (auto_reply) goes out at night and to a number that has just opted out", async () => {
    const { org, blast: b } = await blast('Auto reply', 2);
    await optOut(app, org.id, '2125500001', org.clientId);
    await app.sql(`UPDATE texts SET auto_reply = true WHERE organization_id = $1 AND id = $2`, [org.id, b.textIds[0]]);
    const before = twilio.messages.length;

    expect((await dispatchOrganization(app.platform, org.id, { clock: NIGHT })).claimed).toBe(1);

    expect(textedNumbers(before)).toEqual(['2125500001']);
    expect((await textRows(org.id, b.projectId)).map((t) => t.text_status)).toEqual(['Sending', 'Ready']);
  });

  it('a Test text to a staff number goes out at night, but never to a number that opted out', async () => {
    const { org, blast: b } = await blast('Test texts', 2);
    await optOut(app, org.id, '2125500002', null);
    const to = [await recipient(app, org.id, '2125500001'), await recipient(app, org.id, '2125500002')];
    await app.sql(
      `INSERT INTO texts (organization_id, project_id, body, text_type, is_send_text, from_phone_id, to_phone_id)
       SELECT $1, $2, 'Test: polls close at 8', 'Test', true, $3, unnest($4::bigint[])`,
      [org.id, b.projectId, b.senderIds[0], to],
    );
    const before = twilio.messages.length;

    expect((await dispatchOrganization(app.platform, org.id, { clock: NIGHT })).claimed).toBe(1);

    expect(twilio.messages.slice(before).map((m) => [m.to, m.body])).toEqual([
      ['+12125500001', 'Test: polls close at 8'],
    ]);
    const { rows } = await app.sql(
      `SELECT text_status, error_message FROM texts WHERE organization_id = $1 AND text_type = 'Test' ORDER BY id`,
      [org.id],
    );
    expect(rows.map((r: { text_status: string }) => r.text_status)).toEqual(['Sending', 'Rejected']);
    // The blast's own texts: the opted-out number's is refused, the other waits for the morning.
    expect(await countsByStatus(app, org.id, b.projectId)).toEqual({ Ready: 1, Rejected: 1 });
  });
});
