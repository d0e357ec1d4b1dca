import { Provider } from './enums';
import { usStates } from './geography';
import { listFilterRules } from './list-filters';
import { userRules } from './users';
import { messages } from './messages';
import { isLocalDateTime } from './date-time';
import { normalizePhone } from './phone';
import { providerEnvKeys } from './provider-keys';
import type { ChildRowInput, ChildrenField, FieldDef, ResourceDef } from './resource';
import { inputFields } from './resource';

export type FieldErrors = Record<string, string[]>;

export interface ValidateOptions {
  isCreate: boolean;
  isAdmin: boolean;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

const SLUG = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
/**
 * Exact decimal text that fits a numeric(precision, scale) column: never negative, at most precision − scale whole
 * digits and `scale` decimals. Money stays text from the form to the column, so nothing passes through a float.
 * Collections' amounts are numeric(14, 2); prices numeric(12, 4).
 */
export function isMoneyText(value: string, scale = 2, precision = 14): boolean {
  return new RegExp(`^\\d{1,${precision - scale}}(\\.\\d{1,${scale}})?$`).test(value.trim());
}

const STATES = new Set(usStates.map((s) => s.abbreviation));

/** A web address a browser can open: http(s) with a dotted host. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A bare host name as a browser sends it in Host: lower-case, no scheme, path or port, at least two labels of 1–63
 * letters, digits or inner dashes, 253 characters at most (texts.example.org).
 */
export function isHostName(value: string): boolean {
  const labels = value.split('.');
  return value.length <= 253 && labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l));
}

function checkFormat(f: FieldDef, value: string): string | undefined {
  if (f.format === 'slug') return SLUG.test(value) ? undefined : messages.slugInvalid;
  if (f.format === 'usState') return STATES.has(value) ? undefined : messages.invalidState;
  // Stored lower-case (normalizeHostName); the case typed is no error.
  if (f.format === 'hostname') return isHostName(value.trim().toLowerCase()) ? undefined : messages.invalidHostName;
  return undefined;
}

/** An email address as a form takes one: something@somewhere.tld, no spaces. */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/**
 * Rows and objects (a children or keyValues field's value) have no text of their own to measure or format. String()
 * would even throw on them when they come from a GraphQL literal written inline: graphql-js builds those objects
 * without a prototype, unlike a variable's value.
 */
