import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../platform/config';

export const REFRESH_COOKIE = 'canvass_refresh';
/** Spec §1/§9: the inactivity timeout in minutes may be overridden per browser by this cookie. */
export const TIMEOUT_COOKIE = 'session_timeout';
/** How long a browser keeps the refresh cookie: no refresh token older than this can come from one. */
export const REFRESH_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

export function setRefreshCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl.startsWith('https://'),
    maxAge: REFRESH_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: '/' });
}

export function readRefreshCookie(req: FastifyRequest): string | undefined {
  return req.cookies[REFRESH_COOKIE];
}

/**
 * The inactivity timeout for this browser: the cookie's minutes when it holds a positive number, else the server's.
 * The browser sets that cookie itself, so it may shorten the server's timeout but never lengthen it.
 */
export function sessionTimeoutMinutes(req: FastifyRequest, config: Config): number {
  const fromCookie = Number(req.cookies[TIMEOUT_COOKIE]);
  return Number.isFinite(fromCookie) && fromCookie > 0
    ? Math.min(fromCookie, config.SESSION_TIMEOUT_MINUTES)
    : config.SESSION_TIMEOUT_MINUTES;
}
