import {
  formatPhone,
  normalizeAttributes,
  normalizePhone,
  validateAttributes,
  checkFieldValue,
  type ChildrenField,
  type FieldDef,
  type FieldErrors,
  type ResourceDef,
} from '@canvass/domain';
import type { ResourceDraft } from '../types';

/**
 * One row of a children field as the form edits it (a client's phone number): its fields as typed, by name. A saved
 * row removed by the user is kept, marked _destroy.
 */
export interface ChildRow {
  id: string | null;
  _destroy: boolean;
  [field: string]: string | boolean | null;
}

/** A new, empty row of a children field. */
export function blankChildRow(f: ChildrenField): ChildRow {
  return { id: null, _destroy: false, ...Object.fromEntries(Object.keys(f.fields).map((name) => [name, ''])) };
}

/**
 * A provider setting as the form edits it. Values are write-only: `envValue` holds only what is typed now, and
 * `isSet` says the server has one, which an untouched row keeps.
 */
export interface KeyValueRow {
  envKey: string;
  envValue: string;
  isSet: boolean;
}

/** What an input holds: text inputs hold strings (numbers too, until submit), selects hold an id or null. */
/** A nested row as the nested `_destroy` semantics of spec §7 edit it: a saved one has an id. */
interface NestedRow {
  id: string | null;
  _destroy?: boolean;
}

/** The rows with row i changed by patch. */
export function patchRow<R extends NestedRow>(rows: readonly R[], i: number, patch: Partial<R>): R[] {
  return rows.map((r, j) => (j === i ? { ...r, ...patch } : r));
}

/** Removing row i: a new row is simply dropped; a saved one stays, marked _destroy, so the save deletes it. */
export function removeRow<R extends NestedRow>(rows: readonly R[], i: number): R[] {
  return rows[i].id === null
    ? rows.filter((_, j) => j !== i)
    : rows.map((r, j) => (j === i ? { ...r, _destroy: true } : r));
}

export type FormValue = string | boolean | null | ChildRow[] | KeyValueRow[];
export type FormValues = Record<string, FormValue>;

export interface FormOptions {
  isCreate: boolean;
  isAdmin: boolean;
}

function objects(v: unknown): Record<string, unknown>[] {
  return Array.isArray(v) ? v.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null) : [];
}
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const idOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The input value of one field of a fetched record. */
export function toFormValue(f: FieldDef, v: unknown): FormValue {
  switch (f.kind) {
    case 'boolean':
      return v === true;
    case 'enum':
    case 'ref':
      return idOrNull(v);
    case 'keyValues':
      return objects(v).map((r) => ({ envKey: str(r.envKey), envValue: '', isSet: r.isSet === true }));
    case 'children':
      return objects(v).map((r) => ({
        ...blankChildRow(f),
        ...Object.fromEntries(
          Object.entries(f.fields).map(([name, child]) => [
            name,
            // A row's flag travels as text (the row inputs are strings): 'true' stays true through a save.
            child.kind === 'boolean' ? String(r[name] === true || r[name] === 'true') : toFormValue(child, r[name]),
          ]),
        ),
        id: idOrNull(r.id),
      }));
    case 'phone':
      // Shown the way spec §5 writes numbers; submit strips the punctuation again.
      return formatPhone(str(v));
    default:
      return str(v);
  }
}

export function toFormValues(def: ResourceDef, record: ResourceDraft, fieldNames: readonly string[]): FormValues {
  return Object.fromEntries(fieldNames.map((n) => [n, toFormValue(def.fields[n], record[n])]));
}

/** The fields a form of these sections may send: no read-only ones, no locked or admin-only ones it cannot set. */
export function editableFields(def: ResourceDef, fieldNames: readonly string[], opts: FormOptions): string[] {
  return fieldNames.filter((n) => {
    const f = def.fields[n];
    return !f.readOnly && !(f.createOnly && !opts.isCreate) && !(f.adminOnly && !opts.isAdmin);
  });
}

type Add = (path: string, message: string) => void;

