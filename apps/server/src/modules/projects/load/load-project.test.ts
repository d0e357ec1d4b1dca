import { GSM7_BASIC, GSM7_EXTENSION, placeholderMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { withTenant } from '../../../platform/db/tenant';
import { projectLoadMessages } from './load-error';
import { loadProjectHandler } from './project-load.handler';
import { runProjectLoad, runProjectUnload } from './run-project-load';
import { withLinkToken } from './link-token-sql';
import { GSM_CELL } from './segments-sql';
import {
  addFilter,
  addSender,
  loadedList,
  makeClient,
  makeProject,
  optOut,
  type ProjectOptions,
} from '../../../../test/project-factories';

let app: TestApp;
let org: BuiltOrganization;
let listId: number;
let client1: number;
let client2: number;

// prettier-ignore
const SHEET = [
  ['2125550101', 'Ada', 'Lovelace', '7', 'said yes'], // 1  NY
  ['2125550102', 'Bob', 'Ray', '8', ''],              // 2  do-not-contact
  ['4155550103', 'Cy', 'Young', '', ''],              // 3  opted out of the organization
  ['2125550101', 'Ada', 'Again', '', ''],             // 4  duplicate of line 1
  ['555-0100', 'Bad', 'Number', '', ''],              // 5  invalid
  ['4155550104', 'Di', 'Client', '', ''],             // 6  opted out of client 1
  ['4155550105', 'Ed', 'Other', '', ''],              // 7  opted out of client 2
  ['3125550106', 'Flo', 'Land', '', ''],              // 8  a landline
  ['3125550107', 'Gus', 'Telucom', '', ''],           // 9  carrier Telucom
  ['6175550108', 'Hal', 'Mass', '', ''],              // 10 MA
  ['2125550109', 'Ivy', 'York', '', 'ça va'],         // 11 NY, a note outside GSM-7
  ['4155550110', 'Jo', 'Twilio', '', ''],             // 12 CA, carrier Twilio
  ['', 'No', 'Phone', '', ''],                        // 13 invalid
];
const MESSAGE = 'Hi {firstName}';

const load = (projectId: number, hooks = {}) =>
  runProjectLoad(app.platform, { organizationId: org.id, userId: null }, projectId, hooks);
const unload = (projectId: number) =>
  runProjectUnload(app.platform, { organizationId: org.id, userId: null }, projectId);

/** A project on the shared list with the two Active senders (415 primary) and a Pending 312 one. */
async function project(o: Partial<ProjectOptions> = {}): Promise<number> {
  const id = await makeProject(app, org.id, { clientId: client1, listId, message: MESSAGE, ...o });
  await addSender(app, org.id, id, '2125559001');
  await addSender(app, org.id, id, '4155559002', { primary: true });
  await addSender(app, org.id, id, '3125559003', { status: 'Pending' });
  return id;
}

async function statusOf(projectId: number) {
  const { rows } = await app.sql(
    `SELECT p.project_status, l.error_message FROM projects p
       LEFT JOIN project_loads l ON l.organization_id = p.organization_id AND l.project_id = p.id WHERE p.id = $1`,
    [projectId],
  );
  return rows[0];
}

/** The texts of the project by recipient's first name, in list order. */
async function textsOf(projectId: number) {
  const { rows } = await app.sql(
    `SELECT r.first_name, t.rendered_message, t.body, t.text_status, t.text_type, t.messaging_service_type, t.segments,
            t.price::text AS price, t.media_position, t.tracking_id, f.number AS from_number, p.number AS to_number
       FROM texts t
       JOIN phones p ON p.organization_id = t.organization_id AND p.id = t.to_phone_id
       JOIN phones f ON f.organization_id = t.organization_id AND f.id = t.from_phone_id
       JOIN rows r ON r.organization_id = t.organization_id AND r.list_id = $2 AND r.to_phone_number = p.number
                  AND r.row_status = 'Valid'
      WHERE t.project_id = $1 ORDER BY r.position`,
    [projectId, listId],
  );
  return rows;
}

async function exclusionsOf(projectId: number) {
  const { rows } = await app.sql(
    `SELECT reason::text, count FROM project_exclusion_counts WHERE project_id = $1 ORDER BY reason`,
    [projectId],
  );
  return Object.fromEntries(rows.map((r) => [r.reason, r.count]));
}

async function leftOver(projectId: number) {
  const { rows } = await app.sql(
    `SELECT (SELECT count(*) FROM texts WHERE project_id = $1)::int AS texts,
            (SELECT count(*) FROM project_exclusions WHERE project_id = $1)::int AS exclusions,
            (SELECT count(*) FROM project_exclusion_counts WHERE project_id = $1)::int AS exclusion_counts,
            (SELECT count(*) FROM project_text_counts WHERE project_id = $1)::int AS text_counts,
            (SELECT count(*) FROM project_area_codes WHERE project_id = $1)::int AS area_codes`,
    [projectId],
  );
  return rows[0];
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Project loader');
  client1 = org.clientId;
  client2 = await makeClient(app, org.id, 'Second client');
  listId = await loadedList(app, org.id, SHEET);
  await app.sql(`UPDATE phones SET do_not_contact = true WHERE organization_id = $1 AND number = '2125550102'`, [
    org.id,
  ]);
  await optOut(app, org.id, '4155550103', null);
  await optOut(app, org.id, '4155550104', client1);
  await optOut(app, org.id, '4155550105', client2);
  await app.sql(`UPDATE phones SET line_type = 'Landline' WHERE organization_id = $1 AND number = '3125550106'`, [
    org.id,
  ]);
  await app.sql(`UPDATE phones SET carrier = 'Telucom' WHERE organization_id = $1 AND number = '3125550107'`, [org.id]);
  await app.sql(`UPDATE phones SET carrier = 'Twilio' WHERE organization_id = $1 AND number = '4155550110'`, [org.id]);
  // The organization's filters; client 2 replaces its Carrier and State ones.
  await addFilter(app, org.id, { type: 'Landline' });
  await addFilter(app, org.id, { type: 'Carrier', carrier: 'Telucom' });
  await addFilter(app, org.id, { type: 'State', state: 'MA' });
  await addFilter(app, org.id, { type: 'State', state: 'NY', clientId: client2 });
  await addFilter(app, org.id, { type: 'Carrier', carrier: 'Twilio', clientId: client2 });
  // Prices: the organization's SMS price, an older client 2 price, and a future one that does not apply yet.
  await app.sql(
    `INSERT INTO prices (organization_id, price, is_sent, campaign_type, messaging_service_type, start_at, client_id)
     VALUES ($1, 0.0100, true, 'Registered', 'SMS', now() - interval '1 day', NULL),
            ($1, 0.0900, true, 'Registered', 'SMS', now() + interval '1 day', NULL),
            ($1, 0.0500, false, 'Registered', 'SMS', now() - interval '1 day', NULL),
            ($1, 0.0200, true, 'Registered', 'SMS', now() - interval '1 year', $2),
            ($1, 0.0300, true, 'Registered', 'MMS', now() - interval '1 day', NULL)`,
    [org.id, client2],
  );
}, 120_000);

