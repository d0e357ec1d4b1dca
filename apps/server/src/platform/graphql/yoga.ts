import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { ForbiddenError, UnauthenticatedError } from '../auth/viewer';
import type { Viewer } from '../auth/viewer';
import { isConnectionLoss } from '../db/pool';
import type { Platform } from '../platform';
import { createContext } from './context';
import { invalidValueError, isDataException } from './data-exceptions';
import { inputGuardPlugin } from './input-guards';
import { hideSuggestionsPlugin, queryLimitPlugins } from './limits';

/** What Yoga starts from: an HTTP request, or (graphql-ws) the viewer of a WebSocket subscription. */
export type ServerContext = { req: FastifyRequest; reply: FastifyReply } | { socketViewer: Viewer };

/** What a client is told while the database cannot be reached. */
export const databaseUnavailableMessage = 'Canvass cannot reach its database just now. Try again in a moment.';

function unwrap(error: unknown): unknown {
  return error instanceof GraphQLError && error.originalError ? unwrap(error.originalError) : error;
}

/**
 * GraphQL Yoga over the code-first schema. Sign-in and permission failures reach the client with their message
 * and a code (UNAUTHENTICATED, FORBIDDEN); anything unexpected is logged and masked.
 */
export function createGraphQLServer(
  platform: Platform,
  schema: GraphQLSchema,
  resolveViewer: (req: FastifyRequest) => Promise<Viewer | null>,
) {
  return createYoga<ServerContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: platform.config.NODE_ENV !== 'production',
    logging: false,
    plugins: [
      ...queryLimitPlugins({ introspection: platform.config.graphqlIntrospection }),
      inputGuardPlugin(),
      ...(platform.config.NODE_ENV === 'production' ? [hideSuggestionsPlugin()] : []),
    ],
    // Only the app's own origin and configured ones; any other gets no CORS headers, so browsers refuse it.
    cors: (request) => {
      const origin = request.headers.get('origin');
      return origin && platform.config.corsOrigins.includes(origin)
        ? { origin: [origin], credentials: true, methods: ['GET', 'POST'] }
        : false;
    },
    context: async (initial) =>
      'socketViewer' in initial
        ? createContext(platform, initial.socketViewer, null)
        : createContext(platform, await resolveViewer(initial.req), { request: initial.req, reply: initial.reply }),
    maskedErrors: {
      maskError(error, message) {
        const original = unwrap(error);
        if (original instanceof UnauthenticatedError)
          return new GraphQLError(original.message, { extensions: { code: 'UNAUTHENTICATED' } });
        if (original instanceof ForbiddenError)
          return new GraphQLError(original.message, { extensions: { code: 'FORBIDDEN' } });
        if (original instanceof GraphQLError) return original;
        if (error instanceof GraphQLError && !error.originalError) return error;
        // The database is restarting or unreachable: a moment's wait, not a bug; the process serves on meanwhile.
        if (isConnectionLoss(original))
          return new GraphQLError(databaseUnavailableMessage, {
            extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } },
          });
        if (isDataException(original)) {
          platform.logger.warn({ err: original }, 'graphql argument refused by the database');
          return invalidValueError();
        }
        platform.logger.error({ err: original }, 'graphql resolver failed');
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
