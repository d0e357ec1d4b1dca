import { useCallback, useRef } from 'react';
import { useMutation } from 'urql';
import type {
  CreateStepperProjectMutation,
  CreateStepperProjectMutationVariables,
  ProjectCreationStep,
  StepperProjectFieldsFragment,
  UpdateStepperProjectMutation,
  UpdateStepperProjectMutationVariables,
} from '../../../gql/graphql';
import type { FieldError } from '../../../ui/types';
import { canAutosave, toAttributes, type StepperValues } from './stepper-model';
import { CreateStepperProject, UpdateStepperProject } from './stepper-operations';

export type SaveOutcome =
  | { kind: 'waiting' }
  | { kind: 'saved'; project: StepperProjectFieldsFragment; created: boolean }
  | { kind: 'refused'; errors: FieldError[] };

/**
 * Saves the stepper's project: created by the first save that has the four required fields, updated after that.
 * Saves run one after another and read the form when their turn comes, not when they were asked for: a save
 * queued behind another sends the rows the first one gave ids to, so a row is never added twice, nor the project.
 */
export function useStepperSave(initialId: string | null) {
  const projectId = useRef<string | null>(initialId);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [, create] = useMutation<CreateStepperProjectMutation, CreateStepperProjectMutationVariables>(
    CreateStepperProject.source,
  );
  const [, update] = useMutation<UpdateStepperProjectMutation, UpdateStepperProjectMutationVariables>(
    UpdateStepperProject.source,
  );

  const saveNow = useCallback(
    async (values: StepperValues, step: ProjectCreationStep): Promise<SaveOutcome> => {
      if (!canAutosave(values)) return { kind: 'waiting' };
      const attributes = toAttributes(values, step);
      const id = projectId.current;
      const result = id ? await update({ id, attributes }) : await create({ attributes });
      const payload =
        result.data && ('updateProject' in result.data ? result.data.updateProject : result.data.createProject);
      if (result.error || !payload) {
        return { kind: 'refused', errors: [{ field: 'base', messages: [result.error?.message ?? 'No answer'] }] };
      }
      if (payload.errors.length || !payload.project) return { kind: 'refused', errors: payload.errors };
      projectId.current = payload.project.id;
      return { kind: 'saved', project: payload.project, created: id === null };
    },
    [create, update],
  );

  const save = useCallback(
    (read: () => { values: StepperValues; step: ProjectCreationStep }): Promise<SaveOutcome> => {
      const next = queue.current.then(() => {
        const { values, step } = read();
        return saveNow(values, step);
      });
      queue.current = next.catch(() => undefined);
      return next;
    },
    [saveNow],
  );

  return { save, projectId };
}
