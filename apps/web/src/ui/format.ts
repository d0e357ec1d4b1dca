import {
  entryByName,
  fileSizeText,
  formatPhone,
  type FieldDef,
  type RefField,
  type ResourceDef,
} from '@canvass/domain';
import dayjs from 'dayjs';
import { displayTimeZone } from '../session/display-zone';

/** The parts of an instant in the display zone (the organization's), with the zone's short name. */
function zonedParts(value: string): Record<string, string> | null {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: displayTimeZone(),
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).formatToParts(at);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/**
 * Spec §9: every date-time on screen reads M/D/YYYY hh:mm a, here in the organization's time zone with the zone
 * named ('12/1/2026 08:00 am EST'): a time without its zone is read in the reader's own.
 */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const p = zonedParts(value);
  return p
    ? `${p.month}/${p.day}/${p.year} ${p.hour}:${p.minute} ${p.dayPeriod.toLowerCase()} ${p.timeZoneName}`
    : value;
}

/** The time of day of an instant in the organization's time zone, 24-hour ('14:05'): a chart's axis. */
export function formatTimeOfDay(value: string): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: displayTimeZone(),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** A YYYY-MM-DD date field shown the same way as date-times, without the time. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('M/D/YYYY') : value;
}

/**
 * An amount as the API sends it (exact decimal text, '1234.5') in dollars with two decimals ('$1,234.50'), by
 * rewriting the digits: no float ever holds it (spec §9, currency to 2 decimals).
 */
export function formatMoney(value: string): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return value;
  const whole = m[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (m[3] ?? '').padEnd(2, '0').slice(0, 2);
  return `${m[1]}$${whole}.${cents}`;
}

/** The plain text of a scalar or enum value, as every screen writes it ('' when empty). */
export function displayText(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'datetime':
      return formatDateTime(value);
    case 'date':
      return formatDate(value);
    case 'phone':
      return formatPhone(String(value));
    case 'money':
      return formatMoney(String(value));
    case 'number':
      return field.unit === 'bytes' && typeof value === 'number' ? fileSizeText(value) : String(value);
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'enum':
      return field.enum.is(value) ? field.enum.label(value) : String(value);
    default:
      return typeof value === 'object' ? '' : String(value);
  }
}

/** A reference's name as its target's own pages write it: a phone's number formatted, like the phone's title. */
export function referenceText(field: RefField, name: string): string {
  const target = entryByName(field.resource);
  return target ? displayText(target.fields[titleField(target)], name) || name : name;
}

/** Whether a reference reads as a phone number: one line in a narrow column, never '(212)-555-' over '0100'. */
export function isPhoneReference(field: RefField): boolean {
  const target = entryByName(field.resource);
  return target?.fields[titleField(target)].kind === 'phone';
}

/** The field a record is called by: its name, or its search field (a phone's number) when it has none. */
const titleField = (def: ResourceDef) => ('name' in def.fields ? 'name' : def.list.search);

/** What a record is called in headings: its name, or its search field (a phone's number) when it has none. */
export function recordTitle(def: ResourceDef, record: Record<string, unknown>): string {
  const key = titleField(def);
  return displayText(def.fields[key], record[key]) || String(record.id ?? '');
}
