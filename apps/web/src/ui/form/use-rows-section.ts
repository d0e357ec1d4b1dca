import { useState } from 'react';
import { patchRow, removeRow } from './form-values';
import type { FormErrors } from './use-form-state';

/**
 * The state of a section that edits nested rows by hand (prices, provider configurations): the rows with their
 * spec §7 `_destroy` edits, the errors keyed by row, and whether they can be edited now (allowed, not saving).
 */
export function useRowsSection<R extends { id: string | null; _destroy?: boolean }>(
  initial: () => R[],
  { canUpdate, saving }: { canUpdate: boolean; saving: boolean },
) {
  const [rows, setRows] = useState<R[]>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  return {
    rows,
    setRows,
    errors,
    setErrors,
    disabled: !canUpdate || saving,
    set: (i: number, patch: Partial<R>) => setRows((prev) => patchRow(prev, i, patch)),
    remove: (i: number) => setRows((prev) => removeRow(prev, i)),
  };
}
