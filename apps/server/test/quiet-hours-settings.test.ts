import { defaultQuietHours, organizationMessages, quietHoursMessages, type QuietHours } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

/** The organization's quiet hours (issue 15 §2) through the organization API: read, saved, refused. */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let admin: string;

const QUIET = 'quietHours { start end states { state days start end } }';
const GET = `query($id: ID!) { organization(id: $id) { ${QUIET} } }`;
const UPDATE = `mutation($id: ID!, $a: OrganizationAttributes!) {
  updateOrganization(id: $id, attributes: $a) { organization { ${QUIET} } errors { field messages } }
}`;

const read = async (token = admin, id = org.id) =>
  (await gql(app, GET, { id: String(id) }, { token })).data?.organization as { quietHours: QuietHours } | null;

async function save(quietHours: QuietHours, token = admin, id = org.id) {
  const res = await gql(app, UPDATE, { id: String(id), a: { quietHours } }, { token });
  expect(res.errors).toBeUndefined();
  const payload = res.data!.updateOrganization as {
    organization: { quietHours: QuietHours } | null;
    errors: { field: string; messages: string[] }[];
  };
  return { ...payload, errors: Object.fromEntries(payload.errors.map((e) => [e.field, e.messages])) };
}

const storedSettings = async (orgId = org.id) =>
  (await app.sql(`SELECT settings FROM organizations WHERE id = $1`, [orgId])).rows[0].settings as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Quiet settings');
  other = await buildOrganization(app, 'Quiet elsewhere');
  admin = await org.tokenFor('Admin');
});

describe('quiet hours settings', () => {
  it('reads the defaults until saved, then the saved window and state rules, keeping other settings', async () => {
    expect((await read())!.quietHours).toEqual(defaultQuietHours);
    await app.sql(`UPDATE organizations SET settings = '{"kept": true}' WHERE id = $1`, [org.id]);

    const mine: QuietHours = {
      start: '09:00',
      end: '20:00',
      states: [{ state: 'TX', days: 'Sunday', start: '13:00', end: '20:00' }],
    };
    const r = await save(mine);
    expect(r.errors).toEqual({});
    expect(r.organization!.quietHours).toEqual(mine);
    expect((await read())!.quietHours).toEqual(mine);
    expect(await storedSettings()).toEqual({ kept: true, quietHours: mine });
  });

  it('refuses bad input with its messages and changes nothing', async () => {
    const before = await storedSettings();
    const r = await save({
      start: '21:00',
      end: '08:00',
      states: [
        { state: 'ZZ', days: 'EveryDay', start: '9am', end: '20:00' },
        { state: 'RI', days: 'MondayToFriday', start: '09:00', end: '17:00' },
        { state: 'RI', days: 'EveryDay', start: '10:00', end: '17:00' },
      ],
    });
    expect(r.organization).toBeNull();
    expect(r.errors).toEqual({
      'quietHours.end': [quietHoursMessages.endBeforeStart],
      'quietHours.states.0.state': [quietHoursMessages.invalidState],
      'quietHours.states.0.start': [quietHoursMessages.invalidTime],
      'quietHours.states.2.days': [quietHoursMessages.daysTwice('RI')],
    });
    expect(await storedSettings()).toEqual(before);
  });

  it("another organization's admin can neither read nor change them; a manager cannot change them", async () => {
    const before = await storedSettings();
    const otherAdmin = await other.tokenFor('Admin');
    expect(await read(otherAdmin)).toBeNull();
    const open: QuietHours = { start: '00:00', end: '24:00', states: [] };
    expect((await save(open, otherAdmin)).organization).toBeNull();
    expect((await save(open, await org.tokenFor('Manager'))).errors).toEqual({
      base: [organizationMessages.onlyAdmins],
    });
    expect(await storedSettings()).toEqual(before);
    // Its own organization's settings are its own: still the defaults.
    expect((await read(otherAdmin, other.id))!.quietHours).toEqual(defaultQuietHours);
  });
});
