import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';

export const REFRESH_COOKIE = 'canvass_refresh';
/** Spec §1/§9: the inactivity timeout in minutes may be overridden per browser by this cookie. */
export const TIMEOUT_COOKIE = 'session_timeout';

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: 60 * 60 * 24 * 30,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

export function readRefreshCookie(req: FastifyRequest): string | undefined {
  return req.cookies[REFRESH_COOKIE];
}

/** The inactivity timeout for this browser: the cookie's minutes when it holds a positive number, else the default. */
export function sessionTimeoutMinutes(req: FastifyRequest, config: Config): number {
  const fromCookie = Number(req.cookies[TIMEOUT_COOKIE]);
  return Number.isFinite(fromCookie) && fromCookie > 0 ? fromCookie : config.SESSION_TIMEOUT_MINUTES;
}
