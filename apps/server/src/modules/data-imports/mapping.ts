import type { ImportResource, TargetField } from './import-target';
import { targets } from './targets';

/** A problem with the import as a whole (its mapping, its file's header): the import fails with this message. */
export class ImportError extends Error {
  override name = 'ImportError';
}

export type Mapping = Record<string, string>;

/** The stored mapping (JSON text: file column header → field name); blank is an empty mapping. */
export function parseMapping(text: string | null | undefined): Mapping {
  if (!text || !text.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ImportError('The column mapping is not valid JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ImportError('The column mapping must map file columns to fields');
  const mapping: Mapping = {};
  for (const [header, field] of Object.entries(parsed)) {
    if (typeof field !== 'string') throw new ImportError(`The column "${header}" must map to a field name`);
    if (field) mapping[header] = field;
  }
  return mapping;
}

/** What is wrong with a mapping for a resource, without the file: unknown fields, a field filled twice. */
export function mappingProblems(resource: ImportResource, mapping: Mapping): string[] {
  const fields = new Map(targets[resource].fields.map((f) => [f.name, f]));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const [header, name] of Object.entries(mapping)) {
    const field = fields.get(name);
    if (!field) problems.push(`The column "${header}" maps to "${name}", which is not a field of this import`);
    else if (seen.has(name)) problems.push(`${field.label} is mapped from more than one column`);
    seen.add(name);
  }
  return problems;
}

/** Each field of the target with the index of the file column that fills it (null: not mapped). */
export interface PlannedField {
  field: TargetField;
  index: number | null;
}

/**
 * Matches the mapping to the file's header row. Refuses, naming what is wrong, a mapped column the file does
 * not have and a required field no column fills: every row would be rejected for the same reason.
 */
export function planFields(resource: ImportResource, mapping: Mapping, header: string[]): PlannedField[] {
  const problems = mappingProblems(resource, mapping);
  if (problems.length) throw new ImportError(problems.join('; '));
  const byHeader = new Map(header.map((h, i) => [h.trim(), i]));
  const indexOfField = new Map<string, number>();
  for (const [column, name] of Object.entries(mapping)) {
    const index = byHeader.get(column.trim());
    if (index === undefined) throw new ImportError(`The file has no column "${column}"`);
    indexOfField.set(name, index);
  }
  const planned = targets[resource].fields.map((field) => ({ field, index: indexOfField.get(field.name) ?? null }));
  const missing = planned.filter((p) => p.field.required && p.index === null).map((p) => p.field.label);
  if (missing.length) throw new ImportError(`Map a column to ${missing.join(', ')}`);
  return planned;
}
