import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EnumValue } from './enum';
import { ClientType } from './enums';
import {
  defineResource,
  dependantRefs,
  field,
  ref,
  type AttributesOf,
  type ChildRowInput,
  type RecordOf,
} from './resource';
import { client, resources } from './resources/index';

const all = Object.values(resources);
const named = (list: ReturnType<typeof dependantRefs>) => list.map((d) => `${d.def.name}.${d.field}`);

describe('dependantRefs: who depends on a record, from the registry alone', () => {
  it('a client: its member clients, brands, campaigns, phones, lists and projects', () => {
    expect(named(dependantRefs(all, 'client'))).toEqual([
      'client.agencyId',
      'brand.clientId',
      'campaign.clientId',
      'phone.clientId',
      'list.clientId',
      'project.clientId',
      'project.agencyId',
    ]);
  });

  it('a campaign: its phones; a phone: the projects sending from it and its texts', () => {
    expect(named(dependantRefs(all, 'campaign'))).toEqual(['phone.campaignId']);
    expect(named(dependantRefs(all, 'phone'))).toEqual(['projectPhone.phoneId', 'text.fromPhoneId', 'text.toPhoneId']);
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

describe('RecordOf: a record typed by its registry entry', () => {
  type Client = RecordOf<typeof client>;

  it('makes required fields non-null and keeps the enum values', () => {
    expectTypeOf<Client['name']>().toEqualTypeOf<string>();
    expectTypeOf<Client['clientType']>().toEqualTypeOf<EnumValue<typeof ClientType>>();
    expectTypeOf<Client['clientsCount']>().toEqualTypeOf<number>();
    expect(client.fields.clientType.enum).toBe(ClientType);
  });

  it('leaves optional fields nullable and gives a ref its reference object', () => {
    expectTypeOf<Client['slug']>().toEqualTypeOf<string | null>();
    expectTypeOf<Client['agencyId']>().toEqualTypeOf<string | null>();
    expectTypeOf<Client['agency']>().toEqualTypeOf<{ id: string; name: string } | null>();
  });

  it('types the rows of a children field', () => {
    expectTypeOf<Client['phones'][number]>().toEqualTypeOf<
      { id: string } & { number: string; description: string | null }
    >();
    expect(client.fields.phones.kind).toBe('children');
  });
});

describe('AttributesOf: what a create or update of an entry carries', () => {
  type Attrs = AttributesOf<typeof client>;

  it('types input fields by kind and leaves read-only ones out', () => {
    expectTypeOf<Attrs['phones']>().toEqualTypeOf<ChildRowInput[] | null | undefined>();
    expectTypeOf<Attrs['clientType']>().toEqualTypeOf<EnumValue<typeof ClientType> | null | undefined>();
    expectTypeOf<keyof Attrs>().not.toEqualTypeOf<keyof Attrs | 'clientsCount'>();
    expect(Object.keys(client.fields)).toContain('clientsCount');
  });
});
