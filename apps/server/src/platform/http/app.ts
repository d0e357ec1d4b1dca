import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import type { Viewer } from '../auth/viewer';
import { serveGraphQLOverWebSocket } from '../graphql/socket';
import { createGraphQLServer } from '../graphql/yoga';
import type { Platform } from '../platform';
import { registerErrorHandler } from './error-handler';
import { registerResponsePolicy, varyByOrigin } from './response-policy';
import { registerSecurityHeaders, relaxPolicyForGraphiQL } from './security-headers';

/** Where the server's own routes live: never the web app's. */
const SERVER_PATHS = ['/graphql', '/auth/', '/api/', '/webhooks/'];

/**
 * Vite names everything under /assets by its content hash, so a browser may keep it for good; index.html (and the
 * app shell of every client-side route) must be revalidated so a new release is picked up on the next load.
 */
function cacheControlFor(dist: string, filePath: string): string {
  return path.relative(dist, filePath).startsWith(`assets${path.sep}`)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

export type RouteModule = (app: FastifyInstance) => void | Promise<void>;

/**
 * The one HTTP server: /graphql (subscriptions over WebSocket on the same path), the routes modules add (auth callbacks, file downloads, later webhooks and short
 * links), and the web build with a single-page-app fallback, all on one port.
 */
export async function createHttpApp(
  platform: Platform,
  schema: GraphQLSchema,
  resolveViewer: (req: FastifyRequest) => Promise<Viewer | null>,
  routes: readonly RouteModule[],
): Promise<FastifyInstance> {
  const app = Fastify({ loggerInstance: platform.logger as FastifyBaseLogger, trustProxy: platform.config.trustProxy });
  // Before any route: each route keeps the error handler of the moment it is added.
  registerErrorHandler(app);
  await registerSecurityHeaders(app, platform.config);
  await registerResponsePolicy(app);
  await app.register(cookie);
  const yoga = createGraphQLServer(platform, schema, resolveViewer);
  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      // reply.header() returns the reply, which is thenable (awaiting it waits for the send); nothing is pending.
      response.headers.forEach((value, key) => void reply.header(key, value));
      varyByOrigin(reply);
      relaxPolicyForGraphiQL(reply, response.headers.get('content-type'));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
  serveGraphQLOverWebSocket(app, platform, yoga);
  app.get('/healthz', async () => ({ ok: true }));
  for (const register of routes) await register(app);

  const dist = platform.config.webDist;
  if (fs.existsSync(path.join(dist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      // The build writes .br and .gz next to each file; the smallest one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => void reply.header('cache-control', cacheControlFor(dist, filePath)),
    });
    // Client-side routes (/clients/12/overview) all load the app shell; a path of the server's own that no route
    // answers (a sign-in provider that is not configured, a webhook to a wrong address) is a 404, as without a build.
    app.setNotFoundHandler((req, reply) => {
      if (req.method !== 'GET' || SERVER_PATHS.some((p) => req.url.startsWith(p)))
        return reply.code(404).send({ error: 'Not found' });
      return reply.sendFile('index.html');
    });
  }
  return app;
}
