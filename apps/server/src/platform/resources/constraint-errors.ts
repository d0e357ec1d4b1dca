import { messages, type FieldErrors, type ResourceDef } from '@canvass/domain';
import { PgCode, pgError } from '../db/pg-errors';

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Turns a PostgreSQL constraint violation into the errors map a form shows, so a race that slips past the checks
 * (two people taking the same slug at once) still gets a clear message. Returns null for any other error.
 */
export function constraintErrors(err: unknown, def: ResourceDef): FieldErrors | null {
  const { code, message, ...rest } = pgError(err);
  // On Citus the error comes from a worker without its constraint field; its message still names the constraint
  // (with the shard's number appended).
  const constraint = rest.constraint ?? message;
  if (code === PgCode.uniqueViolation) {
    const field = Object.keys(def.fields).find((f) => constraint?.includes(`_${snake(f)}_`));
    return field
      ? { [field]: [messages.taken(def.fields[field].label)] }
      : { base: [`This ${def.label.toLowerCase()} already exists`] };
  }
  if (code === PgCode.foreignKeyViolation)
    return { base: [`This ${def.label.toLowerCase()} is still in use and cannot be deleted`] };
  return null;
}
