import { messages, organizationMessages, priceMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { resealConfigurationValues } from '../src/platform/secrets/reseal';
import { createSecretsCipher } from '../src/platform/secrets/cipher';
import { buildOrganization, PLATFORM_ADMIN, platformAdminToken, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

/** The organization's settings (spec §3 Organization, §7 nested `_destroy` semantics) through updateOrganization. */

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let admin: string;
let otherAdmin: string;

type Errors = { field: string; messages: string[] }[];

const SELECTION = `id name domain timeZone
  textDefaults { id field value } customDomains { id domain } providerColors { id provider color }
  prices { id price isSent campaignType messagingServiceType startAt }
  providerConfigurations { id name provider isActive values { envKey isSet } }
  can { update }`;
const UPDATE = `mutation($id: ID!, $a: OrganizationAttributes!) {
  updateOrganization(id: $id, attributes: $a) { organization { ${SELECTION} } errors { field messages } message }
}`;
const GET = `query($id: ID!) { organization(id: $id) { ${SELECTION} } }`;

interface Org {
  id: string;
  name: string;
  textDefaults: { id: string; field: string; value: string }[];
  customDomains: { id: string; domain: string }[];
  providerColors: { id: string; provider: string; color: string }[];
  prices: { id: string; price: string; startAt: string; messagingServiceType: string }[];
  providerConfigurations: { id: string; name: string; values: { envKey: string; isSet: boolean }[] }[];
  can: { update: boolean };
}

async function update(a: Record<string, unknown>, token = admin, id = org.id) {
  const res = await gql(app, UPDATE, { id: String(id), a }, { token });
  expect(res.errors).toBeUndefined();
  return res.data!.updateOrganization as { organization: Org | null; errors: Errors; message: string | null };
}

async function mustUpdate(a: Record<string, unknown>): Promise<Org> {
  const r = await update(a);
  expect(r.errors).toEqual([]);
  return r.organization!;
}

const errorMap = (errors: Errors) => Object.fromEntries(errors.map((e) => [e.field, e.messages]));
const count = async (table: string, orgId = org.id) =>
  (await app.sql(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [orgId])).rows[0].n as number;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: PLATFORM_ADMIN });
  org = await buildOrganization(app, 'Settings');
  other = await buildOrganization(app, 'Elsewhere');
  admin = await org.tokenFor('Admin');
  otherAdmin = await other.tokenFor('Admin');
});

describe('the nested save', () => {
  it('creates, updates and destroys rows of every kind in one save', async () => {
    const first = await mustUpdate({
      textDefaults: [
        { field: 'signature', value: 'The Team' },
        { field: 'website', value: 'example.org' },
      ],
      customDomains: [{ domain: 'Texts.Example.org' }],
      providerColors: [{ provider: 'Twilio', color: '#ff0000' }],
    });
    expect(first.textDefaults.map((t) => [t.field, t.value])).toEqual([
      ['signature', 'The Team'],
      ['website', 'example.org'],
    ]);
    // Stored as a host name: lower-case.
    expect(first.customDomains.map((d) => d.domain)).toEqual(['texts.example.org']);

    const [signature, website] = first.textDefaults;
    const second = await mustUpdate({
      textDefaults: [
        { id: signature.id, field: 'signature', value: 'Everyone at the Team' },
        { id: website.id, _destroy: true },
        { field: 'phone', value: '555-0100' },
      ],
      customDomains: [{ id: first.customDomains[0].id, _destroy: true }, { domain: 'go.example.org' }],
      providerColors: [{ id: first.providerColors[0].id, provider: 'Twilio', color: '#00ff00' }],
    });
    expect(second.textDefaults.map((t) => [t.id, t.field, t.value])).toEqual([
      [signature.id, 'signature', 'Everyone at the Team'],
      [expect.any(String), 'phone', '555-0100'],
    ]);
    expect(second.customDomains.map((d) => d.domain)).toEqual(['go.example.org']);
    expect(second.providerColors.map((c) => c.color)).toEqual(['#00ff00']);
  });

  it('a saved row emptied is removed and an empty new row is ignored', async () => {
    const saved = await mustUpdate({ textDefaults: [{ field: 'emptied', value: 'soon gone' }] });
    const row = saved.textDefaults.find((t) => t.field === 'emptied')!;
    const after = await mustUpdate({
      textDefaults: [
        { id: row.id, field: 'emptied', value: '' },
        { field: '', value: '' },
      ],
    });
    expect(after.textDefaults.some((t) => t.field === 'emptied')).toBe(false);
  });

  it('a failure changes nothing: one bad row keeps every other change out', async () => {
    const before = (await gql(app, GET, { id: String(org.id) }, { token: admin })).data!.organization as Org;
    const r = await update({
      name: 'Renamed',
      textDefaults: [{ field: 'fresh', value: 'kept out' }],
      customDomains: [{ domain: 'https://bad.example.org/path' }],
      providerColors: before.providerColors.map((c) => ({ id: c.id, _destroy: true })),
    });
    expect(r.organization).toBeNull();
    expect(errorMap(r.errors)).toEqual({ 'customDomains.0.domain': [messages.invalidHostName] });
    const after = (await gql(app, GET, { id: String(org.id) }, { token: admin })).data!.organization as Org;
    expect(after).toEqual(before);
  });

  it('a database failure after some rows were written undoes them all', async () => {
    // A rule only the database knows, met after the text defaults and domains of the save are written.
    await app.sql(`ALTER TABLE provider_colors ADD CONSTRAINT test_no_black CHECK (color <> '#000000')`);
    try {
      const before = { defaults: await count('text_defaults'), domains: await count('custom_domains') };
      const res = await gql(
        app,
        UPDATE,
        {
          id: String(org.id),
          a: {
            textDefaults: [{ field: 'rolled', value: 'back' }],
            customDomains: [{ domain: 'rolled.example.org' }],
            providerColors: [{ provider: 'Telucom', color: '#000000' }],
          },
        },
        { token: admin },
      );
      expect(res.data?.updateOrganization ?? null).toBeNull();
      expect({ defaults: await count('text_defaults'), domains: await count('custom_domains') }).toEqual(before);
    } finally {
      await app.sql('ALTER TABLE provider_colors DROP CONSTRAINT test_no_black');
    }
  });
});

