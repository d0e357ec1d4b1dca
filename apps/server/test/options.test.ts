import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization } from './factories';

const OPTIONS = 'query($t:String!){ options(optionType:$t){ optionType name label groupId } }';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  const org = await buildOrganization(app, 'Options');
  token = await org.tokenFor('Texter');
});

describe('options', () => {
  it('ClientStatus: the statuses with their labels, in order', async () => {
    const res = await gql(app, OPTIONS, { t: 'ClientStatus' }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data?.options).toEqual([
      { optionType: 'ClientStatus', name: 'Active', label: 'Active', groupId: null },
      { optionType: 'ClientStatus', name: 'Inactive', label: 'Inactive', groupId: null },
      { optionType: 'ClientStatus', name: 'Prospect', label: 'Prospect', groupId: null },
    ]);
  });

  it('ProjectStatus labels follow the spec display (Draft, Loading, Unloading) and split other values into words', async () => {
    const res = await gql(app, OPTIONS, { t: 'ProjectStatus' }, { token });
    const byName = Object.fromEntries(res.data?.options.map((o: { name: string; label: string }) => [o.name, o.label]));
    expect([byName.Setup, byName.Submitted, byName.Assigned]).toEqual(['Draft', 'Draft', 'Draft']);
    expect([byName.AwaitingLoad, byName.Loading, byName.LoadingWork]).toEqual(['Loading', 'Loading', 'Loading']);
    expect([byName.AwaitingUnload, byName.Unloading]).toEqual(['Unloading', 'Unloading']);
    expect(byName.ErrorLoadingWork).toBe('Error Loading Work');
    expect(Object.keys(byName)).toHaveLength(20);
  });

  it('ProviderEnvKey: the settings keys grouped by provider', async () => {
    const res = await gql(app, OPTIONS, { t: 'ProviderEnvKey' }, { token });
    const groups: Record<string, string[]> = {};
    for (const o of res.data?.options as { name: string; groupId: string; optionType: string }[]) {
      expect(o.optionType).toBe('ProviderEnvKey');
      (groups[o.groupId] ??= []).push(o.name);
    }
    expect(Object.keys(groups)).toEqual(
      expect.arrayContaining(['Bandwidth', 'Copaco', 'Decantr', 'RedCloud', 'Simulator', 'Telucom', 'Twilio']),
    );
    expect(groups.Decantr).toEqual(expect.arrayContaining(['DECANTR_CLIENT_ID', 'DECANTR_TOKEN', 'HTTP_SEND_URL']));
    expect(groups.Telucom).toEqual(
      expect.arrayContaining(['TELUCOM_API_KEY', 'TELUCOM_CUSTOMER_ID', 'HTTP_BODY_TEMPLATE']),
    );
    expect(groups.Copaco).toEqual(['SMPP_URL', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD', 'SMPP_SYSTEM_TYPE']);
    expect(groups.Twilio).toContain('TWILIO_AUTH_TOKEN');
    expect(groups.Bandwidth).toHaveLength(8);
    // A provider's own keys carry its name; the HTTP and SMPP adapters' keys are shared by the providers they serve.
    for (const [provider, keys] of Object.entries(groups))
      for (const k of keys) expect(k).toMatch(new RegExp(`^(${provider.toUpperCase()}|HTTP|SMPP)_`));
  });

  it('every documented option type answers', async () => {
    for (const t of [
      'Carrier',
      'ClientStatus',
      'PhoneStatus',
      'PhoneType',
      'ProjectOptOutLanguage',
      'ProjectStatus',
      'TextMimeType',
      'ProjectTexterStatus',
      'ProviderEnvKey',
      'TeamStatus',
      'TextStatus',
    ]) {
      const res = await gql(app, OPTIONS, { t }, { token });
      expect(res.errors, t).toBeUndefined();
      expect(res.data?.options.length, t).toBeGreaterThan(0);
    }
  });

  it('an unknown option type errors', async () => {
    const res = await gql(app, OPTIONS, { t: 'Flavour' }, { token });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({
      message: 'Unknown option type: Flavour',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('needs a signed-in user', async () => {
    const res = await gql(app, OPTIONS, { t: 'ClientStatus' });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('geography', () => {
  it('states has 51 entries (the 50 states and DC)', async () => {
    const res = await gql(app, '{ states { name abbreviation } }', {}, { token });
    const states = res.data?.states as { name: string; abbreviation: string }[];
    expect(states).toHaveLength(51);
    expect(new Set(states.map((s) => s.abbreviation)).size).toBe(51);
    expect(states).toContainEqual({ name: 'New York', abbreviation: 'NY' });
    expect(states.map((s) => s.abbreviation)).toContain('DC');
    for (const s of states) expect(s.abbreviation).toMatch(/^[A-Z]{2}$/);
  });

  it('timeZones lists the US zones', async () => {
    const res = await gql(app, '{ timeZones { name label } }', {}, { token });
    expect(res.data?.timeZones.map((z: { name: string }) => z.name)).toContain('America/New_York');
  });

  it('areaCodes returns at most 500, whatever limit is asked', async () => {
    const all = await gql(app, '{ areaCodes(limit: 5000) { code name } }', {}, { token });
    const codes = all.data?.areaCodes as { code: string; name: string }[];
    expect(codes.length).toBeGreaterThan(250);
    expect(codes.length).toBeLessThanOrEqual(500);
    for (const c of codes) expect(c.code).toMatch(/^[2-9]\d{2}$/);
    const byDefault = await gql(app, '{ areaCodes { code } }', {}, { token });
    expect(byDefault.data?.areaCodes.length).toBeLessThanOrEqual(500);
    const five = await gql(app, '{ areaCodes(limit: 5) { code } }', {}, { token });
    expect(five.data?.areaCodes).toHaveLength(5);
  });

  it("areaCodes search '212' finds New York's code; a prefix narrows; brackets are stripped", async () => {
    const res = await gql(app, '{ areaCodes(search: "212") { code name } }', {}, { token });
    expect(res.data?.areaCodes).toEqual([{ code: '212', name: '(212)' }]);
    const prefix = await gql(app, '{ areaCodes(search: "(21") { code } }', {}, { token });
    const codes = prefix.data?.areaCodes.map((c: { code: string }) => c.code);
    expect(codes).toContain('212');
    expect(codes).toContain('213');
    for (const c of codes) expect(c.startsWith('21')).toBe(true);
    const none = await gql(app, '{ areaCodes(search: "111") { code } }', {}, { token });
    expect(none.data?.areaCodes).toEqual([]);
  });
});
