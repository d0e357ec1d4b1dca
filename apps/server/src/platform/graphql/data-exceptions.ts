import { GraphQLError } from 'graphql';

export const invalidValueMessage = 'A value given is not valid';

/**
 * A value PostgreSQL refused as data (SQLSTATE class 22: a number out of range, text that is no number, a character
 * it cannot store): an argument that no rule caught reached a query. That is the request's fault, not the server's,
 * so it is answered as the user's error and never as "Unexpected error". Drizzle wraps the driver's error (cause).
 */
export function isDataException(error: unknown): boolean {
  for (let e = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) return true;
  }
  return false;
}

/** The user's error a data exception is answered with; the statement stays in the log. */
export const invalidValueError = () =>
  new GraphQLError(invalidValueMessage, { extensions: { code: 'BAD_USER_INPUT' } });
