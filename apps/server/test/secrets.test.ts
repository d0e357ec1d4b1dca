import { beforeAll, describe, expect, it } from 'vitest';
import { createSecretsCipher, parseSecretsKey } from '../src/platform/secrets/cipher';
import { loadSecretsCipher } from '../src/platform/secrets/load-key';
import { resealProviderSettings } from '../src/platform/secrets/reseal';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, type BuiltOrganization } from './factories';

const FIELDS = 'id provider providerConfigurationValues { envKey isSet }';
const CREATE = `mutation($a:BrandAttributes!){ createBrand(attributes:$a){ brand{ ${FIELDS} } errors{ field messages } } }`;
const UPDATE = `mutation($id:ID!,$a:BrandAttributes!){ updateBrand(id:$id, attributes:$a){ brand{ ${FIELDS} } errors{ field messages } } }`;
const TOKEN = 'tok-3f9a-very-secret';
const CUSTOMER = 'customer-8812';

let app: TestApp;
let org: BuiltOrganization;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Secrets');
  token = await org.tokenFor('Admin');
});

async function createTelucom(name: string) {
  const res = await gql(
    app,
    CREATE,
    {
      a: {
        name,
        provider: 'Telucom',
        throughput: 5,
        providerConfigurationType: 'Custom',
        providerConfigurationValues: [
          { envKey: 'TELUCOM_API_KEY', envValue: TOKEN },
          { envKey: 'TELUCOM_CUSTOMER_ID', envValue: CUSTOMER },
        ],
      },
    },
    { token },
  );
  expect(res.data?.createBrand.errors).toEqual([]);
  return res.data!.createBrand.brand as { id: string; providerConfigurationValues: unknown[] };
}

const stored = async (id: string) =>
  (await app.sql('SELECT provider_configuration_values AS v FROM brands WHERE id = $1', [id])).rows[0].v as {
    envKey: string;
    ciphertext?: string;
    envValue?: string;
  }[];
const update = (id: string, a: Record<string, unknown>) => gql(app, UPDATE, { id, a }, { token });
const opened = async (id: string) =>
  Object.fromEntries(
    (await stored(id)).map((r) => [r.envKey, r.ciphertext ? app.platform.secrets.open(r.ciphertext, r.envKey) : null]),
  );

describe('provider settings are write-only', () => {
  it('the API says which keys are set and returns no value, to any role', async () => {
    const brand = await createTelucom('Write Only');
    expect(brand.providerConfigurationValues).toEqual([
      { envKey: 'TELUCOM_API_KEY', isSet: true },
      { envKey: 'TELUCOM_CUSTOMER_ID', isSet: true },
    ]);
    for (const role of ['Admin', 'Manager', 'Client'] as const) {
      const res = await gql(
        app,
        `{ brand(id: "${brand.id}") { providerConfigurationValues { envKey envValue } } }`,
        {},
        { token: await org.tokenFor(role) },
      );
      expect(res.data).toBeUndefined();
      expect(JSON.stringify(res)).not.toContain(TOKEN);
      expect(res.errors?.[0].message).toMatch(/Cannot query field "envValue"/);
    }
  });

  it('the stored jsonb holds ciphertext, never the plain text', async () => {
    const brand = await createTelucom('At Rest');
    const raw = await stored(brand.id);
    expect(JSON.stringify(raw)).not.toContain(TOKEN);
    expect(JSON.stringify(raw)).not.toContain(CUSTOMER);
    expect(raw.every((r) => typeof r.ciphertext === 'string' && r.envValue === undefined)).toBe(true);
    expect(await opened(brand.id)).toEqual({ TELUCOM_API_KEY: TOKEN, TELUCOM_CUSTOMER_ID: CUSTOMER });
  });

  it('a key sent alone keeps its value, a new value replaces it, clear unsets it, a left-out key goes', async () => {
    const brand = await createTelucom('Replace Keep Clear');
    const before = await stored(brand.id);
    const kept = await update(brand.id, {
      providerConfigurationValues: [{ envKey: 'TELUCOM_API_KEY' }, { envKey: 'TELUCOM_CUSTOMER_ID', envValue: 'c-2' }],
    });
    expect(kept.data?.updateBrand.errors).toEqual([]);
    expect(await opened(brand.id)).toEqual({ TELUCOM_API_KEY: TOKEN, TELUCOM_CUSTOMER_ID: 'c-2' });
    expect((await stored(brand.id))[0].ciphertext).toBe(before[0].ciphertext);

    // Custom needs every key set: clearing one is refused and changes nothing.
    const refused = await update(brand.id, {
      providerConfigurationValues: [{ envKey: 'TELUCOM_API_KEY', clear: true }],
    });
    expect(refused.data?.updateBrand.errors).toEqual([
      { field: 'providerConfigurationValues', messages: ['Every key needs a value'] },
    ]);
    expect(await opened(brand.id)).toEqual({ TELUCOM_API_KEY: TOKEN, TELUCOM_CUSTOMER_ID: 'c-2' });

    const cleared = await update(brand.id, {
      providerConfigurationType: 'Organization',
      providerConfigurationValues: [{ envKey: 'TELUCOM_API_KEY', clear: true }],
    });
    expect(cleared.data?.updateBrand.errors).toEqual([]);
    expect(cleared.data?.updateBrand.brand.providerConfigurationValues).toEqual([
      { envKey: 'TELUCOM_API_KEY', isSet: false },
    ]);
    expect(await opened(brand.id)).toEqual({ TELUCOM_API_KEY: null });
  });

  it('a key sent alone that has no stored value is not set', async () => {
    const brand = await createTelucom('Keep Nothing');
    const res = await update(brand.id, {
      providerConfigurationValues: [{ envKey: 'TELUCOM_API_KEY' }, { envKey: 'TELUCOM_CUSTOMER_ID' }],
    });
    expect(res.data?.updateBrand.errors).toEqual([]);
    const other = await update(brand.id, {
      providerConfigurationValues: [{ envKey: 'TELUCOM_API_KEY' }, { envKey: 'TELUCOM_CUSTOMER_ID', clear: true }],
    });
    expect(other.data?.updateBrand.errors).toEqual([
      { field: 'providerConfigurationValues', messages: ['Every key needs a value'] },
    ]);
  });
});

