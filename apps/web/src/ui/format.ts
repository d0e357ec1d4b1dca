import { formatPhone, type FieldDef, type ResourceDef } from '@canvass/domain';
import dayjs from 'dayjs';

/** Spec §9: every date-time on screen reads M/D/YYYY hh:mm a. */
export function formatDateTime(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('M/D/YYYY hh:mm a') : value;
}

/** A YYYY-MM-DD date field shown the same way as date-times, without the time. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('M/D/YYYY') : value;
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
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'enum':
      return field.enum.is(value) ? field.enum.label(value) : String(value);
    default:
      return typeof value === 'object' ? '' : String(value);
  }
}

/** What a record is called in headings: its name, or its search field (a phone's number) when it has none. */
export function recordTitle(def: ResourceDef, record: Record<string, unknown>): string {
  const key = 'name' in def.fields ? 'name' : def.list.search;
  return displayText(def.fields[key], record[key]) || String(record.id ?? '');
}
