import type { FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import { ForbiddenError, UnauthenticatedError } from '../auth/viewer';
import type { Viewer } from '../auth/viewer';
import type { Platform } from '../platform';
import { createContext } from './context';
import { queryLimitPlugins } from './limits';

/** What Yoga starts from: an HTTP request, or (graphql-ws) the viewer of a WebSocket subscription. */
export type ServerContext = { req: FastifyRequest; reply: FastifyReply } | { socketViewer: Viewer };

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
    plugins: queryLimitPlugins({ introspection: platform.config.graphqlIntrospection }),
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
        platform.logger.error({ err: original }, 'graphql resolver failed');
        return new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
  });
}
