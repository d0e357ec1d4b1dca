import type { EnumDef } from './enum';
import type { Filter } from './query-filter';

/**
 * The resource registry: one plain entry per resource of spec §2 that the server's generic machinery
 * turns into queries and mutations, and the web's ResourceIndex/ResourceForm render. Data, not behaviour:
 * anything beyond CRUD lives in the resource's own module.
 */

export type FieldKind =
  | 'text'
  | 'richText'
  | 'email'
  | 'url'
  | 'phone'
  | 'color'
  | 'number'
  /** An amount of money: exact decimal text ('0.10'), never a floating-point number (spec §3 Collection). */
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'keyValues'
  | 'children';

interface FieldBase {
  kind: FieldKind;
  label: string;
  required?: boolean;
  /** Shown and sortable, never accepted as input (createdAt, counts). */
  readOnly?: boolean;
  /** Accepted on create, ignored on update: the UI shows it locked once the record exists. */
  createOnly?: boolean;
  /** Only admins may set it; others leave it at its default. */
  adminOnly?: boolean;
  maxLength?: number;
  /** A number field that takes whole numbers only (throughput). */
  integer?: boolean;
  /** The smallest number accepted (throughput: at least 1). */
  min?: number;
  /** The largest number accepted: a quota is stored as a 4-byte integer, which ten digits can overflow. */
  max?: number;
  /** A number that is a file's size in bytes: shown as '120 KB' (a project's media). */
  unit?: 'bytes';
  /**
   * A stored file's address: shown as a link named by this other field of the record (a media file's name), never
   * as its path.
   */
  linkNamedBy?: string;
  /** A text the product gives a shape: a URL-safe slug, a US state abbreviation (spec §5). */
  format?: 'slug' | 'usState' | 'hostname';
  /**
   * The form shows the field disabled (and empty) while another field has this value, or one of these values:
   * Unregistered → no client.
   */
  disabledWhen?: Record<string, string | readonly string[]>;
  /** The opposite: the field applies only while another field has this value (a State filter's state). */
  enabledWhen?: Record<string, string | readonly string[]>;
  placeholder?: string;
}
export interface ScalarField extends FieldBase {
  kind: Exclude<FieldKind, 'enum' | 'ref' | 'keyValues' | 'children'>;
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  enum: EnumDef<string>;
  /** Values that exist but may not be chosen here (a brand's provider cannot be Copaco). */
  exclude?: readonly string[];
  default?: string;
  /** The record's field whose value colours its badge, over the enum's own colour (the organization's provider colour). */
  colourFrom?: string;
}
export interface RefField extends FieldBase {
  kind: 'ref';
  /** The registry name of the referenced resource. */
  resource: string;
  /** The GraphQL/UI name of the referenced object: agencyId → agency. */
  as: string;
  /** Restricts the choices: { clientType: 'Agency' }. */
  where?: Record<string, string>;
  /**
   * The row is part of the record it points at (a client's list filters) and goes when it is deleted (the
   * table's foreign key cascades), so it does not stop that delete.
   */
  deletedWith?: boolean;
  /**
   * Whoever sees the record may read the target's name here, whatever the target's own policy (a text's numbers
   * to the texter who sent it, a project's texters and teams on its tabs): the name is part of what the record
   * says. Still only within the viewer's organization.
   */
  namedWithRecord?: boolean;
}
export interface KeyValuesField extends FieldBase {
  kind: 'keyValues';
  /** The keys offered (spec §9 provider settings keys), by the value of another field. */
  keysFrom?: string;
}
/**
 * Rows that belong to the record and are edited with it (a client's phone numbers; next a project's phones, teams
 * and texters, an organization's text defaults, domains and provider colours). The API serves them as
 * `[<typeName>!]!` rows with an id and takes `[<typeName>Input!]` rows with id and _destroy. A row whose required
 * fields are blank is dropped when new and deleted when saved; storing the rows is the resource's own hook.
 */
export interface ChildrenField extends FieldBase {
  kind: 'children';
  /** The GraphQL type of one row (ClientPhoneNumber); its input type is that name plus Input. */
  typeName: string;
  /** One row in words for the form's buttons: 'phone number' → 'Add phone number', 'Remove phone number 2'. */
  rowLabel: string;
  /** Plain values, or a choice from an enum (a provider colour's provider). */
  fields: Record<string, ChildRowField>;
}
export type ChildRowField = ScalarField | EnumField;
export type FieldDef = ScalarField | EnumField | RefField | KeyValuesField | ChildrenField;

export interface FormSection {
  title: string;
  /** The URL segment of the section under /{resource}/{id}/edit/. */
  path: string;
  fields: readonly string[];
}

