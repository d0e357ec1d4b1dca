import { useQuery } from 'urql';
import type { StepperPhonesQuery, StepperPhonesQueryVariables } from '../../../gql/graphql';
import { StepperPhones } from './stepper-operations';

export type PhoneOption = StepperPhonesQuery['phones']['nodes'][number];

const ACTIVE_PURCHASED = [
  { field: 'phoneStatus', operation: 'Equal' as const, value: 'Active', arrayValues: null },
  { field: 'phoneType', operation: 'Equal' as const, value: 'FromPhone', arrayValues: null },
];

/** The organization's Active purchased numbers (spec §4): what a project may send from, whoever's they are. */
export function useActivePhones(): { phones: PhoneOption[]; fetching: boolean } {
  const [result] = useQuery<StepperPhonesQuery, StepperPhonesQueryVariables>({
    query: StepperPhones.source,
    variables: { filters: ACTIVE_PURCHASED, limit: 500 },
  });
  return { phones: result.data?.phones.nodes ?? [], fetching: result.fetching };
}

/**
 * Those a project of `clientId` may choose: the client's own and the organization's, never another client's (the
 * server refuses those too).
 */
export function usableBy(phones: readonly PhoneOption[], clientId: string | null): PhoneOption[] {
  return phones.filter((p) => !p.clientId || p.clientId === clientId);
}

/** The project's senders: those of its numbers (not being removed) that are Active, in the phones' order. */
export function projectSenders(
  active: readonly PhoneOption[],
  rows: readonly { phoneId?: string | null; _destroy?: boolean | null }[],
): PhoneOption[] {
  return active.filter((p) => rows.some((r) => r.phoneId === p.id && !r._destroy));
}
