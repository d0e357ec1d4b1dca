/** A new{Type} blank ({Type}Draft): the fields a form fills in, with their defaults; no id until it is saved. */
export interface ResourceDraft {
  [field: string]: unknown;
}

/** A record as the generic screens see it: the contract's fields by name, read through FieldDefs. */
export interface ResourceRecord extends ResourceDraft {
  id: string;
}

/** What the server says the viewer may do with one record (RecordAbilities): the buttons follow it. */
export interface RecordAbilities {
  update: boolean;
  destroy: boolean;
  export: boolean;
  favorite: boolean;
}

const NOTHING: RecordAbilities = { update: false, destroy: false, export: false, favorite: false };

/** The record's abilities; a record served without them allows nothing. */
export function abilitiesOf(record: ResourceRecord): RecordAbilities {
  const can = record.can as Partial<RecordAbilities> | null | undefined;
  return { ...NOTHING, ...(can ?? {}) };
}

export interface Reference {
  id: string;
  name: string;
}

export interface PageInfo {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface Connection {
  /** Present on the pages that asked for it (the first); exact up to 10,000, then 10,000 and capped. */
  totalCount?: number;
  totalCountIsCapped?: boolean;
  pageInfo: PageInfo;
  nodes: ResourceRecord[];
}

/** The contract's FieldError: the "errors map keyed by field" of spec §7. */
export interface FieldError {
  field: string;
  messages: string[];
}

export type { Filter, FilterOperation } from '@canvass/domain';

export type SortOrder = 'Asc' | 'Desc';

/** create/update/destroy{Type} payloads, keyed by def.name for the record. */
export interface MutationPayload {
  errors: FieldError[];
  message: string | null;
  [resource: string]: ResourceRecord | FieldError[] | string | null;
}

export function isReference(v: unknown): v is Reference {
  return typeof v === 'object' && v !== null && 'id' in v && 'name' in v;
}
