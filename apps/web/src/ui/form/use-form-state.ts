import type { FieldErrors, ResourceDef } from '@canvass/domain';
import { useCallback, useState } from 'react';
import { impliedChanges, type FormValue, type FormValues } from './form-values';

/** Error text by input path ('name', 'phones.0.number'). */
export type FormErrors = Record<string, string>;

export function joinErrors(errors: FieldErrors): FormErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, list]) => [path, list.join(' ')]));
}

/**
 * The values and errors of a resource form. A change clears the errors of what changed and applies what the
 * domain says it implies (normalizeAttributes), so that rule lives in one place. When the record changes under
 * the form (the header's status control saved), fields the user has not touched follow it, so a later Save
 * does not put the old value back.
 */
export function useFormState(def: ResourceDef, initial: FormValues) {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const initialKey = JSON.stringify(initial);
  const [syncedKey, setSyncedKey] = useState(initialKey);

  if (syncedKey !== initialKey) {
    // Adjusting state during render (React's documented pattern) avoids a render with the stale value.
    setSyncedKey(initialKey);
    setValues((prev) => ({ ...initial, ...Object.fromEntries([...touched].map((n) => [n, prev[n]])) }));
  }

  const setValue = useCallback(
    (name: string, value: FormValue) => {
      setValues((prev) => {
        const next = { ...prev, [name]: value };
        return { ...next, ...impliedChanges(def, next) };
      });
      setTouched((prev) => new Set(prev).add(name));
      setErrors((prev) =>
        Object.fromEntries(Object.entries(prev).filter(([path]) => path !== name && !path.startsWith(`${name}.`))),
      );
    },
    [def],
  );

  /** After a save: the saved record is the new starting point and nothing is touched. */
  const resetTo = useCallback((next: FormValues) => {
    setValues(next);
    setTouched(new Set());
    setErrors({});
  }, []);

  /** Whether the user changed anything since the form opened or was last saved. */
  const dirty = touched.size > 0;
  return { values, errors, dirty, setValue, setErrors, resetTo };
}
