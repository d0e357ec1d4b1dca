import { Provider } from './enums';
import { messages } from './messages';
import { normalizePhone } from './phone';
import { providerEnvKeys } from './provider-keys';
import type { FieldDef, ResourceDef } from './resource';
import { inputFields } from './resource';

export type FieldErrors = Record<string, string[]>;

export interface ValidateOptions {
  isCreate: boolean;
  isAdmin: boolean;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

function checkField(name: string, f: FieldDef, value: unknown): string | undefined {
  if (isBlank(value)) return f.required ? messages.required(f.label) : undefined;
  if (f.maxLength !== undefined && String(value).length > f.maxLength) return messages.tooLong(f.label, f.maxLength);
  switch (f.kind) {
    case 'enum':
      if (!f.enum.is(value)) return messages.invalidOption(f.label);
      if (f.exclude?.includes(value as string)) return messages.cannotBeChosen(f.label);
      return undefined;
    case 'number':
      if (f.integer) return /^\d+$/.test(String(value)) ? undefined : messages.wholeNumber(f.label);
      return /^\d+(\.\d+)?$/.test(String(value)) ? undefined : `${f.label} must be a number`;
    case 'phone': {
      const n = normalizePhone(String(value));
      return 'error' in n ? n.error : undefined;
    }
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value)) ? undefined : messages.invalidEmail;
    default:
      void name;
      return undefined;
  }
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
  campaign: (c) =>
    c.campaignType === 'Registered' && isBlank(c.clientId) ? [['clientId', messages.clientRequiredWhenRegistered]] : [],
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

/** Fills what a campaign form implies: Unregistered clears the client (spec §5). */
export function normalizeAttributes(def: ResourceDef, attrs: Record<string, unknown>): Record<string, unknown> {
  if (def.name === 'campaign' && attrs.campaignType === 'Unregistered') return { ...attrs, clientId: null };
  return attrs;
}
