import { describe, expect, it } from 'vitest';
import { brand, campaign, client, phone, project } from './resources/index';
import { isFieldDisabled, normalizeAttributes, validateAttributes } from './validate';

const create = { isCreate: true, isAdmin: false };
const update = { isCreate: false, isAdmin: false };
const admin = { isCreate: true, isAdmin: true };

describe('validateAttributes: field rules', () => {
  it('on create every required field must be there', () => {
    // The status left out takes its default (Active), as the server fills it; sent blank, it is missing.
    expect(validateAttributes(client, {}, create)).toEqual({
      name: ['Name is required'],
      clientType: ['Type is required'],
    });
    expect(validateAttributes(client, { clientStatus: null }, create)).toMatchObject({
      clientStatus: ['Status is required'],
    });
    expect(validateAttributes(client, { name: 'A', clientType: 'Campaign', clientStatus: 'Active' }, create)).toEqual(
      {},
    );
  });

  it('blank strings count as missing', () => {
    expect(validateAttributes(client, { name: '  ', clientType: 'Campaign', clientStatus: 'Active' }, create)).toEqual({
      name: ['Name is required'],
    });
  });

  it('on update only the attributes sent are checked', () => {
    expect(validateAttributes(client, { slogan: 'Vote!' }, update)).toEqual({});
    expect(validateAttributes(client, { name: '' }, update)).toEqual({ name: ['Name is required'] });
  });

  it('enum values must be one of the enumeration', () => {
    expect(validateAttributes(client, { clientType: 'Bogus' }, update)).toEqual({
      clientType: ['Type is not a valid option'],
    });
  });

  it('excluded enum values are refused: a brand provider cannot be Copaco', () => {
    expect(validateAttributes(brand, { provider: 'Copaco' }, create).provider).toEqual([
      'This provider cannot be chosen',
    ]);
    expect(validateAttributes(brand, { provider: 'Twilio' }, create).provider).toBeUndefined();
  });

  it('create-only fields are ignored on update (a brand provider is locked)', () => {
    expect(validateAttributes(brand, { provider: 'Copaco' }, update)).toEqual({});
  });

  it('numbers must be numeric and respect their length', () => {
    expect(validateAttributes(brand, { throughput: 'fast' }, update)).toEqual({
      throughput: ['Throughput must be a whole number'],
    });
    expect(validateAttributes(brand, { throughput: 1234567 }, update)).toEqual({
      throughput: ['Throughput must be at most 6 characters'],
    });
    expect(validateAttributes(brand, { throughput: 25 }, update)).toEqual({});
  });

  it("phones: 'Number should be 10 digits'", () => {
    expect(validateAttributes(client, { phone: '212-555' }, update)).toEqual({ phone: ['Number should be 10 digits'] });
    expect(validateAttributes(client, { phone: '(212) 555-0100' }, update)).toEqual({});
  });

  it('emails and maximum lengths', () => {
    expect(validateAttributes(client, { email: 'nope' }, update)).toEqual({ email: ['Email is invalid'] });
    expect(validateAttributes(client, { state: 'NYC' }, update)).toEqual({
      state: ['State must be at most 2 characters'],
    });
  });
});

