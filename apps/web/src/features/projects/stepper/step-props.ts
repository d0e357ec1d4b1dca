import type { StepperValues } from './stepper-model';

/** What every step receives: the whole form, a way to change part of it, and the errors by field path. */
export interface StepProps {
  values: StepperValues;
  change(patch: Partial<StepperValues>): void;
  errors: Record<string, string>;
}

/** Spec §9: project-phone and list-import tables show at most 350px, then scroll. */
export const TABLE_MAX_HEIGHT = 350;
