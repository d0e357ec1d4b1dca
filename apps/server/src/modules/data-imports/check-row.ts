import { cleanListPhone, isEmailAddress } from '@canvass/domain';
import type { PlannedField } from './mapping';
import type { RowContext, StagedRow } from './import-target';

export type RowOutcome = { values: (string | null)[] } | { reason: string };

const US_STATE = /^[A-Za-z]{2}$/;

/** Finds the enum value a cell names, by value or by label, case aside. */
function enumLookup(field: PlannedField['field']): Map<string, string> {
  const lookup = new Map<string, string>();
  for (const o of field.enum?.options() ?? []) {
    lookup.set(o.label.toLowerCase(), o.value);
    lookup.set(o.value.toLowerCase(), o.value);
  }
  return lookup;
}

/**
 * Checks one row of the file against the planned fields, in Node (as list rows are cleaned): the staged values in
 * field order, or the first reason the row cannot go in. The context names the clients and teams a row may name
 * (by lowercased name) and the target's rule over the whole row, which has the last word; a number's state comes
 * from its area code unless a column gives it.
 */
export function rowChecker(planned: PlannedField[], context: RowContext) {
  const { clientsByName, teamsByName = new Map<string, number>(), rule } = context;
  const lookups = planned.map((p) => (p.field.kind === 'enum' ? enumLookup(p.field) : null));
  const stateAt = planned.findIndex((p) => p.field.kind === 'state');
  return (row: string[]): RowOutcome => {
    const values: (string | null)[] = [];
    let areaState: string | null = null;
    for (let i = 0; i < planned.length; i++) {
      const { field, index } = planned[i];
      const raw = index === null ? '' : (row[index] ?? '').trim();
      if (!raw) {
        if (field.required) return { reason: `${field.label} is required` };
        values.push(field.default ?? null);
        continue;
      }
      if (field.maxLength && raw.length > field.maxLength)
        return { reason: `${field.label} is too long (${field.maxLength} characters at most)` };
      switch (field.kind) {
        case 'phone': {
          const phone = cleanListPhone(raw);
          if (!phone) return { reason: `${field.label} "${raw}" is not a valid US phone number` };
          values.push(phone.number);
          areaState ??= phone.state;
          break;
        }
        case 'enum': {
          const value = lookups[i]!.get(raw.toLowerCase());
          if (!value)
            return {
              reason: `${field.label} "${raw}" is not one of ${field
                .enum!.options()
                .map((o) => o.label)
                .join(', ')}`,
            };
          values.push(value);
          break;
        }
        case 'email':
          if (!isEmailAddress(raw)) return { reason: `${field.label} "${raw}" is not a valid email address` };
          values.push(raw);
          break;
        case 'client':
        case 'team': {
          const id = (field.kind === 'client' ? clientsByName : teamsByName).get(raw.toLowerCase());
          if (id === undefined) return { reason: `${field.kind === 'client' ? 'Client' : 'Team'} "${raw}" not found` };
          values.push(String(id));
          break;
        }
        case 'state':
          if (!US_STATE.test(raw)) return { reason: `State "${raw}" is not a two-letter state` };
          values.push(raw.toUpperCase());
          break;
        default:
          values.push(raw);
      }
    }
    if (stateAt >= 0 && values[stateAt] === null) values[stateAt] = areaState;
    if (!rule) return { values };
    const checked = rule(Object.fromEntries(planned.map((p, i) => [p.field.name, values[i]])) as StagedRow);
    return 'reason' in checked ? checked : { values: planned.map((p) => checked.row[p.field.name] ?? null) };
  };
}
