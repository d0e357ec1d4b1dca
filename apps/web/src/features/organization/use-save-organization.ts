import { useCallback } from 'react';
import { useMutation } from 'urql';
import { readOutcome, type Outcome } from '../../ui/use-resource-mutation';
import type { MutationPayload } from '../../ui/types';
import { UPDATE_ORGANIZATION_SETTINGS } from './organization-documents';

const CONTEXT = { additionalTypenames: ['Organization'] };

/** updateOrganization for the sections that are not the generic form: the same outcome the form reads. */
export function useSaveOrganization(id: string) {
  const [state, execute] = useMutation<Record<string, MutationPayload>>(UPDATE_ORGANIZATION_SETTINGS);
  const run = useCallback(
    async (attributes: Record<string, unknown>): Promise<Outcome> =>
      readOutcome(await execute({ id, attributes }, CONTEXT), 'updateOrganization', 'organization'),
    [execute, id],
  );
  return { run, running: state.fetching };
}