describe('loading a project', () => {
  it('makes one text per eligible row and records every row left out, by its first reason', async () => {
    const id = await project();
    const result = await load(id);
    expect(await statusOf(id)).toEqual({ project_status: 'Ready', error_message: null });
    expect((await textsOf(id)).map((t) => t.first_name)).toEqual(['Ada', 'Ed', 'Ivy', 'Jo']);
    const excluded = {
      ClientOptOut: 1,
      Carrier: 1,
      DoNotContact: 1,
      Duplicate: 1,
      Invalid: 2,
      Landline: 1,
      OrganizationOptOut: 1,
      State: 1,
    };
    expect(await exclusionsOf(id)).toEqual(excluded);
    expect(result).toEqual({ rows: 13, texts: 4, excluded });
    // The tabs' rows: which line was left out for what.
    const { rows } = await app.sql(
      `SELECT e.reason::text, r.position, e.number FROM project_exclusions e JOIN rows r ON r.organization_id = e.organization_id AND r.id = e.row_id
        WHERE e.project_id = $1 ORDER BY r.position`,
      [id],
    );
    expect(rows.map((r) => `${r.position}:${r.reason}:${r.number ?? ''}`)).toEqual([
      '2:DoNotContact:2125550102',
      '3:OrganizationOptOut:4155550103',
      '4:Duplicate:2125550101',
      '5:Invalid:555-0100',
      '6:ClientOptOut:4155550104',
      '8:Landline:3125550106',
      '9:Carrier:3125550107',
      '10:State:6175550108',
      '13:Invalid:',
    ]);
  });

  it('lets a client’s filters replace the organization’s of the same type, and only those', async () => {
    // Client 2: State NY instead of MA, Carrier Twilio instead of Telucom; Landline still the organization's.
    const id = await project({ clientId: client2 });
    await load(id);
    expect((await textsOf(id)).map((t) => t.first_name)).toEqual(['Di', 'Gus', 'Hal']);
    expect(await exclusionsOf(id)).toEqual({
      ClientOptOut: 1, // Ed, opted out of client 2; Di's opt-out is client 1's
      Carrier: 1,
      DoNotContact: 1,
      Duplicate: 1,
      Invalid: 2,
      Landline: 1,
      OrganizationOptOut: 1,
      State: 2,
    });
  });

  it('lets a project’s filters replace its client’s and the organization’s', async () => {
    const id = await project({ clientId: client2 });
    await addFilter(app, org.id, { type: 'State', state: 'CA', projectId: id });
    await addFilter(app, org.id, { type: 'Carrier', carrier: 'Telucom', projectId: id });
    await addFilter(app, org.id, { type: 'Landline', projectId: id });
    await load(id);
    expect((await textsOf(id)).map((t) => t.first_name)).toEqual(['Ada', 'Hal', 'Ivy']);
    expect(await exclusionsOf(id)).toEqual({
      ClientOptOut: 1,
      Carrier: 1, // Gus (Telucom); Jo (Twilio) is now left out for being in CA
      DoNotContact: 1,
      Duplicate: 1,
      Invalid: 2,
      Landline: 1,
      OrganizationOptOut: 1,
      State: 2,
    });
  });

  it('renders every placeholder kind per recipient, with a unique 8-character token per link', async () => {
    await app.sql(`INSERT INTO text_defaults (organization_id, field, value) VALUES ($1, 'Signature', 'Team Blue')`, [
      org.id,
    ]);
    const domain = await app.sql(
      `INSERT INTO custom_domains (organization_id, domain) VALUES ($1, 'go.example.test') RETURNING id`,
      [org.id],
    );
    await app.sql(
      `INSERT INTO shortened_links (organization_id, original_link, short_code, generated_short_code, custom_domain_id)
       VALUES ($1, 'https://vote.example.test', 'vote', 'g3n3r4t3d', $2)`,
      [org.id, domain.rows[0].id],
    );
    const message = 'Hi {firstName} {LASTNAME} of ward { ward }, {Note}! {signature} {link:vote}';
    const id = await project({ message });
    await load(id);
    const texts = await textsOf(id);
    const ada = texts[0];
    expect(ada.tracking_id).toMatch(/^[0-9A-Za-z]{8}$/);
    expect(ada.rendered_message).toBe(
      `Hi Ada Lovelace of ward 7, said yes! Team Blue https://go.example.test/vote/${ada.tracking_id}`,
    );
    expect(ada.body).toBe(message);
    // A missing cell renders as nothing.
    expect(texts[1].rendered_message).toBe(
      `Hi Ed Other of ward , ! Team Blue https://go.example.test/vote/${texts[1].tracking_id}`,
    );
    expect(new Set(texts.map((t) => t.tracking_id)).size).toBe(texts.length);
    expect(texts.every((t) => t.text_status === 'Ready' && t.text_type === 'List')).toBe(true);
  });

  it('refuses a message with an unknown placeholder: ErrorLoading with its message, nothing made', async () => {
    const id = await project({ message: 'Hi {firstName} of {Precinct}' });
    await expect(load(id)).rejects.toThrow(placeholderMessages.unknownPlaceholder('{Precinct}'));
    expect(await statusOf(id)).toEqual({
      project_status: 'ErrorLoading',
      error_message: 'The message uses {Precinct}, which is not a column of the list or a text default',
    });
    expect(await leftOver(id)).toEqual({ texts: 0, exclusions: 0, exclusion_counts: 0, text_counts: 0, area_codes: 0 });
  });

  it('refuses a project without an Active phone', async () => {
    const id = await makeProject(app, org.id, { clientId: client1, listId, message: MESSAGE });
    await addSender(app, org.id, id, '3125559003', { status: 'Pending' });
    await expect(load(id)).rejects.toThrow(projectLoadMessages.noActivePhone);
    expect(await statusOf(id)).toEqual({
      project_status: 'ErrorLoading',
      error_message: projectLoadMessages.noActivePhone,
    });
  });

  it('picks the sender of the recipient’s area code, else the primary (MatchingAreaCode)', async () => {
    const a = await project();
    await load(a);
    expect((await textsOf(a)).map((t) => `${t.first_name}:${t.from_number}`)).toEqual([
      'Ada:2125559001',
      'Ed:4155559002',
      'Ivy:2125559001',
      'Jo:4155559002',
    ]);
    // Gus (312: only a Pending phone) and Hal (617: none) get the primary.
    const b = await project({ clientId: client2 });
    await load(b);
    expect((await textsOf(b)).map((t) => `${t.first_name}:${t.from_number}`)).toEqual([
      'Di:4155559002',
      'Gus:4155559002',
      'Hal:4155559002',
    ]);
  });

  it('sends every text from the phone of the most common area code (MostCommonAreaCode), even over the primary', async () => {
    // Project filter State CA: the 415 recipients are left out, so 212 (Ada, Ivy) outnumbers 617 (Hal).
    const id = await project({ areaCodeSelection: 'MostCommonAreaCode' });
    await addFilter(app, org.id, { type: 'State', state: 'CA', projectId: id });
    await load(id);
    expect((await textsOf(id)).map((t) => `${t.first_name}:${t.from_number}`)).toEqual([
      'Ada:2125559001',
      'Hal:2125559001',
      'Ivy:2125559001',
    ]);
    const { rows } = await app.sql(
      `SELECT area_code, count FROM project_area_codes WHERE project_id = $1 ORDER BY area_code`,
      [id],
    );
    expect(rows).toEqual([
      { area_code: '212', count: 2 },
      { area_code: '617', count: 1 },
    ]);
  });

  it('sets the service type, media position, segments and exact price of each text', async () => {
    const long = `{firstName} ${'x'.repeat(160)}`; // Ada + 161 characters: 2 segments
    const sms = await project({ message: long });
    await load(sms);
    const [ada] = await textsOf(sms);
    expect(ada).toMatchObject({ messaging_service_type: 'SMS', segments: 2, price: '0.0200', media_position: null });
    // Client 2's own price, though older than the organization's.
    const client = await project({ clientId: client2 });
    await load(client);
    expect((await textsOf(client))[0]).toMatchObject({ segments: 1, price: '0.0200' });
    // A cell outside GSM-7 makes its own text UCS-2: 'ça va' + 66 = 71 units, 2 segments; Ada's stays GSM-7.
    const ucs = await project({ message: `{Note}${'x'.repeat(66)}` });
    await load(ucs);
    expect((await textsOf(ucs)).map((t) => `${t.first_name}:${t.segments}`)).toEqual([
      'Ada:1',
      'Ed:1',
      'Ivy:2',
      'Jo:1',
    ]);
    const mms = await project({ message: long, mediaUrl: 'https://media.example.test/a.png', mediaPosition: 'Before' });
    await load(mms);
    expect((await textsOf(mms))[0]).toMatchObject({
      messaging_service_type: 'MMS',
      segments: 2,
      price: '0.0300',
      media_position: 'Before',
    });
  });

  it('keeps the texts counted by day, sender and status, in step with the texts', async () => {
    const id = await project();
    await load(id);
    const { rows } = await app.sql(
      `SELECT f.number, c.text_status, c.count::int, c.day = (now() AT TIME ZONE 'UTC')::date AS today
         FROM project_text_counts c JOIN phones f ON f.organization_id = c.organization_id AND f.id = c.from_phone_id WHERE c.project_id = $1 ORDER BY f.number`,
      [id],
    );
    expect(rows).toEqual([
      { number: '2125559001', text_status: 'Ready', count: 2, today: true },
      { number: '4155559002', text_status: 'Ready', count: 2, today: true },
    ]);
  });

  it('changes nothing when it fails at the last moment, and a retry does not double the texts', async () => {
    const id = await project();
    await load(id);
    const before = await textsOf(id);
    await app.sql(`UPDATE projects SET project_status = 'AwaitingLoad' WHERE id = $1`, [id]);
    await expect(
      load(id, {
        beforeCommit: () => Promise.reject(new Error('the server went away')),
      }),
    ).rejects.toThrow(projectLoadMessages.failed);
    expect(await statusOf(id)).toEqual({ project_status: 'ErrorLoading', error_message: projectLoadMessages.failed });
    expect(await textsOf(id)).toEqual(before);
    expect(await leftOver(id)).toEqual({ texts: 4, exclusions: 9, exclusion_counts: 8, text_counts: 2, area_codes: 2 });
    await app.sql(`UPDATE projects SET project_status = 'AwaitingLoad' WHERE id = $1`, [id]);
    await load(id);
    expect(await statusOf(id)).toEqual({ project_status: 'Ready', error_message: null });
    expect((await textsOf(id)).map((t) => t.first_name)).toEqual(before.map((t) => t.first_name));
    expect(await leftOver(id)).toEqual({ texts: 4, exclusions: 9, exclusion_counts: 8, text_counts: 2, area_codes: 2 });
  });

  it('runs as a background task that shows its progress and result', async () => {
    const id = await project();
    const user = await app.sql(`SELECT user_id FROM organization_users WHERE organization_id = $1 LIMIT 1`, [org.id]);
    const userId = Number(user.rows[0].user_id);
    const task = await app.sql(
      `INSERT INTO background_tasks (organization_id, user_id, kind, status, payload)
       VALUES ($1, $2, 'loadProject', 'Queued', '{}') RETURNING id`,
      [org.id, userId],
    );
    const taskId = Number(task.rows[0].id);
    await loadProjectHandler.run(
      { organizationId: org.id, userId, taskId, projectId: id },
      { platform: app.platform, progress: async () => {} },
    );
    const { rows } = await app.sql(`SELECT status, processed, total, result FROM background_tasks WHERE id = $1`, [
      taskId,
    ]);
    expect(rows[0]).toMatchObject({ status: 'Done', processed: 13, total: 13, result: { rows: 13, texts: 4 } });
    expect(await statusOf(id)).toEqual({ project_status: 'Ready', error_message: null });
  });

  it('refuses a project that is not waiting to be loaded, changing nothing', async () => {
    const id = await project({ status: 'Assigned' });
    await expect(load(id)).rejects.toThrow(projectLoadMessages.notAwaiting);
    expect(await statusOf(id)).toEqual({ project_status: 'Assigned', error_message: null });
  });
});

