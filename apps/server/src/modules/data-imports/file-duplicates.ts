import type { ImportTarget } from './import-target';

/**
 * Finds the rows of a file that repeat an earlier row of the same file: same values of the target's natural key,
 * or of every field when it has none. Answers the reason naming the earlier row by its number in the sheet, or
 * null for a row seen first. Such a row is the file's own repetition, not a row already in the organization, so it
 * is rejected with that reason rather than counted among the skipped.
 */
export function duplicateFinder(target: ImportTarget) {
  const names = target.key ?? target.fields.map((f) => f.name);
  const at = names.map((name) => target.fields.findIndex((f) => f.name === name));
  const same = target.key ? ` (same ${at.map((i) => target.fields[i].label.toLowerCase()).join(' and ')})` : '';
  // An email is the same whatever its case: sign-in and the accounts' unique key compare it lowercased.
  const lowered = at.map((i) => target.fields[i].kind === 'email');
  const firstRow = new Map<string, number>();
  return (values: (string | null)[], row: number): string | null => {
    const parts = at.map((i, k) => (lowered[k] ? (values[i]?.toLowerCase() ?? null) : values[i]));
    const key = parts.length === 1 ? (parts[0] ?? '') : JSON.stringify(parts);
    const first = firstRow.get(key);
    if (first === undefined) {
      firstRow.set(key, row);
      return null;
    }
    return `Duplicate of row ${first} of this file${same}`;
  };
}
