import { inputFields, type FieldDef, type ResourceDef } from './resource';

/**
 * GraphQL documents for a registry entry, so the web's generic screens and the server's export ask for exactly
 * the shape the contract gives each field kind, and nobody hand-writes a selection per resource.
 */

/** The selection of one field: a ref brings its Reference object along, lists their rows' fields. */
export function fieldSelection(name: string, f: FieldDef): string {
  switch (f.kind) {
    case 'ref':
      return `${name} ${f.as} { id name }`;
    case 'keyValues':
      return `${name} { envKey isSet }`;
    case 'children':
      return `${name} { id ${Object.keys(f.fields).join(' ')} }`;
    case 'enum':
      return f.colourFrom ? `${name} ${f.colourFrom}` : name;
    default:
      return name;
  }
}

/** What the server says the viewer may do with a record: the anchor's buttons follow it. */
export const ABILITIES_SELECTION = 'can { update destroy export favorite }';

/**
 * id plus the named fields (all by default), plus isFavorite when the viewer can star the resource and the
 * viewer's abilities on the record (both left out of list rows, which show no per-record buttons).
 */
export function recordSelection(
  def: ResourceDef,
  fieldNames: readonly string[] = Object.keys(def.fields),
  opts: { favorite?: boolean; abilities?: boolean } = {},
): string {
  const parts = ['id', ...fieldNames.map((n) => fieldSelection(n, fieldOf(def, n)))];
  if ((opts.favorite ?? true) && def.favorite) parts.push('isFavorite');
  if (opts.abilities ?? true) parts.push(ABILITIES_SELECTION);
  return parts.join(' ');
}

/** The blank of new{Type} (a {Type}Draft): the fields a form fills in, no id, counts or abilities yet. */
export function draftSelection(def: ResourceDef): string {
  return inputFields(def)
    .map(([name, f]) => fieldSelection(name, f))
    .join(' ');
}

/** The row shape of the index list (and of the CSV export when given def.list.exportColumns). */
export function listSelection(def: ResourceDef, columns: readonly string[] = def.list.columns): string {
  return recordSelection(def, columns, { favorite: false, abilities: false });
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const LIST_ARGS = [
  ['filters', '[FilterInput!]'],
  ['first', 'Int'],
  ['after', 'String'],
  ['last', 'Int'],
  ['before', 'String'],
  ['limit', 'Int'],
  ['sortBy', 'String'],
  ['sortOrder', 'SortOrder'],
] as const;

const PAYLOAD_TAIL = 'errors { field messages } message';

/**
 * The list query with every paging/sort argument of spec §7, returning the connection. With `count`, the total is
 * asked for unless `$withTotal` is false (a pager counts on its first page only: counting is the costly part).
 */
export function listDocument(
  def: ResourceDef,
  selection: string = listSelection(def),
  operationName?: string,
  opts: { count?: boolean } = {},
): string {
  const count = opts.count ?? true;
  const vars = [...LIST_ARGS.map(([n, t]) => `$${n}: ${t}`), ...(count ? ['$withTotal: Boolean! = true'] : [])];
  const args = LIST_ARGS.map(([n]) => `${n}: $${n}`).join(', ');
  const op = operationName ?? pascal(def.plural);
  const total = count ? 'totalCount @include(if: $withTotal) totalCountIsCapped @include(if: $withTotal) ' : '';
  return (
    `query ${op}(${vars.join(', ')}) { ${def.plural}(${args}) { ${total}` +
    `pageInfo { hasNextPage hasPreviousPage startCursor endCursor } nodes { ${selection} } } }`
  );
}

export interface ResourceDocuments {
  /** The index list (columns only). */
  list: string;
  /** Up to `limit` { id name } matches: what a ref select offers. */
  options: string;
  /** One record by id with every field; null when missing. */
  get: string;
  /** The { id name } of one record: a ref select's label for a value it has not searched for. */
  reference: string;
  /** The blank record with server defaults (new{Type}: a {Type}Draft, without id). */
  blank: string;
  create: string;
  update: string;
  destroy: string;
  /** Present only for resources with a favorite toggle. */
  toggleFavorite?: string;
}

/**
 * `id name` of a record as a Reference: a resource without a name field (a phone) is named by its search field,
 * aliased so every ref select reads the same { id name }.
 */
export function referenceSelection(def: ResourceDef): string {
  return def.list.search === 'name' ? 'id name' : `id name: ${def.list.search}`;
}

/** Every document the generic screens need for one resource. */
export function resourceDocuments(def: ResourceDef): ResourceDocuments {
  const T = def.typeName;
  const asReference = referenceSelection(def);
  const full = recordSelection(def);
  const payload = (selection: string) => `{ ${def.name} { ${selection} } ${PAYLOAD_TAIL} }`;
  const favoriteArg = `${def.name}Id`;
  return {
    list: listDocument(def),
    options: listDocument(def, asReference, `${T}Options`, { count: false }),
    get: `query ${T}($id: ID!) { ${def.name}(id: $id) { ${full} } }`,
    reference: `query ${T}Reference($id: ID!) { ${def.name}(id: $id) { ${asReference} } }`,
    blank: `query New${T} { new${T} { ${draftSelection(def)} } }`,
    create: def.organizationChoice
      ? `mutation Create${T}($attributes: ${T}Attributes!, $organizationId: ID) ` +
        `{ create${T}(attributes: $attributes, organizationId: $organizationId) ${payload(full)} }`
      : `mutation Create${T}($attributes: ${T}Attributes!) { create${T}(attributes: $attributes) ${payload(full)} }`,
    update:
      `mutation Update${T}($id: ID!, $attributes: ${T}Attributes!) ` +
      `{ update${T}(id: $id, attributes: $attributes) ${payload(full)} }`,
    destroy: `mutation Destroy${T}($id: ID!) { destroy${T}(id: $id) ${payload('id')} }`,
    toggleFavorite: def.favorite
      ? `mutation Toggle${T}Favorite($${favoriteArg}: ID) { toggleFavorite(${favoriteArg}: $${favoriteArg}) { isFavorite } }`
      : undefined,
  };
}

function fieldOf(def: ResourceDef, name: string): FieldDef {
  const f = def.fields[name];
  if (!f) throw new Error(`${def.name}: ${name} is not a field`);
  return f;
}