/**
 * Spec §5: empty new rows are dropped; a saved row removed or with a required field emptied is sent for destruction.
 * Each kept row's fields are checked with the domain's rules, errors keyed by row (`phones.0.number`).
 */
function childRowsAttribute(name: string, f: ChildrenField, rows: ChildRow[], add: Add): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const columns = Object.entries(f.fields);
  rows.forEach((row, i) => {
    const typed = Object.fromEntries(columns.map(([column]) => [column, str(row[column]).trim()]));
    const missing = columns.some(([column, child]) => child.required && typed[column] === '');
    const empty = Object.values(typed).every((v) => v === '');
    if (row._destroy || (missing && (row.id !== null || empty))) {
      if (row.id !== null) out.push({ id: row.id, _destroy: true });
      return;
    }
    const attrs: Record<string, unknown> = {};
    for (const [column, child] of columns) {
      const value = attributeOf(column, child, typed[column], add);
      const error = checkFieldValue(child, value);
      if (error) add(`${name}.${i}.${column}`, error);
      // The API's row inputs take every value as text (a project texter's quota, its phone's id).
      attrs[column] = typeof value === 'number' ? String(value) : value;
    }
    out.push(row.id === null ? attrs : { id: row.id, ...attrs });
  });
  return out;
}

/** Provider settings as the API takes them: a row left blank sends its key alone (keeping the stored value). */
export function keyValueAttributes(rows: readonly KeyValueRow[]): { envKey: string; envValue?: string }[] {
  return rows
    .filter((r) => r.envKey !== '')
    .map((r) =>
      r.isSet && r.envValue.trim() === '' ? { envKey: r.envKey } : { envKey: r.envKey, envValue: r.envValue.trim() },
    );
}

function attributeOf(name: string, f: FieldDef, v: FormValue, add: Add): unknown {
  if (Array.isArray(v)) {
    if (f.kind === 'children') return childRowsAttribute(name, f, v as ChildRow[], add);
    return keyValueAttributes(v as KeyValueRow[]);
  }
  if (typeof v === 'boolean' || v === null) return v;
  const text = v.trim();
  if (text === '') return null;
  if (f.kind === 'number') return /^\d+(\.\d+)?$/.test(text) ? Number(text) : text; // a non-number fails validation
  if (f.kind === 'phone') {
    // Stored as 10 digits (spec §3); a malformed number goes as typed and validateAttributes names the problem.
    const normalized = normalizePhone(text);
    return 'number' in normalized ? normalized.number : text;
  }
  return text;
}

/**
 * Turns the form into create/update attributes and checks them with the domain's rules (the same the server runs),
 * plus the phone-list rows, which those rules do not look inside. Errors are keyed by input path (`phones.0.number`).
 */
export function toAttributes(
  def: ResourceDef,
  values: FormValues,
  fieldNames: readonly string[],
  opts: FormOptions,
  current: Record<string, unknown> = {},
): { attributes: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const add: Add = (path, message) => (errors[path] ??= []).push(message);
  const raw: Record<string, unknown> = {};
  for (const name of editableFields(def, fieldNames, opts)) {
    if (name in values) raw[name] = attributeOf(name, def.fields[name], values[name], add);
  }
  const attributes = normalizeAttributes(def, raw);
  for (const [path, list] of Object.entries(validateAttributes(def, attributes, opts, current))) {
    // A children field's problem is already shown on its row (`phones.1.number`), where the user can fix it.
    if (def.fields[path]?.kind === 'children' && Object.keys(errors).some((k) => k.startsWith(`${path}.`))) continue;
    for (const message of list) add(path, message);
  }
  return { attributes, errors };
}

/** The form values a change implies (campaign: Unregistered clears the client), as a patch. */
export function impliedChanges(def: ResourceDef, values: FormValues): FormValues {
  const normalized = normalizeAttributes(def, values);
  const patch: FormValues = {};
  for (const [k, v] of Object.entries(normalized)) {
    if (v !== values[k] && (v === null || typeof v === 'string' || typeof v === 'boolean')) patch[k] = v;
  }
  return patch;
}