describe("a brand's settings are its provider's", () => {
  it("refuses another provider's key (BANDWIDTH_ACCOUNT_ID on a Telucom brand)", async () => {
    const brand = await createTelucom('Foreign Key');
    const res = await update(brand.id, {
      providerConfigurationValues: [
        { envKey: 'TELUCOM_API_KEY' },
        { envKey: 'TELUCOM_CUSTOMER_ID' },
        { envKey: 'BANDWIDTH_ACCOUNT_ID', envValue: 'acct' },
      ],
    });
    expect(res.data?.updateBrand.errors).toEqual([
      { field: 'providerConfigurationValues', messages: ['BANDWIDTH_ACCOUNT_ID is not a setting of Telucom'] },
    ]);
    expect((await stored(brand.id)).map((r) => r.envKey)).toEqual(['TELUCOM_API_KEY', 'TELUCOM_CUSTOMER_ID']);
  });

  it("removes a stored key of another provider (left by a provider change) on the brand's next save", async () => {
    const brand = await createTelucom('Stale Key');
    const foreign = app.platform.secrets.seal('acct', 'BANDWIDTH_ACCOUNT_ID');
    await app.sql(
      `UPDATE brands SET provider_configuration_values = provider_configuration_values || $2::jsonb WHERE id = $1`,
      [brand.id, JSON.stringify([{ envKey: 'BANDWIDTH_ACCOUNT_ID', isSet: true, ciphertext: foreign }])],
    );
    const res = await update(brand.id, { name: 'Stale Key Renamed' });
    expect(res.data?.updateBrand.errors).toEqual([]);
    expect(res.data?.updateBrand.brand.providerConfigurationValues.map((r: { envKey: string }) => r.envKey)).toEqual([
      'TELUCOM_API_KEY',
      'TELUCOM_CUSTOMER_ID',
    ]);
    expect(Object.keys(await opened(brand.id))).toEqual(['TELUCOM_API_KEY', 'TELUCOM_CUSTOMER_ID']);
  });
});

describe('the secrets key', () => {
  it('is generated once and kept in the database when SECRETS_KEY is unset', async () => {
    const again = await loadSecretsCipher(app.platform.database);
    const sealed = app.platform.secrets.seal('x', 'K');
    expect(again.open(sealed, 'K')).toBe('x');
    expect((await app.sql(`SELECT count(*)::int AS n FROM system_settings WHERE key = 'secrets_key'`)).rows[0].n).toBe(
      1,
    );
  });

  it('a value does not open under another name, nor under an unknown key', () => {
    const sealed = app.platform.secrets.seal('x', 'TELUCOM_API_KEY');
    expect(() => app.platform.secrets.open(sealed, 'TELUCOM_CUSTOMER_ID')).toThrow();
    const stranger = createSecretsCipher(parseSecretsKey(Buffer.alloc(32, 7).toString('base64'))!);
    expect(() => stranger.open(sealed, 'TELUCOM_API_KEY')).toThrow();
  });

  it('rotation: the previous key opens old values and start-up reseals them (plain-text rows of old versions too)', async () => {
    const brand = await createTelucom('Rotated');
    const legacy = await createTelucom('Legacy Plain');
    await app.sql(`UPDATE brands SET provider_configuration_values = $2::jsonb WHERE id = $1`, [
      legacy.id,
      JSON.stringify([{ envKey: 'TELUCOM_API_KEY', envValue: 'plain-old' }]),
    ]);
    const generated = (await app.sql(`SELECT value FROM system_settings WHERE key = 'secrets_key'`)).rows[0].value;
    const next = Buffer.alloc(32, 9).toString('base64');
    const rotated = await loadSecretsCipher(app.platform.database, next, generated);
    expect((await resealProviderSettings(app.platform.database, rotated)).changed).toBeGreaterThanOrEqual(2);

    const nextOnly = createSecretsCipher(parseSecretsKey(next)!);
    const rows = await stored(brand.id);
    expect(rows.every((r) => nextOnly.isCurrent(r.ciphertext!))).toBe(true);
    expect(nextOnly.open(rows[0].ciphertext!, 'TELUCOM_API_KEY')).toBe(TOKEN);
    const [plain] = await stored(legacy.id);
    expect(plain.envValue).toBeUndefined();
    expect(nextOnly.open(plain.ciphertext!, 'TELUCOM_API_KEY')).toBe('plain-old');
    expect(await resealProviderSettings(app.platform.database, rotated)).toEqual({ changed: 0, unreadable: [] });
    // Without the old key a start cannot open them: it reports the brands and goes on.
    const stranger = createSecretsCipher(Buffer.alloc(32, 5));
    const report = await resealProviderSettings(app.platform.database, stranger);
    expect(report.changed).toBe(0);
    expect(report.unreadable).toContain(Number(brand.id));
  });
});
