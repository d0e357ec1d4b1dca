import type { EnumValue } from './enum';
import { ListFilterType } from './enums';

/**
 * List filters (spec §4 list filter types, §9 precedence). Every filter leaves recipients out of a send:
 * - Carrier: numbers whose phone's carrier is the filter's carrier;
 * - Landline: numbers whose phone's line type is Landline;
 * - State: rows whose state (from the area code) is the filter's state (an organization that does not text
 *   into a state with stricter texting laws);
 * - ClientOptOut, OrganizationOptOut: numbers opted out of the client, of the organization;
 * - DoNotContact: numbers marked do-not-contact; Invalid: numbers that are not valid US numbers.
 */

export type ListFilterTypeValue = EnumValue<typeof ListFilterType>;
export type ListFilterLevel = 'organization' | 'client' | 'project';

export interface ListFilterLike {
  listFilterType: ListFilterTypeValue;
  carrier?: string | null;
  state?: string | null;
}

/** The level a filter belongs to: a project's, else a client's, else the organization's. */
export function listFilterLevel(f: { clientId?: unknown; projectId?: unknown }): ListFilterLevel {
  if (f.projectId != null && f.projectId !== '') return 'project';
  if (f.clientId != null && f.clientId !== '') return 'client';
  return 'organization';
}

const LEVEL_WORDS: Record<ListFilterLevel, string> = {
  organization: 'the organization',
  client: 'this client',
  project: 'this project',
};

export const listFilterMessages = {
  carrierRequired: 'A Carrier filter needs a carrier',
  stateRequired: 'A State filter needs a state',
  carrierNotTaken: 'Only a Carrier filter takes a carrier',
  stateNotTaken: 'Only a State filter takes a state',
  oneLevel: 'A list filter belongs to a client or to a project, not both',
  /** 'A State filter for FL already exists for this client'. */
  duplicate: (f: ListFilterLike, level: ListFilterLevel) => {
    const value = f.listFilterType === 'Carrier' ? f.carrier : f.listFilterType === 'State' ? f.state : null;
    const type = ListFilterType.label(f.listFilterType);
    return `A ${type} filter${value ? ` for ${value}` : ''} already exists for ${LEVEL_WORDS[level]}`;
  },
  /** Shown on the filters screens until a lookup provider fills carrier and line type on phones. */
  carrierDataUnavailableTitle: 'Carrier data is not available yet',
  carrierDataUnavailable:
    'No phone of this organization has a carrier or line type yet, so Carrier and Landline filters leave nobody out. They take effect once a number lookup fills them.',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The cross-field rules of a list filter: Carrier needs a carrier, State needs a state, and only they take one.
 * `f` is the record as it would be saved (the stored values under the attributes of an update).
 */
export function listFilterRules(f: Record<string, unknown>): [string, string][] {
  const errors: [string, string][] = [];
  const type = f.listFilterType;
  if (type === 'Carrier' && blank(f.carrier)) errors.push(['carrier', listFilterMessages.carrierRequired]);
  if (type === 'State' && blank(f.state)) errors.push(['state', listFilterMessages.stateRequired]);
  if (ListFilterType.is(type) && type !== 'Carrier' && !blank(f.carrier))
    errors.push(['carrier', listFilterMessages.carrierNotTaken]);
  if (ListFilterType.is(type) && type !== 'State' && !blank(f.state))
    errors.push(['state', listFilterMessages.stateNotTaken]);
  return errors;
}

/**
 * Spec §9: project filters override client filters, which override organization filters. Override is per type:
 * when a level has any filter of a type, its filters of that type replace those of the levels below it, and the
 * types it has none of come from below. So a project with a State filter for TX sends into FL even though the
 * organization leaves FL out, while the organization's DoNotContact filter still applies to it. A level cannot
 * switch off a type below it (there is no "none" filter): it can only replace that type's values with its own.
 * The result keeps each filter as given, in the order of the levels (project, client, organization).
 */
export function effectiveListFilters<F extends ListFilterLike>(levels: {
  organization: readonly F[];
  client?: readonly F[] | null;
  project?: readonly F[] | null;
}): F[] {
  const ordered = [levels.project ?? [], levels.client ?? [], levels.organization];
  const decided = new Set<ListFilterTypeValue>();
  const out: F[] = [];
  for (const filters of ordered) {
    const types = new Set(filters.map((f) => f.listFilterType));
    for (const f of filters) if (!decided.has(f.listFilterType)) out.push(f);
    for (const t of types) decided.add(t);
  }
  return out;
}
