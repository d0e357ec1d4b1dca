import type { FieldDef } from '@canvass/domain';
import type { ResourceDraft } from '../types';
import type { FormValue, FormValues } from './form-values';
import type { FormErrors } from './use-form-state';

/** What every field input receives from the form. */
export interface FieldInputProps<F extends FieldDef = FieldDef> {
  name: string;
  field: F;
  value: FormValue;
  onChange(value: FormValue): void;
  /** All errors of the form by path; list inputs read their rows' (`phones.0.number`). */
  errors: FormErrors;
  disabled: boolean;
  /** The whole form, for inputs that depend on another field (a brand's keys depend on its provider). */
  values: FormValues;
  record: ResourceDraft;
  allowInlineCreate: boolean;
}
