import { listFilter, usStates, type FieldDef } from '@canvass/domain';

// Values the registry's own rules accept, so tests generated from the registry build rows of any resource.
let seq = 0;

/** A number no other sample of this test file has used: unique labels, slugs and phone numbers. */
export const nextLabel = () => ++seq;

let stateSeq = 0;

/**
 * List filters are one per level, type and value: their samples are State filters, each for the next state, so the
 * rows a test file makes for one client do not repeat one another (and the state tells them apart in an export).
 */
function listFilterSample(f: FieldDef): unknown {
  if (f === listFilter.fields.listFilterType) return 'State';
  if (f === listFilter.fields.state) return usStates[stateSeq++ % usStates.length].abbreviation;
  return null;
}

/** A value for a field kind that the registry's own rules accept. */
export function sampleValue(f: FieldDef, label: string): unknown {
  if (Object.values(listFilter.fields).includes(f as never)) return listFilterSample(f);
  switch (f.kind) {
    case 'enum':
      return f.default ?? f.enum.values.find((v) => !f.exclude?.includes(v));
    case 'number':
      return f.min ?? 1;
    case 'money':
      // Exact decimal text, distinct per sample so a row is told apart by its amount.
      return `${nextLabel()}.25`;
    case 'datetime':
      return '2026-01-01 12:00';
    case 'phone':
      return `212555${String(nextLabel()).padStart(4, '0')}`;
    case 'email':
      return `${label.replace(/\W/g, '').toLowerCase()}@fixture.test`;
    case 'url':
      return 'https://fixture.test';
    case 'date':
      return '2026-01-01';
    case 'boolean':
      return false;
    case 'color':
      return '#123456';
    case 'keyValues':
    case 'children':
      return [];
    default:
      return f.format === 'usState' ? 'NY' : f.format === 'slug' ? `slug-${nextLabel()}` : label;
  }
}

/**
 * Attributes a resource needs beyond its required fields, by a rule of its own service: a list needs a Google
 * Sheet key unless it names an upload.
 */
export const serviceSamples: Record<string, Record<string, unknown>> = {
  list: { googleSheetKey: 'fixture-sheet-key' },
  // The samples' type is the first, Collection, which needs a fee (spec §5).
  collection: { fee: '1.50' },
};

/**
 * Refs of which a row names one at most, by a check of its table (a list filter is a client's or a project's): a
 * fixture keeps the first one it filled and leaves the others empty.
 */
export const exclusiveRefs: Record<string, readonly string[]> = {
  listFilter: ['clientId', 'projectId'],
};

/**
 * Refs a resource's own rule requires although the column may be empty (a text's phones: a received text's sender
 * may be a number never stored): a fixture fills them like required refs.
 */
export const ruleRequiredRefs: Record<string, readonly string[]> = {
  text: ['fromPhoneId', 'toPhoneId'],
};
