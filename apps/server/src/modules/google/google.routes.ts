import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CodeChallengeMethod } from 'google-auth-library';
import { decodeJwt } from 'jose';
import type { Platform } from '../../platform/platform';
import { readRefreshCookie, sessionTimeoutMinutes } from '../auth/session-cookie';
import { sessionUser } from '../auth/sessions.service';
import { saveGoogleAuthorization } from './google-authorization.service';
import { GOOGLE_SCOPES, googleOAuthClient } from './google-oauth';

/** This browser's half of a flow: the PKCE verifier and the nonce its state must carry. */
const FLOW_COOKIE = 'canvass_google';
const FLOW_PATH = '/auth/google';
const FLOW_SECONDS = 600;
const STATE_NAME = 'google-authorization-state';
/** The query parameter the web reads on return to show 'Google Authorization saved' or '… failed'. */
export const RESULT_PARAM = 'googleAuthorization';

interface FlowState {
  userId: number;
  nonce: string;
  returnTo: string;
  expiresAt: number;
}

/** Only a path of this site: an open redirect would let a link send a user anywhere after consent. */
function safeReturnPath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) ? value : '/dashboard';
}

function withResult(returnTo: string, result: 'saved' | 'failed'): string {
  const url = new URL(returnTo, 'http://canvass.invalid');
  url.searchParams.set(RESULT_PARAM, result);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Connecting a user's Google account (authorization code + PKCE), for lists read from Google Sheets.
 * GET /auth/google/start?returnTo=/path: the signed-in browser (refresh cookie) goes to Google's consent page.
 * GET /auth/google/callback: the code is exchanged, the refresh token stored encrypted with the Google email,
 * and the browser lands back on returnTo with googleAuthorization=saved|failed.
 * The state parameter is sealed (AES-GCM with the secrets key): it names the user and expires, and cannot be
 * forged or altered; its nonce must match this browser's flow cookie, so it cannot be replayed from elsewhere.
 */
export function googleRoutes(platform: Platform) {
  return (app: FastifyInstance) => {
    const { config } = platform;
    if (!config.GOOGLE_CLIENT_ID) return;
    const secure = config.publicUrl.startsWith('https://');

    app.get<{ Querystring: { returnTo?: string } }>('/auth/google/start', async (req, reply) => {
      const returnTo = safeReturnPath(req.query.returnTo);
      const session = readRefreshCookie(req);
      const userId = session ? await sessionUser(platform, session, sessionTimeoutMinutes(req, config)) : null;
      if (!userId) return reply.redirect('/login');
      const client = googleOAuthClient(config);
      const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
      const nonce = crypto.randomBytes(16).toString('base64url');
      const flow: FlowState = { userId, nonce, returnTo, expiresAt: Date.now() + FLOW_SECONDS * 1000 };
      const url = client.generateAuthUrl({
        // offline + consent: Google returns a refresh token on every connection, not only the first one.
        access_type: 'offline',
        prompt: 'consent',
        scope: [...GOOGLE_SCOPES],
        state: platform.secrets.seal(JSON.stringify(flow), STATE_NAME),
        code_challenge: codeChallenge,
        // The enum's value, written out: the library itself is loaded only when a client is made.
        code_challenge_method: 'S256' as CodeChallengeMethod,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ nonce, codeVerifier }), {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: FLOW_PATH,
        maxAge: FLOW_SECONDS,
      });
      return reply.redirect(url);
    });

    app.get<{ Querystring: { code?: string; state?: string; error?: string } }>(
      '/auth/google/callback',
      async (req, reply) => {
        const cookie = req.cookies[FLOW_COOKIE];
        reply.clearCookie(FLOW_COOKIE, { path: FLOW_PATH });
        const flow = openState(platform, req.query.state);
        const browser = parseFlowCookie(cookie);
        if (!flow) return reply.redirect(withResult('/dashboard', 'failed'));
        const fail = () => reply.redirect(withResult(flow.returnTo, 'failed'));
        // The user declined on Google's page, or the flow is not this browser's or is too old.
        if (req.query.error || !req.query.code || !browser || browser.nonce !== flow.nonce) return fail();
        if (flow.expiresAt < Date.now()) return fail();
        try {
          const { tokens } = await googleOAuthClient(config).getToken({
            code: req.query.code,
            codeVerifier: browser.codeVerifier,
          });
          if (!tokens.refresh_token) throw new Error('Google returned no refresh token');
          await saveGoogleAuthorization(platform, flow.userId, {
            refreshToken: tokens.refresh_token,
            email: emailOf(tokens.id_token),
          });
        } catch (err) {
          platform.logger.warn({ err, userId: flow.userId }, 'Google authorization failed');
          return fail();
        }
        return reply.redirect(withResult(flow.returnTo, 'saved'));
      },
    );
  };
}

function openState(platform: Platform, state: string | undefined): FlowState | null {
  if (!state) return null;
  try {
    const flow = JSON.parse(platform.secrets.open(state, STATE_NAME)) as FlowState;
    return typeof flow.userId === 'number' ? { ...flow, returnTo: safeReturnPath(flow.returnTo) } : null;
  } catch {
    return null;
  }
}

function parseFlowCookie(value: string | undefined): { nonce: string; codeVerifier: string } | null {
  try {
    const parsed = JSON.parse(value ?? '') as { nonce?: unknown; codeVerifier?: unknown };
    return typeof parsed.nonce === 'string' && typeof parsed.codeVerifier === 'string'
      ? { nonce: parsed.nonce, codeVerifier: parsed.codeVerifier }
      : null;
  } catch {
    return null;
  }
}

/**
 * The connected account's address, from the id_token of the token response. Its signature is not checked: it
 * came straight from Google's token endpoint over TLS in exchange for our code (OpenID Connect Core 3.1.3.7).
 */
function emailOf(idToken: string | null | undefined): string | null {
  if (!idToken) return null;
  try {
    const { email } = decodeJwt(idToken);
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
