import { describe, expect, it } from 'vitest';
import { defineResource, dependantRefs, field, ref } from './resource';
import { resources } from './resources/index';

const all = Object.values(resources);
const named = (list: ReturnType<typeof dependantRefs>) => list.map((d) => `${d.def.name}.${d.field}`);

describe('dependantRefs: who depends on a record, from the registry alone', () => {
  it('a client: its member clients, brands, campaigns and phones', () => {
    expect(named(dependantRefs(all, 'client'))).toEqual([
      'client.agencyId',
      'brand.clientId',
      'campaign.clientId',
      'phone.clientId',
    ]);
  });

  it('a campaign: its phones; a phone: nothing', () => {
    expect(named(dependantRefs(all, 'campaign'))).toEqual(['phone.campaignId']);
    expect(dependantRefs(all, 'phone')).toEqual([]);
  });
});

describe('ownedBy', () => {
  const entry = (ownedBy: string) => ({
    name: 'thing',
    plural: 'things',
    typeName: 'Thing',
    label: 'Thing',
    pluralLabel: 'Things',
    path: 'things',
    fields: {
      name: field('text', 'Name'),
      brandId: ref('brand', 'brand', 'Brand'),
      clientId: ref('client', 'client', 'Client'),
    },
    list: { columns: ['name'], search: 'name', sortBy: 'name', sortOrder: 'Asc', exportColumns: ['name'] },
    sections: [],
    ownedBy,
    messages: { destroyed: '' },
  });

  it('must name a ref to client', () => {
    expect(() => defineResource(entry('brandId') as never)).toThrow(/ownedBy must name a ref to client/);
    expect(() => defineResource(entry('name') as never)).toThrow(/ownedBy must name a ref to client/);
    expect(defineResource(entry('clientId') as never).ownedBy).toBe('clientId');
  });

  it('every registry resource says how its rows belong to clients', () => {
    for (const def of all) expect(def.ownedBy === null || def.ownedBy === 'id' || def.ownedBy in def.fields).toBe(true);
  });
});