export interface ResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** camelCase singular: client; GraphQL single query name. */
  name: string;
  /** camelCase plural: clients; GraphQL list query name. */
  plural: string;
  /** PascalCase: Client; GraphQL type name and the spec §6 restriction resource guarding it. */
  typeName: string;
  /** Human label: 'Client'; also the {Type} of 'The {Type} has been created successfully'. */
  label: string;
  /** Human plural label for headings: 'Clients'. */
  pluralLabel: string;
  /** The web route segment: /clients, /shortened-links. */
  path: string;
  fields: F;
  list: {
    columns: readonly (keyof F & string)[];
    /** The field a free-text search box filters with Like. */
    search: keyof F & string;
    /** 'id': newest first by the primary key, the one index a bulk table (texts) sorts its whole list by. */
    sortBy: (keyof F & string) | 'id';
    sortOrder: 'Asc' | 'Desc';
    /** Columns of the CSV export, in order. */
    exportColumns: readonly (keyof F & string)[];
    /**
     * The columns a page may be sorted by, when not every column: a bulk table (a list's million rows) keeps only
     * the indexes it can afford to fill, and a sort without one would scan. Absent: every column sorts.
     */
    sortable?: readonly (keyof F & string)[];
    /**
     * Sortable columns whose order is the id's (a creation date, where ids are handed out as records are made):
     * their pages are read through the key, (organization_id, id), with no index of their own to fill on each of a
     * bulk load's inserts.
     */
    sortsById?: readonly (keyof F & string)[];
    /**
     * The ref its rows are listed within (a row's list): its sort indexes lead with (organization_id, scope), since
     * a page is read inside one such record.
     */
    scope?: keyof F & string;
  };
  sections: readonly FormSection[];
  /** The spec §6 restriction resource guarding it, when not its own typeName (a list's rows are guarded by List). */
  guard?: string;
  /** Served for reading and export only: no create, update or destroy; its own module writes its rows (a load). */
  readOnly?: boolean;
  /**
   * A platform admin creating one picks the organization it goes to, among the organizations it belongs to (spec
   * §5: a collection's organization, required on create for those who can choose it). Everyone else creates in
   * the organization they are signed in to.
   */
  organizationChoice?: boolean;
  /** A status field the anchor header lets the user change from a dropdown. */
  statusField?: keyof F & string;
  /** The viewer can star its records; favourites (and the toggleFavorite argument `<name>Id`) derive from this. */
  favorite?: boolean;
  /** A ref select to it offers 'Add new' in a floating dialog (spec §2). */
  inlineCreate?: boolean;
  /** The dashboard's welcome card links to its list (spec §2 'Jump straight to'). */
  dashboardLink?: boolean;
  /** Its place in the main menu (spec §2's order, shared with the menu's other entries); absent = not in the menu. */
  menuOrder?: number;
  /**
   * How a row belongs to a client, for the visibility policy of spec §6 (Client and Agency roles, user views):
   * 'id' when the row is a client, the name of its client ref field otherwise, null when rows belong to the
   * organization as a whole. Required, so a new resource decides who sees its rows.
   */
  ownedBy: (keyof F & string) | 'id' | null;
  /**
   * The organization's own work, naming recipients of every client (a data import's rows and rejected rows): a viewer
   * limited to some clients (Client, Agency, user views) sees none of its rows, whatever its restrictions grant.
   * Only with ownedBy null.
   */
  staffOnly?: boolean;
  /**
   * A Client or Agency user who names no client creates the row for its own client (a list a client uploads is
   * that client's); others leave it empty, the organization's. Only with an ownedBy ref.
   */
  ownerDefaultsToViewer?: boolean;
  /**
   * A ref to the record whose visibility this row shares (a project's phones, teams, texters and texts are seen by
   * whoever sees the project): the policy keeps the rows whose parent the viewer may see. Used with ownedBy null.
   */
  ownedThrough?: keyof F & string;
  /**
   * A ref to the project a Texter-role viewer must be assigned to (as one of its texters) to see the row: a texter
   * sees its own projects' texts, not the organization's (issue 35). Other roles are not limited by it.
   */
  texterAssignedThrough?: keyof F & string;
  messages: {
    destroyed: string;
    /** What a saved new one says, when not 'The {Type} has been created successfully' (spec §8: a text). */
    created?: string;
    /** What a saved edit says under 'All changes saved' (spec §8: a text); absent: nothing more. */
    edited?: string;
    /**
     * The title of the notice a refused create or update shows, listing every field error ('field: message' pairs;
     * spec §8: 'Error creating Text', 'Error, text not updated'). Absent: errors sit under their fields.
     */
    createFailed?: string;
    updateFailed?: string;
    /** What leaving a new, filled-in form of it warns (spec §8: a new team). Absent: the generic warning. */
    discardNew?: string;
  };
}

