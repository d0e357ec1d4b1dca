import { describe, expect, it } from 'vitest';
import { effectiveListFilters, listFilterLevel, listFilterMessages, type ListFilterLike } from './list-filters';
import { listFilter } from './resources/list-filter';
import { normalizeAttributes, validateAttributes } from './validate';

type F = ListFilterLike & { from: string };
const f = (from: string, listFilterType: F['listFilterType'], value?: string): F => ({
  from,
  listFilterType,
  carrier: listFilterType === 'Carrier' ? value : null,
  state: listFilterType === 'State' ? value : null,
});
const names = (filters: F[]) => filters.map((x) => `${x.from}:${x.listFilterType}${x.carrier ?? x.state ?? ''}`);

describe('effectiveListFilters (spec §9: project over client over organization, per type)', () => {
  const organization = [
    f('org', 'DoNotContact'),
    f('org', 'State', 'FL'),
    f('org', 'State', 'OK'),
    f('org', 'Landline'),
  ];

  it('the organization filters alone apply as they are', () => {
    expect(names(effectiveListFilters({ organization }))).toEqual([
      'org:DoNotContact',
      'org:StateFL',
      'org:StateOK',
      'org:Landline',
    ]);
  });

  it("a client's filters of a type replace all the organization's filters of that type, and keep the others", () => {
    const client = [f('client', 'State', 'TX')];
    expect(names(effectiveListFilters({ organization, client }))).toEqual([
      'client:StateTX',
      'org:DoNotContact',
      'org:Landline',
    ]);
  });

  it("a project's filters replace the client's and the organization's of their type; the other types come from below", () => {
    const client = [f('client', 'State', 'TX'), f('client', 'Carrier', 'Twilio'), f('client', 'ClientOptOut')];
    const project = [
      f('project', 'Carrier', 'Bandwidth'),
      f('project', 'Carrier', 'Telucom'),
      f('project', 'Landline'),
    ];
    expect(names(effectiveListFilters({ organization, client, project }))).toEqual([
      'project:CarrierBandwidth',
      'project:CarrierTelucom',
      'project:Landline',
      'client:StateTX',
      'client:ClientOptOut',
      'org:DoNotContact',
    ]);
  });

  it('a project without a client, and empty levels, fall through to the next level', () => {
    const project = [f('project', 'Invalid')];
    expect(names(effectiveListFilters({ organization: [], client: null, project }))).toEqual(['project:Invalid']);
    expect(names(effectiveListFilters({ organization, client: [], project: [] }))).toEqual(names(organization));
  });
});

describe('list filter rules', () => {
  const check = (attrs: Record<string, unknown>) =>
    validateAttributes(listFilter, normalizeAttributes(listFilter, attrs), { isCreate: true, isAdmin: true });

  it('Carrier needs a carrier and State a state', () => {
    expect(check({ listFilterType: 'Carrier' })).toEqual({ carrier: [listFilterMessages.carrierRequired] });
    expect(check({ listFilterType: 'State', state: '' })).toEqual({ state: [listFilterMessages.stateRequired] });
    expect(check({ listFilterType: 'State', state: 'ZZ' })).toEqual({
      state: ['State must be a US state abbreviation (NY)'],
    });
    expect(check({ listFilterType: 'Carrier', carrier: 'Twilio' })).toEqual({});
    expect(check({ listFilterType: 'State', state: 'FL' })).toEqual({});
  });

  it('a line kind is not a carrier to filter on (the Landline filter is)', () => {
    expect(check({ listFilterType: 'Carrier', carrier: 'Landline' })).toEqual({
      carrier: ['This carrier cannot be chosen'],
    });
  });

  it('a form that switched type drops the value the new type does not take', () => {
    expect(normalizeAttributes(listFilter, { listFilterType: 'DoNotContact', carrier: 'Twilio', state: 'FL' })).toEqual(
      {
        listFilterType: 'DoNotContact',
        carrier: null,
        state: null,
      },
    );
  });

  it('an update that keeps the type refuses a value that type does not take', () => {
    const errors = validateAttributes(
      listFilter,
      normalizeAttributes(listFilter, { carrier: 'Twilio' }),
      { isCreate: false, isAdmin: true },
      { listFilterType: 'State', state: 'FL', carrier: null },
    );
    expect(errors).toEqual({ carrier: [listFilterMessages.carrierNotTaken] });
  });

  it('names the level of a filter and the duplicate it would be', () => {
    expect(listFilterLevel({ clientId: null, projectId: null })).toBe('organization');
    expect(listFilterLevel({ clientId: 4, projectId: null })).toBe('client');
    expect(listFilterLevel({ clientId: null, projectId: 9 })).toBe('project');
    expect(listFilterMessages.duplicate({ listFilterType: 'State', state: 'FL' }, 'client')).toBe(
      'A State filter for FL already exists for this client',
    );
    expect(listFilterMessages.duplicate({ listFilterType: 'DoNotContact' }, 'organization')).toBe(
      'A Do Not Contact filter already exists for the organization',
    );
  });
});
