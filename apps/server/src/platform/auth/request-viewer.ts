import type { FastifyRequest } from 'fastify';
import type { Platform } from '../platform';
import { resolveViewer } from './resolve-viewer';
import type { VerifiedAccess } from './tokens';
import type { Viewer } from './viewer';

/**
 * The viewer behind an `Authorization: Bearer <access token>` value: sent as a header over HTTP and in the
 * connection parameters over WebSocket. Null for anything else, a stale token, or a user no longer let in.
 */
export async function viewerFromAuthorization(platform: Platform, authorization: unknown): Promise<Viewer | null> {
  const claims = await accessFromAuthorization(platform, authorization);
  if (!claims) return null;
  return resolveViewer(platform.database, platform.config.ADMIN_EMAILS, claims);
}

/** The verified claims of an `Authorization: Bearer <access token>` value; null for anything else. */
export async function accessFromAuthorization(
  platform: Platform,
  authorization: unknown,
): Promise<VerifiedAccess | null> {
  if (typeof authorization !== 'string' || !authorization.startsWith('Bearer ')) return null;
  return platform.tokens.verifyAccess(authorization.slice(7).trim());
}

/** The viewer of an HTTP request from its bearer access token; null for anonymous or stale tokens. */
export function requestViewerResolver(platform: Platform) {
  return (req: FastifyRequest): Promise<Viewer | null> => viewerFromAuthorization(platform, req.headers.authorization);
}