describe('rules and their messages', () => {
  it('organization name, domain and time zone are required', async () => {
    const r = await update({ name: ' ', domain: '', timeZone: '' });
    expect(errorMap(r.errors)).toEqual({
      name: [messages.required('Name')],
      domain: [messages.required('Domain')],
      timeZone: [messages.required('Time zone')],
    });
  });

  it('a text default needs its key and value, and a key is used once', async () => {
    const r = await update({
      textDefaults: [
        { field: 'only key', value: '' },
        { field: '', value: 'only value' },
      ],
    });
    // New rows missing a required field are dropped, as an empty row is; the form says so before sending.
    expect(r.errors).toEqual([]);
    const dup = await update({
      textDefaults: [
        { field: 'same', value: 'one' },
        { field: 'same', value: 'two' },
      ],
    });
    expect(errorMap(dup.errors)).toEqual({ 'textDefaults.1.field': ['Key has already been taken'] });
    await mustUpdate({ textDefaults: [{ field: 'stored-key', value: 'one' }] });
    const again = await update({ textDefaults: [{ field: 'stored-key', value: 'two' }] });
    expect(errorMap(again.errors)).toEqual({ 'textDefaults.0.field': ['Key has already been taken'] });
  });

  it('custom domains are host names', async () => {
    for (const bad of [
      'http://a.example.org',
      'a.example.org/x',
      'a.example.org:8080',
      'localhost',
      `${'a'.repeat(64)}.org`,
      '-a.example.org',
    ]) {
      const r = await update({ customDomains: [{ domain: bad }] });
      expect(errorMap(r.errors), bad).toEqual({ 'customDomains.0.domain': [messages.invalidHostName] });
    }
    const ok = await update({ customDomains: [{ domain: `${'a'.repeat(63)}.example.org` }] });
    expect(ok.errors).toEqual([]);
  });

  it("another organization's domain is refused, whatever its case", async () => {
    const mine = await update({ customDomains: [{ domain: 'shared.example.org' }] });
    expect(mine.errors).toEqual([]);
    const theirs = await update({ customDomains: [{ domain: 'Shared.Example.org' }] }, otherAdmin, other.id);
    expect(errorMap(theirs.errors)).toEqual({ 'customDomains.0.domain': [organizationMessages.domainElsewhere] });
    expect(await count('custom_domains', other.id)).toBe(0);
  });

  it('a provider colour needs its provider and colour, one per provider', async () => {
    const r = await update({
      providerColors: [
        { provider: 'Bandwidth', color: '#123456' },
        { provider: 'Bandwidth', color: '#654321' },
      ],
    });
    expect(errorMap(r.errors)).toEqual({ 'providerColors.1.provider': ['Provider has already been taken'] });
  });

  it('prices: a row without a value is removed, all-empty rows ignored, a start date required', async () => {
    const missing = await update({
      prices: [{ price: '0.035', campaignType: 'Registered', messagingServiceType: 'SMS', isSent: true }],
    });
    expect(errorMap(missing.errors)).toEqual({ 'prices.0.startAt': [messages.required('Start date')] });
    const saved = await mustUpdate({
      prices: [
        {
          price: '0.035',
          campaignType: 'Registered',
          messagingServiceType: 'SMS',
          isSent: true,
          startAt: '2026-01-01',
        },
        { price: '', campaignType: null, messagingServiceType: null, startAt: '' },
      ],
    });
    expect(saved.prices.map((p) => [p.price, p.messagingServiceType])).toEqual([['0.0350', 'SMS']]);
    const tooLarge = await update({
      prices: [{ price: '123456789', campaignType: 'Registered', messagingServiceType: 'MMS', startAt: '2026-02-01' }],
    });
    expect(errorMap(tooLarge.errors)).toEqual({ 'prices.0.price': [priceMessages.invalidPrice] });
    const removed = await mustUpdate({ prices: [{ id: saved.prices[0].id, price: '', startAt: '2026-01-01' }] });
    expect(removed.prices).toEqual([]);
  });
});