describe('every text loaded above', () => {
  it('has the segments canvass_sms_segments gives its rendered message', async () => {
    const { rows } = await app.sql(
      `SELECT count(*)::int AS texts, count(*) FILTER (WHERE segments IS DISTINCT FROM canvass_sms_segments(rendered_message))::int AS wrong
         FROM texts WHERE organization_id = $1`,
      [org.id],
    );
    expect(rows[0].texts).toBeGreaterThan(40);
    expect(rows[0].wrong).toBe(0);
  });
});

describe('unloading a project', () => {
  it('removes its unsent texts, exclusions and counts, keeps a sent text, and returns it to Assigned', async () => {
    const id = await project();
    await load(id);
    // One text went out meanwhile (as sending will record it, its count moved from Ready to Sent).
    const { rows } = await app.sql(
      `UPDATE texts SET text_status = 'Sent', sent_at = now() WHERE id = (SELECT min(id) FROM texts WHERE project_id = $1)
       RETURNING from_phone_id`,
      [id],
    );
    await app.sql(
      `UPDATE project_text_counts SET count = count - 1 WHERE project_id = $1 AND from_phone_id = $2;
       INSERT INTO project_text_counts (organization_id, project_id, day, from_phone_id, text_status, count)
       SELECT organization_id, project_id, day, from_phone_id, 'Sent', 1 FROM project_text_counts
        WHERE project_id = $1 AND from_phone_id = $2`
        .replace(/\$1/g, String(id))
        .replace(/\$2/g, String(rows[0].from_phone_id)),
    );
    await app.sql(`UPDATE projects SET project_status = 'AwaitingUnload' WHERE id = $1`, [id]);
    expect(await unload(id)).toEqual({ removed: 3 });
    expect(await statusOf(id)).toEqual({ project_status: 'Assigned', error_message: null });
    expect(await leftOver(id)).toEqual({ texts: 1, exclusions: 0, exclusion_counts: 0, text_counts: 1, area_codes: 0 });
    const counts = await app.sql(`SELECT text_status, count::int FROM project_text_counts WHERE project_id = $1`, [id]);
    expect(counts.rows).toEqual([{ text_status: 'Sent', count: 1 }]);
  });

  it('leaves nothing behind when nothing was sent', async () => {
    const id = await project();
    await load(id);
    await app.sql(`UPDATE projects SET project_status = 'AwaitingUnload' WHERE id = $1`, [id]);
    expect(await unload(id)).toEqual({ removed: 4 });
    expect(await leftOver(id)).toEqual({ texts: 0, exclusions: 0, exclusion_counts: 0, text_counts: 0, area_codes: 0 });
    expect(await statusOf(id)).toEqual({ project_status: 'Assigned', error_message: null });
  });
});

