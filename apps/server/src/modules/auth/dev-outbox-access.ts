import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { viewerFromAuthorization } from '../../platform/auth/request-viewer';
import type { Config } from '../../platform/config';
import type { Platform } from '../../platform/platform';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 form. */
function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.startsWith('::ffff:') ? address.slice(7) : address;
  return net.isIPv4(bare) ? bare.startsWith('127.') : bare === '::1';
}

/** A host name or `host:port` (as a Host header has it) that names this machine's loopback. */
function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return LOOPBACK_NAMES.has(name.toLowerCase()) || isLoopbackAddress(name);
}

/**
 * Whether the server can only be reached from this machine: it listens on loopback, and PUBLIC_URL (the address
 * users are sent to) is loopback too. A PUBLIC_URL elsewhere means a proxy on this machine forwards the world to it,
 * and every request then arrives from loopback.
 */
function servesOnlyThisMachine(config: Config): boolean {
  return isLoopbackHost(config.HOST) && isLoopbackHost(new URL(config.publicUrl).host);
}

/**
 * An anonymous request made on this machine, straight to the server: from a loopback address, through no proxy (no
 * forwarding header) and for a loopback host name (a web page whose name an attacker rebinds to 127.0.0.1 sends its
 * own name as Host).
 */
function comesFromThisMachine(req: FastifyRequest): boolean {
  const forwarded = ['forwarded', 'x-forwarded-for', 'x-real-ip'].some((h) => req.headers[h] !== undefined);
  return !forwarded && isLoopbackAddress(req.socket.remoteAddress) && isLoopbackHost(req.headers.host);
}

/**
 * Who may read the development outbox, which holds every reset and invitation link: a signed-in platform admin, or
 * the developer at the keyboard of a server that nothing but this machine can reach. Anyone else could take over
 * any account with it.
 */
export async function mayReadDevOutbox(platform: Platform, req: FastifyRequest): Promise<boolean> {
  if (servesOnlyThisMachine(platform.config) && comesFromThisMachine(req)) return true;
  const viewer = await viewerFromAuthorization(platform, req.headers.authorization);
  return viewer?.isAdmin === true;
}
