import type { FastifyInstance } from 'fastify';
import { getOperationAST, GraphQLError, type DocumentNode, type ExecutionArgs } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { watchAccess } from '../auth/access-changes';
import { accessFromAuthorization, viewerFromAuthorization } from '../auth/request-viewer';
import { UnauthenticatedError } from '../auth/viewer';
import type { Platform } from '../platform';
import type { ServerContext } from './yoga';

type SocketExtra = {
  /** The `authorization` connection parameter, checked again for each subscription (it may have expired since). */
  authorization?: unknown;
  /** Stops watching the connection's access (watchAccess), once the socket has closed. */
  stopWatching?: () => void;
};

/** graphql-ws's Forbidden: the client's token no longer lets it in, so it must sign in or renew the token. */
const FORBIDDEN = 4403;

type Enveloped = ReturnType<YogaServerInstance<ServerContext, object>['getEnveloped']>;
type RootValue = Pick<Enveloped, 'execute' | 'subscribe'>;

/**
 * graphql-ws on the HTTP server's /graphql, for subscriptions only (queries and mutations stay on HTTP, where
 * cookies and rate limits live). The client sends the same access token as over HTTP, as the `authorization`
 * connection parameter ("Bearer …"); a connection without a valid one is refused. Each subscription runs through
 * Yoga's envelop, so it gets the same parse limits, validation rules (GraphQL Armor), context and error masking.
 */
export function serveGraphQLOverWebSocket(
  app: FastifyInstance,
  platform: Platform,
  yoga: YogaServerInstance<ServerContext, object>,
): void {
  // Any origin may open the socket (the Vite dev server's too): nothing on it is authorised by a cookie, only by
  // the token the page itself sends, which another site's page does not have.
  const wss = new WebSocketServer({ server: app.server, path: yoga.graphqlEndpoint });
  const server = useServer<Record<string, unknown> | undefined, SocketExtra>(
    {
      onConnect: async (ctx) => {
        const authorization = ctx.connectionParams?.authorization;
        const access = await accessFromAuthorization(platform, authorization);
        if (!access || !(await viewerFromAuthorization(platform, authorization))) return false;
        ctx.extra.authorization = authorization;
        // The connection lives only as long as its viewer may: locked, removed, signed out or its token expired
        // (on whichever process that happened), the socket closes and every subscription on it ends.
        ctx.extra.stopWatching = watchAccess(platform, authorization as string, access, () =>
          ctx.extra.socket.close(FORBIDDEN, 'Forbidden'),
        );
        return true;
      },
      onClose: (ctx) => ctx.extra.stopWatching?.(),
      onSubscribe: async (ctx, _id, payload) => {
        const viewer = await viewerFromAuthorization(platform, ctx.extra.authorization);
        if (!viewer)
          return [new GraphQLError(new UnauthenticatedError().message, { extensions: { code: 'UNAUTHENTICATED' } })];
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          socketViewer: viewer,
        });
        // Armor's limits throw from parse and validate rather than returning errors: both become the reply.
        let document: DocumentNode;
        try {
          document = parse(payload.query);
          const errors = validate(schema, document);
          if (errors.length) return errors;
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError(String(err))];
        }
        if (getOperationAST(document, payload.operationName)?.operation !== 'subscription')
          return [
            new GraphQLError('Only subscriptions are served over WebSocket; send queries and mutations over HTTP'),
          ];
        const rootValue: RootValue = { execute, subscribe };
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue,
        };
      },
      execute: (args: ExecutionArgs) => (args.rootValue as RootValue).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as RootValue).subscribe(args),
    },
    wss,
  );
  // Before the HTTP server closes: open sockets would otherwise hold the shutdown.
  app.addHook('preClose', async () => {
    await server.dispose();
  });
}
