import { useQuery } from 'urql';
import type { StepperListQuery, StepperListQueryVariables } from '../../../gql/graphql';
import { StepperList } from './stepper-operations';

export type StepperListView = NonNullable<StepperListQuery['list']>;

/** The chosen list with its counts and headers; null until one is chosen and read. */
export function useStepperList(listId: string | null): StepperListView | null {
  const [list] = useQuery<StepperListQuery, StepperListQueryVariables>({
    query: StepperList.source,
    variables: { id: listId ?? '' },
    pause: !listId,
  });
  return listId ? (list.data?.list ?? null) : null;
}
