import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * How the server's answers travel. They are compressed (gzip or brotli, as the client accepts; @fastify/compress
 * skips what is already compressed, event streams and small bodies), and they are never cached unless the route
 * says otherwise: GraphQL answers and CSV exports carry one organization's data, which no browser or proxy cache
 * should keep. The web build and stored media set their own caching.
 */
export async function registerResponsePolicy(app: FastifyInstance): Promise<void> {
  await app.register(compress, { encodings: ['br', 'gzip', 'deflate'] });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}

/**
 * Marks an answer as depending on the request's Origin: whether CORS headers are sent depends on it, so a shared
 * cache must not hand one origin's answer to another.
 */
export function varyByOrigin(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const values = String(vary ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!values.some((v) => v.toLowerCase() === 'origin')) reply.header('vary', [...values, 'Origin'].join(', '));
}
