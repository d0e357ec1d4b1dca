import type { ImportTarget } from './targets';

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
  const firstRow = new Map<string, number>();
  return (values: (string | null)[], row: number): string | null => {
    const key = at.length === 1 ? (values[at[0]] ?? '') : JSON.stringify(at.map((i) => values[i]));
    const first = firstRow.get(key);
    if (first === undefined) {
      firstRow.set(key, row);
      return null;
    }
    return `Duplicate of row ${first} of this file${same}`;
  };
}
