import type { FastifyRequest } from 'fastify';
import type { Platform } from '../platform';
import { resolveViewer } from './resolve-viewer';
import type { Viewer } from './viewer';

/** The viewer of an HTTP request from its bearer access token; null for anonymous or stale tokens. */
export function requestViewerResolver(platform: Platform) {
  return async (req: FastifyRequest): Promise<Viewer | null> => {
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return null;
    const claims = await platform.tokens.verifyAccess(header.slice(7).trim());
    if (!claims) return null;
    return resolveViewer(platform.database, platform.config.ADMIN_EMAILS, claims);
  };
}