// The helpers keep each field's kind, enum values and options as literal types, so RecordOf can type a record.
type ScalarOpts = Omit<ScalarField, 'kind' | 'label'>;
/** No options given: the field keeps only what its helper sets. */
type NoOptions = Record<never, never>;

export function text<const O extends ScalarOpts = NoOptions>(
  label: string,
  opts?: O,
): ScalarField & { kind: 'text' } & O {
  return { kind: 'text', label, ...(opts as O) };
}
export function field<K extends ScalarField['kind'], const O extends ScalarOpts = NoOptions>(
  kind: K,
  label: string,
  opts?: O,
): ScalarField & { kind: K } & O {
  return { kind, label, ...(opts as O) };
}
export function oneOf<V extends string, const O extends Omit<EnumField, 'kind' | 'label' | 'enum'> = NoOptions>(
  e: EnumDef<V>,
  label: string,
  opts?: O,
): EnumField & { enum: EnumDef<V> } & O {
  return { kind: 'enum', enum: e, label, ...(opts as O) };
}
export function ref<
  const A extends string,
  const O extends Omit<RefField, 'kind' | 'label' | 'resource' | 'as'> = NoOptions,
>(resource: string, as: A, label: string, opts?: O): RefField & { as: A } & O {
  return { kind: 'ref', resource, as, label, ...(opts as O) };
}
export function keyValues(label: string, opts: Omit<KeyValuesField, 'kind' | 'label'> = {}): KeyValuesField {
  return { kind: 'keyValues', label, ...opts };
}

export function children<const C extends Record<string, ChildRowField>>(
  label: string,
  opts: Omit<ChildrenField, 'kind' | 'label' | 'fields'> & { fields: C },
): Omit<ChildrenField, 'fields'> & { fields: C } {
  return { kind: 'children', label, ...opts };
}

/** The value of one field in a record as the API serves it (ids as strings, dates as ISO text). */
type ValueOf<F> = F extends { kind: 'enum'; enum: EnumDef<infer V> }
  ? V
  : F extends { kind: 'ref' }
    ? string
    : F extends { kind: 'keyValues' }
      ? { envKey: string; isSet: boolean }[]
      : F extends { kind: 'children'; fields: infer C }
        ? ({ id: string } & { -readonly [K in keyof C]: FieldValueOf<C[K]> })[]
        : F extends { kind: 'number' }
          ? number
          : F extends { kind: 'boolean' }
            ? boolean
            : string;

/** Required fields and lists are never null on a saved record; the rest may be. */
export type FieldValueOf<F> = F extends { required: true } | { kind: 'keyValues' | 'children' }
  ? ValueOf<F>
  : ValueOf<F> | null;

/** A ref's reference object (`agency { id name }`): null when empty or hidden by the target's policy. */
type ReferencesOf<Fs> = {
  [K in keyof Fs as Fs[K] extends { kind: 'ref'; as: infer A extends string } ? A : never]: {
    id: string;
    name: string;
  } | null;
};

/** A field's value as a create or update carries it (the API's input types: ids and numbers as sent). */
type InputValueOf<F> = F extends { kind: 'enum'; enum: EnumDef<infer V> }
  ? V
  : F extends { kind: 'ref' }
    ? string | number
    : F extends { kind: 'keyValues' }
      ? { envKey: string; envValue?: string | null; clear?: boolean | null }[]
      : F extends { kind: 'children' }
        ? ChildRowInput[]
        : F extends { kind: 'number' }
          ? number
          : F extends { kind: 'boolean' }
            ? boolean
            : string;

/** The attributes of a create or update of a registry entry: any of its input fields, each possibly null. */
export type AttributesOf<D extends { fields: Record<string, FieldDef> }> = {
  -readonly [K in keyof D['fields'] as D['fields'][K] extends { readOnly: true } ? never : K]?: InputValueOf<
    D['fields'][K]
  > | null;
};

/**
 * A saved record of a registry entry as the API serves it, typed by the entry: `RecordOf<typeof client>` has
 * `name: string`, `clientType: 'Agency' | …`, `agencyId: string | null`, `agency: Reference | null`, `phones` rows.
 */
export type RecordOf<D extends { fields: Record<string, FieldDef> }> = { id: string } & {
  -readonly [K in keyof D['fields']]: FieldValueOf<D['fields'][K]>;
} & ReferencesOf<D['fields']>;

/** One child row as the API takes it: a saved row names its id; `_destroy` removes it. */
export interface ChildRowInput {
  id?: string | number | null;
  _destroy?: boolean | null;
  [field: string]: unknown;
}

/** What saving a list of child rows does: rows to delete, saved rows to change, new rows to add. */
export interface ChildRowChanges {
  remove: number[];
  change: { id: number; values: Record<string, string | null> }[];
  add: Record<string, string | null>[];
}