describe('SMS segments (canvass_sms_segments)', () => {
  const segments = async (m: string) =>
    (await app.sql('SELECT canvass_sms_segments($1) AS n', [m])).rows[0].n as number;
  it.each([
    ['', 0],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
    ['@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&\'()*+,-./:;<=>?¡ÄÖÑÜ§¿äöñüà\n\r', 1],
    [`${'a'.repeat(158)}€`, 1], // 158 + 2 septets
    [`${'a'.repeat(159)}€`, 2], // 161 septets
    [`${'a'.repeat(150)}{}[]~`, 1], // 150 + 5 extension characters × 2 = 160 septets
    [`${'a'.repeat(151)}{}[]~`, 2], // 161 septets
    [`${'a'.repeat(149)}\\|^\f{}`, 2], // the rest of the table and form feed: 149 + 12 = 161
    ['a'.repeat(69) + 'ç', 1], // ç is not GSM: UCS-2, 70 units
    ['a'.repeat(70) + 'ç', 2], // 71 units
    ['a'.repeat(134) + 'ç', 3], // 135 units: ceil(135 / 67)
    ['a'.repeat(68) + '😀', 1], // an emoji is two UTF-16 units: 70
    ['a'.repeat(69) + '😀', 2], // 71
  ])('%j → %i', async (m, n) => {
    expect(await segments(m)).toBe(n);
  });
});

