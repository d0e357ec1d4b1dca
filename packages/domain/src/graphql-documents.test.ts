import { describe, expect, it } from 'vitest';
import {
  fieldSelection,
  listDocument,
  listSelection,
  recordSelection,
  referenceSelection,
  resourceDocuments,
} from './graphql-documents';
import { defineResource, field } from './resource';
import { brand, campaign, client } from './resources/index';

/** A resource named by something other than `name`, the way phones are named by their number. */
const numbered = defineResource({
  name: 'line',
  plural: 'lines',
  typeName: 'Line',
  label: 'Line',
  pluralLabel: 'Lines',
  path: 'lines',
  fields: { number: field('phone', 'Number', { required: true }) },
  list: { columns: ['number'], search: 'number', sortBy: 'number', sortOrder: 'Asc', exportColumns: ['number'] },
  sections: [{ title: 'General', path: 'general', fields: ['number'] }],
  ownedBy: null,
  messages: { destroyed: 'The line has been deleted successfully' },
});

/** Every `{` closes: a cheap syntax check that needs no GraphQL parser in the domain package. */
function balanced(doc: string): boolean {
  let depth = 0;
  for (const ch of doc) {
    if (ch === '{' || ch === '(') depth++;
    if (ch === '}' || ch === ')') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

describe('fieldSelection', () => {
  it('brings a ref field its Reference object', () => {
    expect(fieldSelection('agencyId', client.fields.agencyId)).toBe('agencyId agency { id name }');
  });
  it('selects the rows of list-valued fields', () => {
    expect(fieldSelection('phones', client.fields.phones)).toBe('phones { id number description }');
    expect(fieldSelection('providerConfigurationValues', brand.fields.providerConfigurationValues)).toBe(
      'providerConfigurationValues { envKey isSet }',
    );
  });
  it('selects scalars by name', () => {
    expect(fieldSelection('name', client.fields.name)).toBe('name');
  });
});

describe('recordSelection', () => {
  it("asks for id, every field, isFavorite on favorite resources and the viewer's abilities", () => {
    const s = recordSelection(client);
    expect(s.startsWith('id name clientType clientStatus agencyId agency { id name }')).toBe(true);
    expect(s.endsWith('isFavorite can { update destroy export favorite }')).toBe(true);
    expect(recordSelection(brand)).toContain('can { update destroy export favorite }');
  });
  it('leaves isFavorite out where there is no favorite toggle', () => {
    expect(recordSelection(brand)).not.toContain('isFavorite');
  });
  it('rejects a name that is not a field', () => {
    expect(() => recordSelection(client, ['nope'])).toThrow(/nope is not a field/);
  });
});

describe('listSelection', () => {
  it('is the list columns, with refs expanded and no favorite flag', () => {
    expect(listSelection(campaign)).toBe(
      'id name code campaignType clientId client { id name } brandId brand { id name } createdAt',
    );
    expect(listSelection(client)).not.toContain('isFavorite');
  });
  it('takes other columns, e.g. the export columns', () => {
    expect(listSelection(brand, brand.list.exportColumns)).toContain('providerConfigurationType');
  });
});

describe('referenceSelection', () => {
  it('names a record by its name, or by its search field aliased as name', () => {
    expect(referenceSelection(client)).toBe('id name');
    expect(referenceSelection(numbered)).toBe('id name: number');
  });
});

describe('resourceDocuments', () => {
  const docs = resourceDocuments(client);

  it('builds a list query with paging, sort and the connection', () => {
    expect(docs.list).toMatch(/^query Clients\(\$filters: \[FilterInput!\], \$first: Int/);
    expect(docs.list).toContain('clients(filters: $filters, first: $first');
    expect(docs.list).toContain(
      'totalCount @include(if: $withTotal) totalCountIsCapped @include(if: $withTotal) pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes {',
    );
    expect(docs.list).toContain('$withTotal: Boolean! = true');
  });
  it("a select's options never ask for a count", () => {
    expect(docs.options).not.toContain('totalCount');
    expect(docs.options).not.toContain('$withTotal');
  });
  it('names the operations after the contract', () => {
    expect(docs.get).toMatch(/^query Client\(\$id: ID!\) \{ client\(id: \$id\)/);
    expect(docs.blank).toMatch(/^query NewClient \{ newClient \{ name clientType /);
    // A draft has no id, counts or abilities yet: only what the form fills in.
    for (const absent of [/newClient \{ id /, /clientsCount/, /can \{/, /isFavorite/])
      expect(docs.blank).not.toMatch(absent);
    expect(docs.create).toContain('createClient(attributes: $attributes) { client {');
    expect(docs.update).toContain('updateClient(id: $id, attributes: $attributes)');
    expect(docs.destroy).toContain('destroyClient(id: $id) { client { id } errors { field messages } message }');
    expect(docs.toggleFavorite).toContain('toggleFavorite(clientId: $clientId) { isFavorite }');
    expect(docs.options).toMatch(/^query ClientOptions\(/);
    expect(docs.options).toContain('nodes { id name }');
  });
  it('has no favorite mutation for resources without favorites', () => {
    expect(resourceDocuments(campaign).toggleFavorite).toBeUndefined();
  });
  it('produces balanced documents for every resource', () => {
    for (const def of [client, brand, campaign, numbered]) {
      const all = resourceDocuments(def);
      for (const doc of Object.values(all)) if (doc) expect(balanced(doc)).toBe(true);
    }
    expect(balanced(listDocument(brand))).toBe(true);
  });
});
