import type { ResourceDef } from '@canvass/domain';
import type { FieldError } from '../types';
import type { FormErrors } from './use-form-state';

/**
 * Places the server's field errors on the inputs that show them. A ref error may name the object (`agency`)
 * rather than the id field; a row error (`phones.0.number`) sits on its row. The rest have no input here.
 */
export function placeServerErrors(
  def: ResourceDef,
  errors: readonly FieldError[],
  shownFields: readonly string[],
): { onFields: FormErrors; elsewhere: FieldError[] } {
  const byAs = new Map(Object.entries(def.fields).flatMap(([n, f]) => (f.kind === 'ref' ? [[f.as, n] as const] : [])));
  const onFields: FormErrors = {};
  const elsewhere: FieldError[] = [];
  for (const e of errors) {
    const root = e.field.split('.')[0];
    const field = shownFields.includes(root) ? root : byAs.get(root);
    if (field && shownFields.includes(field)) {
      const path = field === root ? e.field : field;
      onFields[path] = [onFields[path], ...e.messages].filter(Boolean).join(' ');
    } else elsewhere.push(e);
  }
  return { onFields, elsewhere };
}