describe('provider configurations', () => {
  it('keeps values write-only and sealed at rest, with the keys of its provider', async () => {
    const created = await mustUpdate({
      providerConfigurations: [
        {
          name: 'Main Twilio',
          provider: 'Twilio',
          isActive: true,
          values: [
            { envKey: 'TWILIO_ACCOUNT_SID', envValue: 'AC-secret-sid' },
            { envKey: 'TWILIO_AUTH_TOKEN', envValue: 'tok-very-secret' },
          ],
        },
      ],
    });
    const config = created.providerConfigurations[0];
    expect(config.values).toEqual([
      { envKey: 'TWILIO_ACCOUNT_SID', isSet: true },
      { envKey: 'TWILIO_AUTH_TOKEN', isSet: true },
    ]);
    const { rows } = await app.sql(
      'SELECT env_key, env_value FROM provider_configuration_values WHERE organization_id = $1 ORDER BY id',
      [org.id],
    );
    expect(JSON.stringify(rows)).not.toContain('tok-very-secret');
    expect(app.platform.secrets.open(rows[1].env_value, 'TWILIO_AUTH_TOKEN')).toBe('tok-very-secret');

    // The key alone keeps the stored value; clear removes it; a key of another provider is refused.
    const kept = await mustUpdate({
      providerConfigurations: [
        {
          id: config.id,
          name: 'Main Twilio',
          provider: 'Twilio',
          values: [{ envKey: 'TWILIO_ACCOUNT_SID' }, { envKey: 'TWILIO_AUTH_TOKEN', clear: true }],
        },
      ],
    });
    expect(kept.providerConfigurations[0].values).toEqual([
      { envKey: 'TWILIO_ACCOUNT_SID', isSet: true },
      { envKey: 'TWILIO_AUTH_TOKEN', isSet: false },
    ]);
    const foreign = await update({
      providerConfigurations: [
        { id: config.id, name: 'x', provider: 'Twilio', values: [{ envKey: 'TELUCOM_API_KEY', envValue: 'v' }] },
      ],
    });
    expect(errorMap(foreign.errors)).toEqual({
      'providerConfigurations.0.values': [messages.notAProviderKey('TELUCOM_API_KEY', 'Twilio')],
    });
    const unnamed = await update({ providerConfigurations: [{ name: '', provider: null }] });
    expect(errorMap(unnamed.errors)).toEqual({
      'providerConfigurations.0.name': [messages.required('Name')],
      'providerConfigurations.0.provider': [messages.required('Provider')],
    });
  });

  it('a start-up after a key rotation reseals them', async () => {
    const rotated = createSecretsCipher(Buffer.alloc(32, 7));
    // A ring whose current key is new and which still opens what the app's key sealed: a rotation.
    const current = app.platform.secrets;
    const { rows } = await app.sql(
      'SELECT env_key, env_value FROM provider_configuration_values WHERE organization_id = $1 AND env_value IS NOT NULL',
      [org.id],
    );
    const plain = rows.map((r) => current.open(r.env_value, r.env_key));
    const ring = {
      ...rotated,
      open: (s: string, n: string) => (rotated.isCurrent(s) ? rotated.open(s, n) : current.open(s, n)),
    };
    expect((await resealConfigurationValues(app.platform.database, ring)).changed).toBe(rows.length);
    const after = await app.sql(
      'SELECT env_key, env_value FROM provider_configuration_values WHERE organization_id = $1 AND env_value IS NOT NULL',
      [org.id],
    );
    expect(after.rows.map((r) => rotated.open(r.env_value, r.env_key))).toEqual(plain);
  });
});