describe('the GSM-7 sets of the SQL (canvass_sms_segments, the load’s GSM_CELL) are the domain’s', () => {
  // Every BMP character (surrogates are not characters; beyond the BMP nothing is GSM-7).
  const BMP = 'generate_series(1, 65535) g WHERE g NOT BETWEEN 55296 AND 57343';
  const codes = (chars: string) => [...chars].map((c) => c.codePointAt(0)!).sort((a, b) => a - b);

  it('canvass_sms_segments (an applied migration with its own copy) counts each character as the domain does', async () => {
    // 140 copies of a character: 1 segment in the basic set, 2 in the extension table (280 septets), 3 in UCS-2.
    const { rows } = await app.sql(
      `SELECT n, array_agg(g ORDER BY g) AS codes
         FROM (SELECT g, canvass_sms_segments(repeat(chr(g), 140)) AS n FROM ${BMP}) s GROUP BY n ORDER BY n`,
    );
    expect(rows.map((r) => [r.n, r.n === 3 ? (r.codes as number[]).length : r.codes])).toEqual([
      [1, codes(GSM7_BASIC)],
      [2, codes(GSM7_EXTENSION)],
      [3, 65535 - 2048 - GSM7_BASIC.length - GSM7_EXTENSION.length],
    ]);
  });

  it('GSM_CELL, built from the domain’s sets, matches exactly their characters', async () => {
    const { rows } = await app.sql(`SELECT array_agg(g ORDER BY g) AS codes FROM ${BMP} AND chr(g) ~ $1`, [GSM_CELL]);
    expect(rows[0].codes).toEqual(codes(GSM7_BASIC + GSM7_EXTENSION));
  });
});

