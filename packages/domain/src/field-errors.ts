import { humanize } from './enum';
import type { ResourceDef } from './resource';

/** One field's messages as the API answers them (spec §7: the errors map keyed by field). */
export interface FieldMessages {
  field: string;
  messages: readonly string[];
}

/** 'projectType' → 'Project type', 'clientId' → 'Client': a key no registry names, still in words. */
function keyInWords(key: string): string {
  const words = humanize(key.replace(/Ids?$/, (m) => (m === 'Ids' ? 's' : ''))).toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The label a person reads for an error's field: the registry's label for the resource's own fields (a ref by its
 * id or its object name, `agencyId` or `agency`), a row's field by the row's label and number (`phones.1.number`:
 * 'Phone number 2'), any other key put into words. The one place an error's camelCase key becomes words.
 */
export function fieldLabel(def: ResourceDef | undefined, path: string): string {
  const [root, index, child] = path.split('.');
  // The record's own id: the record itself ('Opt-out: Not found').
  if (root === 'id') return def?.label ?? 'Record';
  const fields = def?.fields ?? {};
  const field = fields[root] ?? Object.values(fields).find((f) => f.kind === 'ref' && f.as === root);
  // A row of a list no registry field describes (a client's prices: `prices.1.startAt`) is named by its number;
  // its messages name the value ('Start date is required').
  if (!field && index !== undefined && /^\d+$/.test(index))
    return `${keyInWords(root.replace(/s$/, ''))} ${Number(index) + 1}`;
  if (!field) return keyInWords(root);
  if (field.kind === 'children' && index !== undefined && /^\d+$/.test(index)) {
    const row = `${field.rowLabel.charAt(0).toUpperCase()}${field.rowLabel.slice(1)} ${Number(index) + 1}`;
    const childLabel = child ? (field.fields[child]?.label ?? keyInWords(child)).toLowerCase() : undefined;
    // A row of one value (a phone number's number) is named by the row alone.
    return childLabel && childLabel !== field.rowLabel.toLowerCase() ? `${row}: ${childLabel}` : row;
  }
  return field.label;
}

/** Ends a message as a sentence: 'Name is required' → 'Name is required.'; one that has its stop keeps it. */
export function asSentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * One field's problem in words: the message alone when it already names the field ('Name is required.') or, as it
 * stands, when it speaks of the record (base, spec §8); else the label first ('Client: Invalid id.'). Never the
 * camelCase key.
 */
export function fieldErrorSentence(def: ResourceDef | undefined, error: FieldMessages): string {
  if (error.field === 'base') return error.messages.join(' ');
  const text = error.messages.map(asSentence).join(' ');
  const label = fieldLabel(def, error.field);
  const named = error.messages.every((m) => m.toLowerCase().includes(label.toLowerCase()));
  return named ? text : `${label}: ${text}`;
}

/** Every field's problem, one sentence each, for a notice that has no input to put them beside. */
export function fieldErrorsSummary(def: ResourceDef | undefined, errors: readonly FieldMessages[]): string {
  return errors.map((e) => fieldErrorSentence(def, e)).join(' ');
}