describe('validateAttributes: the shapes of spec §5', () => {
  it('a slug is URL-safe', () => {
    const message = 'Slug may contain only letters, digits and single dashes (my-campaign)';
    for (const bad of ['Bad Slug!!', 'a/b', '-lead', 'double--dash', 'ünï'])
      expect(validateAttributes(client, { slug: bad }, update)).toEqual({ slug: [message] });
    for (const good of ['rivera-2026', 'Rivera', 'a1'])
      expect(validateAttributes(client, { slug: good }, update)).toEqual({});
  });

  it('a website is a web address', () => {
    const message = 'Website must be a web address (https://example.org)';
    for (const bad of ['not a url', 'example', 'ftp://example.org', 'javascript:alert(1)'])
      expect(validateAttributes(client, { website: bad }, update)).toEqual({ website: [message] });
    expect(validateAttributes(client, { website: 'https://rivera.example.org/about' }, update)).toEqual({});
  });

  it('a state is one the states query serves', () => {
    expect(validateAttributes(client, { state: 'zz' }, update)).toEqual({
      state: ['State must be a US state abbreviation (NY)'],
    });
    expect(validateAttributes(phone, { state: 'ZZ' }, update)).toEqual({
      state: ['State must be a US state abbreviation (NY)'],
    });
    expect(validateAttributes(client, { state: 'DC' }, update)).toEqual({});
  });

  it('throughput is at least 1', () => {
    expect(validateAttributes(brand, { throughput: 0 }, update)).toEqual({
      throughput: ['Throughput must be at least 1'],
    });
    expect(validateAttributes(brand, { throughput: 1 }, update)).toEqual({});
  });

  it('a reference is a record id', () => {
    expect(validateAttributes(brand, { clientId: '1.5' }, update)).toEqual({ clientId: ['Invalid id: "1.5"'] });
    expect(validateAttributes(brand, { clientId: '12' }, update)).toEqual({});
  });
});

describe('validateAttributes: cross-field rules', () => {
  const base = { name: 'C', code: 'C', brandId: 1 };

  it("a Registered campaign needs a client: 'Client is required'", () => {
    expect(validateAttributes(campaign, { ...base, campaignType: 'Registered' }, admin)).toEqual({
      clientId: ['Client is required'],
    });
    expect(validateAttributes(campaign, { ...base, campaignType: 'Registered', clientId: 4 }, admin)).toEqual({});
    expect(validateAttributes(campaign, { ...base, campaignType: 'Unregistered' }, admin)).toEqual({});
  });

  it('the rule sees the saved record merged with the change', () => {
    const saved = { campaignType: 'Registered', clientId: 4 };
    expect(validateAttributes(campaign, { name: 'Renamed' }, update, saved)).toEqual({});
    expect(validateAttributes(campaign, { clientId: null }, update, saved)).toEqual({
      clientId: ['Client is required'],
    });
  });

  it('campaign type is not checked for non-admins (the server decides it)', () => {
    expect(validateAttributes(campaign, { ...base, clientId: 1, campaignType: 'Bogus' }, create)).toEqual({});
    expect(validateAttributes(campaign, { ...base, clientId: 1, campaignType: 'Bogus' }, admin)).toEqual({
      campaignType: ['Campaign type is not a valid option'],
    });
  });

  it('a campaign ends on or after its start', () => {
    const message = ['Start date must not be greater than the end date'];
    const dates = (startDate: string, endDate: string) =>
      validateAttributes(campaign, { ...base, clientId: 1, startDate, endDate }, create);
    expect(dates('2026-05-02', '2026-05-01')).toEqual({ endDate: message });
    expect(dates('2026-05-02', '2026-05-02')).toEqual({});
    expect(validateAttributes(campaign, { endDate: '2026-01-01' }, update, { startDate: '2026-02-01' })).toEqual({
      endDate: message,
    });
  });

  it("a Client-type phone needs a client (spec §5: 'client when type is Client')", () => {
    const attrs = { number: '2125550100', phoneType: 'ClientPhone', phoneStatus: 'Active' };
    expect(validateAttributes(phone, attrs, create)).toEqual({ clientId: ['Client is required'] });
    expect(validateAttributes(phone, { ...attrs, clientId: 3 }, create)).toEqual({});
    expect(validateAttributes(phone, { ...attrs, phoneType: 'FromPhone' }, create)).toEqual({});
  });

  it("Custom configuration: 'Every key needs a value'", () => {
    const attrs = { name: 'B', provider: 'Twilio', throughput: 1, providerConfigurationType: 'Custom' };
    expect(
      validateAttributes(
        brand,
        { ...attrs, providerConfigurationValues: [{ envKey: 'TWILIO_AUTH_TOKEN', envValue: ' ' }] },
        create,
      ),
    ).toEqual({ providerConfigurationValues: ['Every key needs a value'] });
    expect(
      validateAttributes(
        brand,
        { ...attrs, providerConfigurationValues: [{ envKey: 'TWILIO_AUTH_TOKEN', envValue: 'x' }] },
        create,
      ),
    ).toEqual({});
    // Other sources ignore the values.
    expect(
      validateAttributes(
        brand,
        {
          ...attrs,
          providerConfigurationType: 'Organization',
          providerConfigurationValues: [{ envKey: 'TWILIO_AUTH_TOKEN', envValue: '' }],
        },
        create,
      ),
    ).toEqual({});
  });
});

