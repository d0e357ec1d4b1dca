import { brand, campaign, client, messages } from '@canvass/domain';
import { describe, expect, it } from 'vitest';
import { editableFields, impliedChanges, toAttributes, toFormValues, type ChildRow } from './form-values';

const create = { isCreate: true, isAdmin: false };
const update = { isCreate: false, isAdmin: false };
const row = (over: Partial<ChildRow>): ChildRow => ({
  id: null,
  number: '',
  description: '',
  _destroy: false,
  ...over,
});

describe('toFormValues', () => {
  it('reads each kind into what its input holds', () => {
    const values = toFormValues(
      brand,
      {
        id: '1',
        name: 'Acme',
        throughput: 12,
        clientId: null,
        providerConfigurationValues: [{ envKey: 'TWILIO_AUTH_TOKEN', isSet: true }],
      },
      ['name', 'throughput', 'clientId', 'color', 'providerConfigurationValues'],
    );
    expect(values).toEqual({
      name: 'Acme',
      throughput: '12',
      clientId: null,
      color: '',
      providerConfigurationValues: [{ envKey: 'TWILIO_AUTH_TOKEN', envValue: '', isSet: true }],
    });
  });
  it('shows phone numbers as (###)-###-####', () => {
    const values = toFormValues(
      client,
      { id: '1', phone: '2122010000', phones: [{ id: '2', number: '2122010001', description: null }] },
      ['phone', 'phones'],
    );
    expect(values.phone).toBe('(212)-201-0000');
    expect(values.phones).toEqual([{ id: '2', number: '(212)-201-0001', description: '', _destroy: false }]);
  });
});

describe('toAttributes', () => {
  it('requires the client form fields of spec §5', () => {
    const { errors } = toAttributes(
      client,
      { name: ' ', clientType: null, clientStatus: 'Active' },
      ['name', 'clientType', 'clientStatus'],
      create,
    );
    expect(errors.name).toEqual([messages.required('Name')]);
    expect(errors.clientType).toEqual([messages.required('Type')]);
  });

  it('sends blanks as null, numbers as numbers and phones as 10 digits', () => {
    const { attributes, errors } = toAttributes(
      client,
      { name: 'Acme', clientType: 'Agency', clientStatus: 'Active', email: '', phone: '(212) 201-0000' },
      ['name', 'clientType', 'clientStatus', 'email', 'phone'],
      create,
    );
    expect(errors).toEqual({});
    expect(attributes).toMatchObject({ name: 'Acme', email: null, phone: '2122010000' });

    const numeric = toAttributes(brand, { throughput: '25' }, ['throughput'], update);
    expect(numeric.attributes.throughput).toBe(25);
    expect(toAttributes(brand, { throughput: 'ten' }, ['throughput'], update).errors.throughput).toEqual([
      'Throughput must be a whole number',
    ]);
  });

  it('leaves out read-only, locked and admin-only fields it may not send', () => {
    expect(editableFields(brand, ['name', 'provider', 'createdAt'], update)).toEqual(['name']);
    expect(editableFields(brand, ['name', 'provider'], create)).toEqual(['name', 'provider']);
    expect(editableFields(campaign, ['campaignType', 'name'], update)).toEqual(['name']);
    expect(editableFields(campaign, ['campaignType', 'name'], { isCreate: false, isAdmin: true })).toEqual([
      'campaignType',
      'name',
    ]);
  });

  it('drops empty new phone rows and destroys removed or emptied saved ones (spec §5)', () => {
    const { attributes, errors } = toAttributes(
      client,
      {
        phones: [
          row({ id: '1', number: '2122010000', description: 'Office' }),
          row({ id: '2', number: '2122010001', _destroy: true }),
          row({ id: '3', number: '' }),
          row({}),
          row({ number: '212-201-0002', description: ' Cell ' }),
        ],
      },
      ['phones'],
      update,
    );
    expect(errors).toEqual({});
    expect(attributes.phones).toEqual([
      { id: '1', number: '2122010000', description: 'Office' },
      { id: '2', _destroy: true },
      { id: '3', _destroy: true },
      { number: '2122010002', description: 'Cell' },
    ]);
  });

  it('puts a bad phone row error on that row', () => {
    const { errors } = toAttributes(
      client,
      { phones: [row({}), row({ number: '555', description: 'x' })] },
      ['phones'],
      update,
    );
    expect(errors).toEqual({ 'phones.1.number': [messages.phoneTenDigits] });
  });

  it('requires a client for a Registered campaign and clears it for an Unregistered one', () => {
    const admin = { isCreate: true, isAdmin: true };
    const base = { name: 'Fall', code: 'F1', brandId: '9' };
    const registered = toAttributes(
      campaign,
      { ...base, campaignType: 'Registered', clientId: null },
      ['name', 'code', 'brandId', 'campaignType', 'clientId'],
      admin,
    );
    expect(registered.errors.clientId).toEqual([messages.clientRequiredWhenRegistered]);
    const unregistered = toAttributes(
      campaign,
      { ...base, campaignType: 'Unregistered', clientId: '4' },
      ['name', 'code', 'brandId', 'campaignType', 'clientId'],
      admin,
    );
    expect(unregistered.errors).toEqual({});
    expect(unregistered.attributes.clientId).toBeNull();
  });

  it('keeps only keyed configuration rows', () => {
    const { attributes } = toAttributes(
      brand,
      {
        providerConfigurationType: 'Custom',
        providerConfigurationValues: [
          { envKey: 'TWILIO_AUTH_TOKEN', envValue: ' secret ', isSet: false },
          { envKey: '', envValue: 'orphan', isSet: false },
        ],
      },
      ['providerConfigurationType', 'providerConfigurationValues'],
      update,
      { provider: 'Twilio' },
    );
    expect(attributes.providerConfigurationValues).toEqual([{ envKey: 'TWILIO_AUTH_TOKEN', envValue: 'secret' }]);
  });

  it('sends a stored setting left blank as its key alone, which keeps it, and needs a value for a new one', () => {
    const { attributes, errors } = toAttributes(
      brand,
      {
        providerConfigurationType: 'Custom',
        providerConfigurationValues: [
          { envKey: 'TWILIO_AUTH_TOKEN', envValue: '', isSet: true },
          { envKey: 'TWILIO_ACCOUNT_SID', envValue: '', isSet: false },
        ],
      },
      ['providerConfigurationType', 'providerConfigurationValues'],
      update,
      { provider: 'Twilio' },
    );
    expect(attributes.providerConfigurationValues).toEqual([
      { envKey: 'TWILIO_AUTH_TOKEN' },
      { envKey: 'TWILIO_ACCOUNT_SID', envValue: '' },
    ]);
    expect(errors).toEqual({ providerConfigurationValues: ['Every key needs a value'] });
  });
});

describe('impliedChanges', () => {
  it('clears the client when a campaign becomes Unregistered', () => {
    expect(impliedChanges(campaign, { campaignType: 'Unregistered', clientId: '4' })).toEqual({ clientId: null });
    expect(impliedChanges(campaign, { campaignType: 'Registered', clientId: '4' })).toEqual({});
    expect(impliedChanges(client, { clientType: 'Agency' })).toEqual({});
  });
});