describe('link tokens (canvass_link_permute, canvass_base62_8)', () => {
  it('gives consecutive ids unrelated, distinct 8-character tokens', async () => {
    const { rows } = await app.sql(
      `SELECT canvass_base62_8(canvass_link_permute(g, 12345)) AS t FROM generate_series(1, 100000) g`,
    );
    const tokens = rows.map((r) => r.t as string);
    expect(new Set(tokens).size).toBe(100000);
    expect(tokens.every((t) => /^[0-9A-Za-z]{8}$/.test(t))).toBe(true);
    // Not a counter: neighbours share no common prefix as a sequence would.
    const sharedPrefix = tokens.slice(1).filter((t, i) => t.slice(0, 4) === tokens[i].slice(0, 4)).length;
    expect(sharedPrefix).toBeLessThan(10);
  });

  it('withLinkToken, the load’s round-per-level form, gives canvass_link_permute’s tokens', async () => {
    for (const key of [12345n, 0n, 6740974011122232592n, 9223372036854775804n]) {
      const ids = sql`SELECT g AS id FROM generate_series(1, 20000) g
                      UNION ALL SELECT v FROM unnest('{0,8388607,8388608,70368744177663,1000000000000}'::bigint[]) v`;
      const { rows } = await withTenant(app.platform.database, { organizationIds: [org.id], userId: null }, (tx) =>
        tx.execute<{ n: number; differ: number }>(sql`
          SELECT count(*)::int AS n,
                 count(*) FILTER (WHERE t.token IS DISTINCT FROM
                                        canvass_base62_8(canvass_link_permute(t.id, ${key.toString()}::bigint)))::int AS differ
            FROM (${withLinkToken(ids, key)}) t`),
      );
      expect(rows[0]).toEqual({ n: 20005, differ: 0 });
    }
  });
});
