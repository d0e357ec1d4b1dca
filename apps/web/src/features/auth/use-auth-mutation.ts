import { useCallback, useState } from 'react';
import { graphqlRequest, type GraphqlOperation, type RequestResult } from '../../session/graphql-request';

/**
 * Sends an auth mutation and says whether it is under way: the pages outside the console do not load urql
 * (bundle budget), so this stands in for its useMutation.
 */
export function useAuthMutation<Data, Variables>(
  operation: GraphqlOperation<Data, Variables>,
): [fetching: boolean, send: (variables: Variables) => Promise<RequestResult<Data>>] {
  const [fetching, setFetching] = useState(false);
  const send = useCallback(
    async (variables: Variables) => {
      setFetching(true);
      try {
        return await graphqlRequest(operation, variables);
      } finally {
        setFetching(false);
      }
    },
    [operation],
  );
  return [fetching, send];
}
