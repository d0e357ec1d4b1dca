import { Provider } from './enums';
import { usTimeZones } from './geography';
import { messages } from './messages';
import { priceRowErrors, type PriceRowInput } from './prices';
import { quietHoursErrors, type QuietHours } from './quiet-hours';
import { providerEnvKeys } from './provider-keys';
import { children, defineResource, field, oneOf, text, type ChildRowInput, type ChildrenField } from './resource';
import { checkFieldValue, type FieldErrors } from './validate';

/**
 * The organization (spec §3 Organization, §2 organization row). Not a registry resource: it has update only (spec
 * §7) and no list. Its entry describes the fields the generic form edits (General, Text Defaults, Domains, Providers
 * Colors); prices and provider configurations have their own rows and sections.
 */
export const organization = defineResource({
  name: 'organization',
  plural: 'organizations',
  typeName: 'Organization',
  label: 'Organization',
  pluralLabel: 'Organizations',
  path: 'organization',
  fields: {
    name: text('Name', { required: true, maxLength: 255 }),
    domain: text('Domain', { required: true, maxLength: 253 }),
    timeZone: text('Time zone', { required: true }),
    textDefaults: children('Text defaults', {
      typeName: 'OrganizationTextDefault',
      rowLabel: 'text default',
      fields: {
        field: text('Key', { required: true, maxLength: 100, placeholder: 'Key' }),
        value: text('Value', { required: true, maxLength: 1000, placeholder: 'Value' }),
      },
    }),
    customDomains: children('Domains', {
      typeName: 'CustomDomain',
      rowLabel: 'domain',
      fields: { domain: text('Domain', { required: true, format: 'hostname', placeholder: 'texts.example.org' }) },
    }),
    providerColors: children('Provider colours', {
      typeName: 'ProviderColor',
      rowLabel: 'provider colour',
      fields: {
        provider: oneOf(Provider, 'Provider', { required: true }),
        color: field('color', 'Colour', { required: true }),
      },
    }),
  },
  list: { columns: ['name'], search: 'name', sortBy: 'name', sortOrder: 'Asc', exportColumns: ['name'] },
  sections: [
    { title: 'General', path: 'general', fields: ['name', 'domain', 'timeZone'] },
    { title: 'Text Defaults', path: 'text-defaults', fields: ['textDefaults'] },
    { title: 'Domains', path: 'domains', fields: ['customDomains'] },
    { title: 'Providers Colors', path: 'providers-colors', fields: ['providerColors'] },
  ],
  ownedBy: null,
  messages: { destroyed: 'The organization has been deleted successfully' },
});

export const organizationMessages = {
  onlyAdmins: 'Only an organization admin can change the organization',
  domainElsewhere: 'This domain belongs to another organization',
  invalidTimeZone: 'Time zone is not a valid option',
  settingTwice: (key: string) => `${key} is given more than once`,
  duplicateKey: (label: string) => `${label} has already been taken`,
} as const;

/** A provider configuration row (spec §3): its settings are write-only key/value rows. */
export interface ProviderConfigurationRowInput extends ChildRowInput {
  name?: string | null;
  provider?: string | null;
  isActive?: boolean | null;
  values?: { envKey: string; envValue?: string | null; clear?: boolean | null }[] | null;
}

export interface OrganizationAttributes {
  name?: string | null;
  domain?: string | null;
  timeZone?: string | null;
  textDefaults?: ChildRowInput[] | null;
  customDomains?: ChildRowInput[] | null;
  providerColors?: ChildRowInput[] | null;
  prices?: PriceRowInput[] | null;
  providerConfigurations?: ProviderConfigurationRowInput[] | null;
  /** Stored in organizations.settings (quiet-hours.ts); given whole, it replaces the stored one. */
  quietHours?: QuietHours | null;
}

const blank = (v: unknown) => v == null || String(v).trim() === '';

/** Host names are stored lower-case (a browser's Host header is), trimmed. */
export const normalizeHostName = (value: string) => value.trim().toLowerCase();

