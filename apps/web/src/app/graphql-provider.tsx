import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Provider, type Client } from 'urql';
import { createGraphqlClient } from './graphql';

const ResetContext = createContext<() => void>(() => {});

/**
 * Provides the urql client and a way to replace it. Replacing (rather than clearing) the client is how cached
 * data of one user or organization is guaranteed never to show up for the next one.
 */
export function GraphqlProvider({
  children,
  createClient = createGraphqlClient,
}: {
  children: ReactNode;
  createClient?: () => Client;
}) {
  const [client, setClient] = useState(createClient);
  const reset = useCallback(() => setClient(createClient()), [createClient]);
  return (
    <ResetContext.Provider value={reset}>
      <Provider value={client}>{children}</Provider>
    </ResetContext.Provider>
  );
}

/** Drops every cached result by swapping in a new client. */
export function useResetGraphqlClient(): () => void {
  return useContext(ResetContext);
}