describe('who may change it', () => {
  it('only an organization admin: others are refused and told so, and nothing changes', async () => {
    const before = await count('text_defaults');
    for (const role of ['Manager', 'Client', 'TeamLead', 'Texter', 'Agency'] as const) {
      const token = await org.tokenFor(role);
      const res = await gql(
        app,
        UPDATE,
        { id: String(org.id), a: { textDefaults: [{ field: role, value: 'x' }] } },
        { token },
      );
      const refused = res.data?.updateOrganization?.errors ?? res.errors;
      expect(JSON.stringify(refused), role).toMatch(
        new RegExp(`${organizationMessages.onlyAdmins}|${messages.notAuthorized}`),
      );
    }
    expect(await count('text_defaults')).toBe(before);
  });

  it('the API tells the UI who may edit', async () => {
    const asAdmin = (await gql(app, GET, { id: String(org.id) }, { token: admin })).data!.organization as Org;
    expect(asAdmin.can.update).toBe(true);
    const manager = await org.tokenFor('Manager');
    const asManager = (await gql(app, GET, { id: String(org.id) }, { token: manager })).data!.organization as Org;
    expect(asManager.can.update).toBe(false);
  });

  it('a platform admin may, as any member', async () => {
    const root = await platformAdminToken(app, org);
    const r = await update({ textDefaults: [{ field: 'from-root', value: 'ok' }] }, root);
    expect(r.errors).toEqual([]);
  });
});

describe('tenancy', () => {
  it("another organization's admin cannot read or change this organization's settings through the API", async () => {
    const res = await gql(app, GET, { id: String(org.id) }, { token: otherAdmin });
    expect(res.data?.organization).toBeNull();
    const before = await count('text_defaults');
    const r = await update({ textDefaults: [{ field: 'intruder', value: 'x' }] }, otherAdmin, org.id);
    expect(r.organization).toBeNull();
    expect(await count('text_defaults')).toBe(before);
    // Naming this organization's row ids from its own organization touches nothing here.
    const mine = (await gql(app, GET, { id: String(org.id) }, { token: admin })).data!.organization as Org;
    const id = mine.textDefaults[0].id;
    const cross = await update({ textDefaults: [{ id, _destroy: true }] }, otherAdmin, other.id);
    expect(cross.errors).toEqual([]);
    const still = await app.sql('SELECT count(*)::int AS n FROM text_defaults WHERE id = $1', [id]);
    expect(still.rows[0].n).toBe(1);
    // The settings of the other organization's own `currentOrganization` never include this one's.
    const current = await gql(
      app,
      `{ currentOrganization { textDefaults { field } customDomains { domain } } }`,
      {},
      { token: otherAdmin },
    );
    expect(JSON.stringify(current.data)).not.toContain('signature');
  });

  it('the app role in the other organization sees none of its rows in raw SQL', async () => {
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      await client.query(`SELECT set_config('app.organization_ids', $1, true)`, [String(other.id)]);
      for (const table of [
        'text_defaults',
        'custom_domains',
        'provider_colors',
        'provider_configurations',
        'provider_configuration_values',
        'prices',
      ]) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table} WHERE organization_id = $1`, [
          org.id,
        ]);
        expect(rows[0].n, table).toBe(0);
        const upd = await client.query(`UPDATE ${table} SET updated_at = now() WHERE organization_id = $1`, [org.id]);
        expect(upd.rowCount, table).toBe(0);
      }
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await count('text_defaults')).toBeGreaterThan(0);
    expect(await count('provider_configurations')).toBeGreaterThan(0);
  });
});

describe('the TextDefaults list', () => {
  it('adds a text default, refuses its key twice, and shows it on the organization', async () => {
    const CREATE = `mutation($a: TextDefaultAttributes!) { createTextDefault(attributes: $a) {
      textDefault { id field value } errors { field messages } message } }`;
    const first = await gql(app, CREATE, { a: { field: 'listed', value: 'one' } }, { token: admin });
    expect(first.data?.createTextDefault.message).toBe('The Text default has been created successfully');
    const again = await gql(app, CREATE, { a: { field: 'listed', value: 'two' } }, { token: admin });
    expect(errorMap(again.data?.createTextDefault.errors)).toEqual({ field: ['Key has already been taken'] });
    const missing = await gql(app, CREATE, { a: { field: '', value: '' } }, { token: admin });
    expect(errorMap(missing.data?.createTextDefault.errors)).toEqual({
      field: [messages.required('Key')],
      value: [messages.required('Value')],
    });
    const shown = (await gql(app, GET, { id: String(org.id) }, { token: admin })).data!.organization as Org;
    expect(shown.textDefaults.some((t) => t.field === 'listed' && t.value === 'one')).toBe(true);
  });
});
