import { useQuery } from 'urql';
import type { StepperUsersQuery, StepperUsersQueryVariables } from '../../../gql/graphql';
import { StepperUsers } from './stepper-operations';

/** The organization's users as select options (the manager, the texters). */
export function useOrganizationUsers(): { value: string; label: string }[] {
  const [users] = useQuery<StepperUsersQuery, StepperUsersQueryVariables>({ query: StepperUsers.source });
  return (users.data?.users.nodes ?? []).map((u) => ({ value: u.id, label: u.name }));
}
