import type { FieldError } from './session-types';

/** The server's errors map as Mantine form errors: { email: 'Email has already been taken' }. */
export function toFormErrors(errors: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((error) => [error.field, error.messages.join('. ')]));
}