describe('brand configuration keys (write-only values)', () => {
  const attrs = { name: 'B', provider: 'Telucom', throughput: 1, providerConfigurationType: 'Custom' };
  const check = (rows: Record<string, unknown>[]) =>
    validateAttributes(brand, { ...attrs, providerConfigurationValues: rows }, create);

  it("refuses another provider's key", () => {
    expect(check([{ envKey: 'BANDWIDTH_ACCOUNT_ID', envValue: 'x' }])).toEqual({
      providerConfigurationValues: ['BANDWIDTH_ACCOUNT_ID is not a setting of Telucom'],
    });
  });

  it('counts a stored value, or a key sent alone to keep it, as set; a cleared one as not', () => {
    expect(check([{ envKey: 'TELUCOM_API_KEY', isSet: true }])).toEqual({});
    expect(check([{ envKey: 'TELUCOM_API_KEY' }])).toEqual({});
    expect(check([{ envKey: 'TELUCOM_API_KEY', isSet: false }])).toEqual({
      providerConfigurationValues: ['Every key needs a value'],
    });
    expect(check([{ envKey: 'TELUCOM_API_KEY', clear: true }])).toEqual({
      providerConfigurationValues: ['Every key needs a value'],
    });
  });
});

describe('normalizeAttributes', () => {
  it('a field disabled by another value is off while that value holds', () => {
    expect(isFieldDisabled(campaign.fields.clientId, { campaignType: 'Unregistered' })).toBe(true);
    expect(isFieldDisabled(campaign.fields.clientId, { campaignType: 'Registered' })).toBe(false);
  });

  it('Unregistered clears the client', () => {
    expect(normalizeAttributes(campaign, { campaignType: 'Unregistered', clientId: 5, name: 'x' })).toEqual({
      campaignType: 'Unregistered',
      clientId: null,
      name: 'x',
    });
  });

  it('leaves everything else alone', () => {
    const attrs = { campaignType: 'Registered', clientId: 5 };
    expect(normalizeAttributes(campaign, attrs)).toBe(attrs);
    expect(normalizeAttributes(client, { clientId: 5 })).toEqual({ clientId: 5 });
  });
});

describe('validateAttributes: rows written inline in GraphQL', () => {
  // graphql-js builds an inline input object without a prototype; String() of such a row threw a TypeError, so
  // createProject answered INTERNAL_SERVER_ERROR where the same rows sent as variables were checked.
  const inlineRow = (values: Record<string, unknown>) => Object.assign(Object.create(null) as object, values);

  it('checks them as it checks the same rows sent as variables', () => {
    for (const phoneId of ['12', 'abc']) {
      const asVariables = validateAttributes(project, { projectPhones: [{ phoneId }] }, update);
      const asInline = validateAttributes(project, { projectPhones: [inlineRow({ phoneId })] }, update);
      expect(asInline).toEqual(asVariables);
    }
    expect(validateAttributes(project, { projectPhones: [inlineRow({ phoneId: 'abc' })] }, update)).toEqual({
      projectPhones: ['Phone must be a whole number'],
    });
  });
});

describe('validateAttributes: a texter quota', () => {
  it('takes up to ten digits, but no more than the stored integer holds', () => {
    const quota = (q: string) => validateAttributes(project, { projectTexters: [{ userId: '1', quota: q }] }, update);
    expect(quota('2147483647')).toEqual({});
    expect(quota('2147483648')).toEqual({
      projectTexters: [expect.stringContaining('Quota must be at most 2,147,483,647')],
    });
    expect(quota('12345678901')).toEqual({
      projectTexters: [expect.stringContaining('Quota must be at most 10 characters')],
    });
  });
});
