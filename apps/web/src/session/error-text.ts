import { messages } from '@canvass/domain';

/** Said when a request got no answer at all (offline, server down): the browser's 'Failed to fetch' says nothing. */
export const cannotReachServer = 'Cannot reach the server';

/** What a failed call reports: urql's CombinedError has this shape, and so has graphql-request.ts's error. */
export interface RequestError {
  graphQLErrors: readonly { message: string }[];
  /** Set when no GraphQL answer came back. */
  networkError?: Error;
  /** The HTTP response, when there was one. */
  response?: unknown;
}

/**
 * The one line a user should read for a failed GraphQL call: the server's own words; else, when no response came
 * back, that the server cannot be reached; else (an answer that is not GraphQL) the technical-difficulties line.
 */
export function errorText(error: RequestError): string {
  const [first] = error.graphQLErrors;
  if (first) return first.message;
  if (error.networkError && !error.response) return cannotReachServer;
  return messages.technicalDifficulties;
}
