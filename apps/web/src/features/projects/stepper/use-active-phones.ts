import { useQuery } from 'urql';
import type { StepperPhonesQuery, StepperPhonesQueryVariables } from '../../../gql/graphql';
import { StepperPhones } from './stepper-operations';

export type PhoneOption = StepperPhonesQuery['phones']['nodes'][number];

const ACTIVE = [{ field: 'phoneStatus', operation: 'Equal' as const, value: 'Active', arrayValues: null }];

/** The organization's Active phones: the only ones a project may send from (spec §4). */
export function useActivePhones(): { phones: PhoneOption[]; fetching: boolean } {
  const [result] = useQuery<StepperPhonesQuery, StepperPhonesQueryVariables>({
    query: StepperPhones.source,
    variables: { filters: ACTIVE, limit: 500 },
  });
  return { phones: result.data?.phones.nodes ?? [], fetching: result.fetching };
}

/** The project's senders: those of its numbers (not being removed) that are Active, in the phones' order. */
export function projectSenders(
  active: readonly PhoneOption[],
  rows: readonly { phoneId?: string | null; _destroy?: boolean | null }[],
): PhoneOption[] {
  return active.filter((p) => rows.some((r) => r.phoneId === p.id && !r._destroy));
}
