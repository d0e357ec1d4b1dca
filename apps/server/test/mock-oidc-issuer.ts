import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface MockIssuer {
  url: string;
  /** The identity the next sign-in returns. */
  user: { sub: string; email: string; email_verified: boolean };
  close(): Promise<void>;
}

/**
 * A local OpenID provider speaking the real protocol (discovery, authorize, token, JWKS; RS256 id_tokens with
 * nonce-free code flow and PKCE): what openid-client talks to in tests instead of a hosted identity provider.
 */
export async function startMockIssuer(clientId: string): Promise<MockIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { challenge: string; user: MockIssuer['user'] }>();
  const state: { url: string; user: MockIssuer['user'] } = {
    url: '',
    user: { sub: 'sub-1', email: 'someone@example.test', email_verified: true },
  };
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const u = new URL(req.url ?? '/', state.url);
    const json = (body: unknown, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/.well-known/openid-configuration') {
      return json({
        issuer: state.url,
        authorization_endpoint: `${state.url}/authorize`,
        token_endpoint: `${state.url}/token`,
        jwks_uri: `${state.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (u.pathname === '/jwks') return json({ keys: [jwk] });
    if (u.pathname === '/authorize') {
      const code = crypto.randomBytes(12).toString('hex');
      codes.set(code, { challenge: u.searchParams.get('code_challenge') ?? '', user: { ...state.user } });
      const back = new URL(u.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', u.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (u.pathname === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const form = new URLSearchParams(body);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
      if (!grant || grant.challenge !== challenge) return json({ error: 'invalid_grant' }, 400);
      const idToken = await new SignJWT({ email: grant.user.email, email_verified: grant.user.email_verified })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(state.url)
        .setSubject(grant.user.sub)
        .setAudience(clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    json({ error: 'not_found' }, 404);
  };
  // node:http ignores a handler's promise: a failure would be an unhandled rejection and a hung request.
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get url() {
      return state.url;
    },
    get user() {
      return state.user;
    },
    set user(u) {
      state.user = u;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
