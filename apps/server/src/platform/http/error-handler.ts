import type { FastifyError, FastifyInstance } from 'fastify';

/** What a client is told when the server failed: nothing of the failure itself. */
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side; please try again';

/** A status the client caused (4xx) that an error carries, or null: only those errors' messages are shown. */
function clientStatus(error: FastifyError): number | null {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : null;
}

/**
 * The one answer of every REST route's error: `{ error: <plain message> }`. An error the client caused (Fastify's
 * own 4xx, an upload's MalformedUpload) keeps its status and message; anything else is logged whole and answered
 * 500 with a fixed message. Fastify's default answer carried the error's message, and a database error's message
 * is its SQL statement with its parameters and the organization's ids, in production too.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = clientStatus(error);
    if (status === null) {
      request.log.error({ err: error, url: request.url, method: request.method }, 'request failed');
      // A server status the error chose (503 while a dependency is away) is kept; its message is not.
      const serverStatus = typeof error.statusCode === 'number' && error.statusCode >= 500 ? error.statusCode : 500;
      return reply.code(serverStatus).send({ error: INTERNAL_ERROR_MESSAGE });
    }
    request.log.info({ err: error, url: request.url }, 'request refused');
    return reply.code(status).send({ error: error.message });
  });
}
