import { listErrorMessages, MAX_LIST_COLUMNS, type EnumValue, type ListColumnRole } from '@canvass/domain';
import { SheetError } from './sources/source';

export type ColumnRole = EnumValue<typeof ListColumnRole>;

/** Where each part of a row is in the sheet's cells, from the column roles the user chose. */
export interface ColumnPlan {
  phone: number;
  firstName: number | null;
  lastName: number | null;
  /** The cells kept as columnOne … in order. */
  columns: number[];
}

const fail = (status: keyof typeof listErrorMessages): never => {
  throw new SheetError(status as ConstructorParameters<typeof SheetError>[0], listErrorMessages[status]);
};

/**
 * Checks the roles (one phone column, at most one first and one last name, at most 50 kept columns) and says
 * where each part is; a wrong choice is a SheetError with its status of spec §4, so nothing is loaded.
 */
export function planColumns(roles: readonly ColumnRole[]): ColumnPlan {
  const at = (role: ColumnRole) => roles.flatMap((r, i) => (r === role ? [i] : []));
  const phones = at('Phone');
  if (phones.length > 1) fail('ErrorMultiplePhoneNumbersSelected');
  if (phones.length === 0) fail('ErrorUnableToSelectAPhoneNumber');
  const firstNames = at('FirstName');
  if (firstNames.length > 1) fail('ErrorMultipleNamesSelected');
  const lastNames = at('LastName');
  if (lastNames.length > 1) fail('ErrorMultipleLastNamesSelected');
  const columns = at('Column');
  if (columns.length > MAX_LIST_COLUMNS) fail('ErrorSheetExceedsMaxColumns');
  return { phone: phones[0], firstName: firstNames[0] ?? null, lastName: lastNames[0] ?? null, columns };
}
