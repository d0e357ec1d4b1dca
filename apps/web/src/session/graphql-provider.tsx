import { useState, type ReactNode } from 'react';
import { Provider, type Client } from 'urql';
import { createGraphqlClient } from './graphql';

/**
 * Provides the console's urql client, replaced by a new one whenever `cacheKey` changes. Replacing (rather than
 * clearing) the client is how cached data of one user or organization is guaranteed never to show up for the
 * next one. The pages outside the console do not use urql (graphql-request.ts), so only the console mounts this.
 */
export function GraphqlProvider({
  children,
  cacheKey = 0,
  createClient = createGraphqlClient,
}: {
  children: ReactNode;
  cacheKey?: unknown;
  createClient?: () => Client;
}) {
  const [current, setCurrent] = useState(() => ({ cacheKey, client: createClient() }));
  // Adjusted while rendering (not in an effect), so no child ever renders once more with the old client.
  if (current.cacheKey !== cacheKey) setCurrent({ cacheKey, client: createClient() });
  return <Provider value={current.client}>{children}</Provider>;
}
