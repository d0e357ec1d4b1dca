import { messages } from '@canvass/domain';
import type { CombinedError } from 'urql';

/** Said when a request got no answer at all (offline, server down): the browser's 'Failed to fetch' says nothing. */
export const cannotReachServer = 'Cannot reach the server';

/**
 * The one line a user should read for a failed GraphQL call: the server's own words; else, when no response came
 * back, that the server cannot be reached; else (an answer that is not GraphQL) the technical-difficulties line.
 */
export function errorText(error: CombinedError): string {
  const [first] = error.graphQLErrors;
  if (first) return first.message;
  if (error.networkError && !error.response) return cannotReachServer;
  return messages.technicalDifficulties;
}
