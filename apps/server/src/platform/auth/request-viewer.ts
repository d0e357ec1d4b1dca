import type { FastifyRequest } from 'fastify';
import type { Platform } from '../platform';
import { resolveViewer } from './resolve-viewer';
import type { Viewer } from './viewer';

/**
 * The viewer behind an `Authorization: Bearer <access token>` value: sent as a header over HTTP and in the
 * connection parameters over WebSocket. Null for anything else, a stale token, or a user no longer let in.
 */
export async function viewerFromAuthorization(platform: Platform, authorization: unknown): Promise<Viewer | null> {
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return null;
  const claims = await platform.tokens.verifyAccess(authorization.slice(7).trim());
  if (!claims) return null;
  return resolveViewer(platform.database, platform.config.ADMIN_EMAILS, claims);
}

/** The viewer of an HTTP request from its bearer access token; null for anonymous or stale tokens. */
export function requestViewerResolver(platform: Platform) {
  return (req: FastifyRequest): Promise<Viewer | null> => viewerFromAuthorization(platform, req.headers.authorization);
}