/**
 * The rows' effect, the same for every children field: a removed or blanked saved row is deleted, a blank new row
 * dropped; values are trimmed, blanks null, phone numbers as their 10 digits (the rows were validated before).
 */
export function childRowChanges(
  field: ChildrenField,
  rows: readonly ChildRowInput[] | null | undefined,
  normalize: (f: ChildRowField, value: string) => string,
): ChildRowChanges {
  const out: ChildRowChanges = { remove: [], change: [], add: [] };
  for (const row of rows ?? []) {
    const values: Record<string, string | null> = {};
    for (const [name, f] of Object.entries(field.fields)) {
      const text = row[name] == null ? '' : String(row[name]).trim();
      values[name] = text === '' ? null : normalize(f, text);
    }
    const complete = Object.entries(field.fields).every(([name, f]) => !f.required || values[name] !== null);
    const id = row.id == null || row.id === '' ? null : Number(row.id);
    if (id !== null && (row._destroy || !complete)) out.remove.push(id);
    else if (id !== null) out.change.push({ id, values });
    else if (complete && !row._destroy) out.add.push(values);
  }
  return out;
}

/**
 * Checks the owner and section names against the fields, then hands the entry back with its field map's type, so a
 * resource's own code reads `client.fields.phones` as the children field it is and RecordOf<typeof client> types
 * its records.
 */
export function defineResource<const F extends Record<string, FieldDef>>(def: ResourceDef<F>): TypedResourceDef<F> {
  const owner = def.ownedBy && def.ownedBy !== 'id' ? def.fields[def.ownedBy] : undefined;
  if (owner && (owner.kind !== 'ref' || owner.resource !== 'client'))
    throw new Error(`${def.name}: ownedBy must name a ref to client`);
  if (def.staffOnly && def.ownedBy !== null) throw new Error(`${def.name}: staffOnly rows have no owner`);
  if (def.ownerDefaultsToViewer && !owner) throw new Error(`${def.name}: ownerDefaultsToViewer needs an ownedBy ref`);
  const assigned = def.texterAssignedThrough && def.fields[def.texterAssignedThrough];
  if (assigned && (assigned.kind !== 'ref' || assigned.resource !== 'project'))
    throw new Error(`${def.name}: texterAssignedThrough must name a ref to project`);
  if (def.ownedThrough && (def.ownedBy !== null || def.fields[def.ownedThrough]?.kind !== 'ref'))
    throw new Error(`${def.name}: ownedThrough must name a ref, with ownedBy null`);
  for (const section of def.sections) {
    for (const f of section.fields)
      if (!(f in def.fields)) throw new Error(`${def.name}: section field ${f} is not a field`);
  }
  return def as TypedResourceDef<F>;
}

/**
 * A registry entry that keeps its field map's type. It is a ResourceDef (the generic machinery takes it as is);
 * the names in its lists were checked against its fields when it was defined.
 */
export type TypedResourceDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> = Omit<
  ResourceDef,
  'fields'
> & { fields: F };

/** The spec §6 restriction resource that guards a resource's rows: View, Create, Export … are checked on it. */
export function guardOf(def: Pick<ResourceDef, 'typeName' | 'guard'>): string {
  return def.guard ?? def.typeName;
}

/**
 * The columns a page of the resource may be sorted by. A scoped resource's sorts are served by indexes that lead
 * with its scope (a project's texts by status): a list with no Equal filter on the scope (every text of the
 * organization) keeps its default order, which its own index serves.
 */
export function sortableColumns(def: ResourceDef, filters: readonly Filter[]): readonly string[] {
  const scope = def.list.scope;
  if (scope && !filters.some((f) => f.field === scope && f.operation === 'Equal' && f.value)) return [];
  return def.list.sortable ?? def.list.columns;
}

/** The fields a create or update may carry. */
export function inputFields(def: ResourceDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, f]) => !f.readOnly);
}

/** The registry name of the resource rows belong to (spec §6: Client and Agency users see their own clients). */
export const OWNER_RESOURCE = 'client';

/** The ref fields of every resource that point at `target`: who depends on a record of it. */
export function dependantRefs(
  all: readonly ResourceDef[],
  target: string,
): { def: ResourceDef; field: string; ref: RefField }[] {
  return all.flatMap((def) =>
    Object.entries(def.fields)
      .filter(
        (e): e is [string, RefField] =>
          e[1].kind === 'ref' && e[1].resource === target && !e[1].readOnly && !e[1].deletedWith,
      )
      .map(([field, ref]) => ({ def, field, ref })),
  );
}

/** 'The Client has been created successfully' (spec §8). */
export function createdMessage(def: ResourceDef): string {
  return def.messages.created ?? `The ${def.label} has been created successfully`;
}