function isStructured(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

function checkField(name: string, f: FieldDef, value: unknown): string | undefined {
  if (isBlank(value)) return f.required ? messages.required(f.label) : undefined;
  if (isStructured(value)) return f.kind === 'children' ? checkChildRows(f, value) : undefined;
  if (f.maxLength !== undefined && String(value).length > f.maxLength) return messages.tooLong(f.label, f.maxLength);
  const formatError = checkFormat(f, String(value));
  if (formatError) return formatError;
  switch (f.kind) {
    case 'enum':
      if (!f.enum.is(value)) return messages.invalidOption(f.label);
      if (f.exclude?.includes(value as string)) return messages.cannotBeChosen(f.label);
      return undefined;
    case 'number':
      if (f.integer && !/^\d+$/.test(String(value))) return messages.wholeNumber(f.label);
      if (!/^\d+(\.\d+)?$/.test(String(value))) return `${f.label} must be a number`;
      if (f.min !== undefined && Number(value) < f.min) return messages.atLeast(f.label, f.min);
      return f.max !== undefined && Number(value) > f.max ? messages.atMost(f.label, f.max) : undefined;
    case 'money':
      return isMoneyText(String(value)) ? undefined : messages.invalidAmount(f.label);
    case 'datetime':
      return isLocalDateTime(String(value)) ? undefined : messages.invalidDateTime(f.label);
    case 'url':
      return isWebAddress(String(value)) ? undefined : messages.invalidUrl;
    case 'ref':
      // An id is a positive whole number; anything else cannot name a record.
      return /^[1-9]\d{0,15}$/.test(String(value)) ? undefined : messages.invalidId(String(value));
    case 'phone': {
      const n = normalizePhone(String(value));
      return 'error' in n ? n.error : undefined;
    }
    case 'email':
      return isEmailAddress(String(value)) ? undefined : messages.invalidEmail;
    default:
      void name;
      return undefined;
  }
}

/** One field's value against its rules (required, length, format, kind): the message, or undefined when fine. */
export function checkFieldValue(f: FieldDef, value: unknown): string | undefined {
  return checkField('', f, value);
}

/**
 * The first problem among rows that will be kept (not removed, required fields filled in): a row that will be
 * dropped or deleted is not held against the record.
 */
function checkChildRows(f: ChildrenField, value: unknown): string | undefined {
  for (const row of Array.isArray(value) ? (value as ChildRowInput[]) : []) {
    if (row._destroy) continue;
    const fields = Object.entries(f.fields);
    if (fields.some(([name, child]) => child.required && isBlank(row[name]))) continue;
    for (const [name, child] of fields) {
      const err = checkField(name, child, row[name]);
      if (err) return err;
    }
  }
  return undefined;
}

/**
 * Checks a create or update against the resource's field rules and its own cross-field rules.
 * The same function runs in the form (before submit) and on the server (the authority).
 * On update only the attributes present are checked; on create every required field must be there.
 */
export function validateAttributes(
  def: ResourceDef,
  attrs: Record<string, unknown>,
  opts: ValidateOptions,
  current: Record<string, unknown> = {},
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  for (const [name, f] of inputFields(def)) {
    const present = name in attrs;
    if (!opts.isCreate && !present) continue;
    // Left out of a create, a choice with a default takes it (the server's withDefaults): a form that does not show
    // it (a text's status) is not missing it.
    if (!present && f.kind === 'enum' && f.default) continue;
    if (!opts.isCreate && f.createOnly) continue;
    // The server decides admin-only fields for non-admins (default on create, unchanged on update).
    if (f.adminOnly && !opts.isAdmin) continue;
    const err = checkField(name, f, attrs[name]);
    if (err) add(name, err);
  }
  const rules = resourceRules[def.name];
  if (rules) for (const [field, message] of rules({ ...current, ...attrs })) add(field, message);
  return errors;
}

/** A provider setting as a form or the API carries it: values are write-only, so a row may only say it is set. */
interface KeyValueRow {
  envKey?: unknown;
  envValue?: unknown;
  isSet?: unknown;
  clear?: unknown;
}

/**
 * Spec §5 "every key needs a non-blank value", with write-only values: a row is set when it says so (a stored
 * row), when it brings a non-blank value, or when it brings none and asks to keep the stored one.
 */
export function keyValueIsSet(v: KeyValueRow): boolean {
  if (typeof v.isSet === 'boolean') return v.isSet;
  if (v.clear === true) return false;
  return v.envValue == null || !isBlank(v.envValue);
}

type Rule = (merged: Record<string, unknown>) => [string, string][];

/** Cross-field rules of spec §5, by resource. */
const resourceRules: Record<string, Rule> = {
  campaign: (c) => [
    ...(c.campaignType === 'Registered' && isBlank(c.clientId)
      ? ([['clientId', messages.clientRequiredWhenRegistered]] as [string, string][])
      : []),
    // ISO dates (YYYY-MM-DD) compare as strings.
    ...(!isBlank(c.startDate) && !isBlank(c.endDate) && String(c.endDate) < String(c.startDate)
      ? ([['endDate', messages.endBeforeStart]] as [string, string][])
      : []),
  ],
  // A text goes from one of the organization's numbers to another: without both it cannot be sent. Not NOT NULL
  // columns: a received text's sender may be a number the organization never stored.
  text: (t) => [
    ...(isBlank(t.fromPhoneId) ? ([['fromPhoneId', messages.required('From phone')]] as [string, string][]) : []),
    ...(isBlank(t.toPhoneId) ? ([['toPhoneId', messages.required('To phone')]] as [string, string][]) : []),
  ],
  // Spec §5: 'client when type is Client'.
  phone: (p) =>
    p.phoneType === 'ClientPhone' && isBlank(p.clientId) ? [['clientId', messages.required('Client')]] : [],
  listFilter: listFilterRules,
  // Spec §5: the fee belongs to a Collection only (other types clear it: the field's enabledWhen).
  collection: (c) => (c.collectionType === 'Collection' && isBlank(c.fee) ? [['fee', messages.required('Fee')]] : []),
  user: userRules,
  brand: (b) => {
    const values = (b.providerConfigurationValues ?? []) as KeyValueRow[];
    const keys: readonly string[] = Provider.is(b.provider) ? providerEnvKeys[b.provider] : [];
    const foreign = values.find((v) => !keys.includes(String(v.envKey)));
    if (foreign && Provider.is(b.provider)) {
      return [['providerConfigurationValues', messages.notAProviderKey(String(foreign.envKey), b.provider)]];
    }
    if (b.providerConfigurationType !== 'Custom') return [];
    return values.some((v) => !keyValueIsSet(v))
      ? [['providerConfigurationValues', messages.customConfigNeedsValues]]
      : [];
  },
};

/**
 * Whether a field is switched off by another field's value (an Unregistered campaign has no client, spec §5), or
 * does not apply to it (only a State list filter has a state). A value not given yet switches nothing off, so an
 * update that leaves the deciding field alone keeps the field.
 */
export function isFieldDisabled(f: FieldDef, values: Record<string, unknown>): boolean {
  const isOneOf = (v: unknown, value: string | readonly string[]) => [value].flat().includes(v as string);
  if (Object.entries(f.disabledWhen ?? {}).some(([other, value]) => isOneOf(values[other], value))) return true;
  return Object.entries(f.enabledWhen ?? {}).some(
    ([other, value]) => other in values && !isOneOf(values[other], value),
  );
}

/** Fills what a form implies: a field disabled by another's value is cleared (Unregistered clears the client). */
export function normalizeAttributes(def: ResourceDef, attrs: Record<string, unknown>): Record<string, unknown> {
  const cleared = Object.entries(def.fields).filter(([, f]) => isFieldDisabled(f, attrs));
  return cleared.length ? { ...attrs, ...Object.fromEntries(cleared.map(([name]) => [name, null])) } : attrs;
}
