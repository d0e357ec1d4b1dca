import { listErrorMessages, MAX_LIST_COLUMNS } from '@canvass/domain';
import type { ColumnRole } from './list-operations';

// Header words that name a role; checked in this order, so "Phone number" is a phone and "Last name" a last name.
const guesses: readonly [RegExp, ColumnRole][] = [
  [/phone|cell|mobile|number/i, 'Phone'],
  [/first/i, 'FirstName'],
  [/last|surname/i, 'LastName'],
];

/**
 * A role for each column, guessed from the header names: the first phone-like column is the Phone, the first
 * "first…" and "last…" columns the names, and everything else kept as a column. A second match is kept as a
 * column rather than given the same role, so the guess itself never makes a load fail.
 */
export function guessColumnRoles(headers: readonly string[]): ColumnRole[] {
  const taken = new Set<ColumnRole>();
  return headers.map((header) => {
    const role = guesses.find(([pattern]) => pattern.test(header))?.[1];
    if (!role || taken.has(role)) return 'Column';
    taken.add(role);
    return role;
  });
}

/**
 * What the server would refuse in these roles (the same checks and words as the load's, from packages/domain),
 * so the user fixes them before anything is sent. Empty when the roles can be loaded.
 */
export function columnRoleProblems(roles: readonly ColumnRole[]): string[] {
  const count = (role: ColumnRole) => roles.filter((r) => r === role).length;
  const problems: string[] = [];
  if (count('Phone') === 0) problems.push(listErrorMessages.ErrorUnableToSelectAPhoneNumber);
  if (count('Phone') > 1) problems.push(listErrorMessages.ErrorMultiplePhoneNumbersSelected);
  if (count('FirstName') > 1) problems.push(listErrorMessages.ErrorMultipleNamesSelected);
  if (count('LastName') > 1) problems.push(listErrorMessages.ErrorMultipleLastNamesSelected);
  if (count('Column') > MAX_LIST_COLUMNS) problems.push(listErrorMessages.ErrorSheetExceedsMaxColumns);
  return problems;
}

/** The header names of the kept columns, in order: what a message can insert as a placeholder. */
export function placeholderNames(headers: readonly string[], roles: readonly ColumnRole[]): string[] {
  return headers.filter((_, i) => roles[i] === 'Column');
}
