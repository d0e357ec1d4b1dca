import { useState } from 'react';
import { patchRow, removeRow } from '../../ui/form/form-values';
import type { FormErrors } from '../../ui/form/useFormState';
import type { OrganizationRecord } from './organization-documents';
import { useSaveOrganization } from './use-save-organization';

/**
 * The state of an organization section that edits nested rows by hand (prices, provider configurations): the rows
 * with their spec §7 `_destroy` edits, the errors keyed by row, and the save.
 */
export function useRowsSection<R extends { id: string | null; _destroy?: boolean }>(
  record: OrganizationRecord,
  initial: () => R[],
) {
  const [rows, setRows] = useState<R[]>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveOrganization(record.id);
  return {
    rows,
    setRows,
    errors,
    setErrors,
    save,
    disabled: !record.can.update || save.running,
    set: (i: number, patch: Partial<R>) => setRows((prev) => patchRow(prev, i, patch)),
    remove: (i: number) => setRows((prev) => removeRow(prev, i)),
  };
}
