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