/** A row that stays after the save: not marked _destroy and with every required field filled in. */
function kept(f: ChildrenField, row: ChildRowInput): boolean {
  return !row._destroy && Object.entries(f.fields).every(([name, c]) => !c.required || !blank(row[name]));
}

/**
 * The rows of a children field checked one by one, errors keyed by row (`textDefaults.0.value`), plus a value that
 * must be unique among the kept rows (a key, a domain, a provider). Rows that will be dropped are not held against
 * the record (spec §5: an emptied row is removed).
 */
export function childRowErrors(
  name: string,
  f: ChildrenField,
  rows: readonly ChildRowInput[] | null | undefined,
  unique?: { field: string; normalize?: (v: string) => string },
): FieldErrors {
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  (rows ?? []).forEach((row, i) => {
    if (!kept(f, row)) return;
    for (const [column, c] of Object.entries(f.fields)) {
      const raw = row[column];
      const value = c.format === 'hostname' && typeof raw === 'string' ? normalizeHostName(raw) : raw;
      const error = checkFieldValue(c, value);
      if (error) (errors[`${name}.${i}.${column}`] ??= []).push(error);
    }
    if (unique) {
      const key = (unique.normalize ?? ((v: string) => v.trim()))(String(row[unique.field]));
      if (seen.has(key))
        (errors[`${name}.${i}.${unique.field}`] ??= []).push(
          organizationMessages.duplicateKey(f.fields[unique.field].label),
        );
      seen.add(key);
    }
  });
  return errors;
}

/** Each children field's unique column: one value per key, host name and provider in an organization. */
export const organizationUniqueRows = {
  textDefaults: { field: 'field' },
  customDomains: { field: 'domain', normalize: normalizeHostName },
  providerColors: { field: 'provider' },
} as const;

/** Provider configurations: name and provider required, settings only of that provider (spec §9). */
export function providerConfigurationErrors(
  rows: readonly ProviderConfigurationRowInput[] | null | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  (rows ?? []).forEach((row, i) => {
    if (row._destroy) return;
    const at = `providerConfigurations.${i}`;
    if (blank(row.name)) add(`${at}.name`, messages.required('Name'));
    if (!Provider.is(row.provider)) return add(`${at}.provider`, messages.required('Provider'));
    const keys: readonly string[] = providerEnvKeys[row.provider];
    const foreign = (row.values ?? []).find((v) => !keys.includes(v.envKey));
    if (foreign) add(`${at}.values`, messages.notAProviderKey(foreign.envKey, row.provider));
    const keysGiven = (row.values ?? []).map((v) => v.envKey);
    const twice = keysGiven.find((k, j) => keysGiven.indexOf(k) !== j);
    if (twice) add(`${at}.values`, organizationMessages.settingTwice(twice));
  });
  return errors;
}

/**
 * Every rule of an organization update that needs no database (spec §5: name, domain and time zone required; text
 * default key and value, provider colour provider and colour), the same in the form and on the server.
 */
export function validateOrganization(attrs: OrganizationAttributes): FieldErrors {
  const errors: FieldErrors = {};
  const f = organization.fields;
  for (const name of ['name', 'domain', 'timeZone'] as const) {
    if (!(name in attrs)) continue;
    const error = checkFieldValue(f[name], attrs[name]);
    if (error) errors[name] = [error];
  }
  if (!errors.timeZone && 'timeZone' in attrs && !usTimeZones.some((z) => z.name === attrs.timeZone))
    errors.timeZone = [organizationMessages.invalidTimeZone];
  for (const name of ['textDefaults', 'customDomains', 'providerColors'] as const)
    Object.assign(errors, childRowErrors(name, f[name], attrs[name], organizationUniqueRows[name]));
  Object.assign(errors, priceRowErrors(attrs.prices), providerConfigurationErrors(attrs.providerConfigurations));
  if (attrs.quietHours)
    for (const [path, list] of Object.entries(quietHoursErrors(attrs.quietHours))) errors[`quietHours.${path}`] = list;
  return errors;
}
