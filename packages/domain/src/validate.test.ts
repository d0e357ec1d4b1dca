import { describe, expect, it } from 'vitest';
import { brand, campaign, client } from './resources/index';
import { normalizeAttributes, validateAttributes } from './validate';

const create = { isCreate: true, isAdmin: false };
const update = { isCreate: false, isAdmin: false };
const admin = { isCreate: true, isAdmin: true };

describe('validateAttributes: field rules', () => {
  it('on create every required field must be there', () => {
    expect(validateAttributes(client, {}, create)).toEqual({
      name: ['Name is required'],
      clientType: ['Type is required'],
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
