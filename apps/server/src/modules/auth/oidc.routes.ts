import * as oidc from 'openid-client';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { setRefreshCookie } from './session-cookie';
import { openSession } from './sessions.service';

const FLOW_COOKIE = 'canvass_oidc';

/**
 * OpenID Connect sign-in through a hosted identity provider (authorization code + PKCE). Public routes:
 * GET /auth/oidc/start sends the browser to the provider; GET /auth/oidc/callback signs in the Canvass user whose
 * OIDC subject or verified email matches, opens a session (refresh cookie) and lands on /dashboard.
 */
export function oidcRoutes(platform: Platform) {
  return (app: FastifyInstance) => {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, publicUrl } = platform.config;
    if (!OIDC_ISSUER || !OIDC_CLIENT_ID) return;
    const redirectUri = `${publicUrl}/auth/oidc/callback`;
    let discovered: Promise<oidc.Configuration> | null = null;
    const configuration = () => {
      discovered ??= oidc
        .discovery(new URL(OIDC_ISSUER), OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, undefined, {
          // Plain http only for a local issuer (tests, development); production issuers are https.
          execute: OIDC_ISSUER.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        })
        .catch((err) => {
          discovered = null;
          throw err;
        });
      return discovered;
    };
    const fail = (reason: string) => `/login?error=${encodeURIComponent(reason)}`;

    app.get('/auth/oidc/start', async (_req, reply) => {
      const config = await configuration();
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      reply.setCookie(FLOW_COOKIE, JSON.stringify({ verifier, state }), {
        httpOnly: true,
        sameSite: 'lax',
        path: '/auth/oidc',
        maxAge: 600,
        signed: false,
      });
      return reply.redirect(url.href);
    });

    app.get('/auth/oidc/callback', async (req, reply) => {
      let flow: { verifier: string; state: string };
      try {
        flow = JSON.parse(req.cookies[FLOW_COOKIE] ?? '');
      } catch {
        return reply.redirect(fail('Sign-in expired, please try again'));
      }
      reply.clearCookie(FLOW_COOKIE, { path: '/auth/oidc' });
      let claims: oidc.IDToken | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), new URL(req.url, publicUrl), {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
        });
        claims = tokens.claims();
      } catch (err) {
        platform.logger.warn({ err }, 'OIDC sign-in failed');
        return reply.redirect(fail('Sign-in with the identity provider failed'));
      }
      const userId = claims ? await matchUser(platform, claims) : null;
      if (!userId) return reply.redirect(fail('No Canvass account matches this sign-in'));
      const session = await openSession(platform, userId, req.headers['user-agent']);
      setRefreshCookie(reply, platform.config, session.refreshToken);
      return reply.redirect('/dashboard');
    });
  };
}

/** The user already linked to this subject, else the active user with this verified email (then linked). */
async function matchUser(platform: Platform, claims: oidc.IDToken): Promise<number | null> {
  const email = typeof claims.email === 'string' && claims.email_verified === true ? claims.email : null;
  return withSystem(platform.database, 'oidc-sign-in', async (tx) => {
    const active = and(isNull(users.lockedAt), isNull(users.deletedAt));
    const [linked] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.oidcSubject, claims.sub), active));
    if (linked) return linked.id;
    if (!email) return null;
    const [byEmail] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.oidcSubject), active));
    if (!byEmail) return null;
    await tx.update(users).set({ oidcSubject: claims.sub }).where(eq(users.id, byEmail.id));
    return byEmail.id;
  });
}
