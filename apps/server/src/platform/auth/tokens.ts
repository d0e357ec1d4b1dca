import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { systemSettings } from '../db/schema/index';
import { withSystem, type Database } from '../db/tenant';

export interface AccessClaims {
  userId: number;
  organizationId: number;
  /** The session (signed-in browser) the token was issued to: the token works only while it is live. */
  sessionId: number;
}

/** A verified access token's claims and when it stops working (epoch milliseconds). */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: number;
}

export interface Tokens {
  signAccess(claims: AccessClaims): Promise<string>;
  verifyAccess(token: string): Promise<VerifiedAccess | null>;
  /** A short-lived link to one file, so a browser can download it without a bearer header. */
  signFile(claims: { organizationId: number; taskId: number }): Promise<string>;
  verifyFile(token: string): Promise<{ organizationId: number; taskId: number } | null>;
  accessTtlSeconds: number;
}

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in the database,
 * so every API process of an installation signs and verifies with the same key.
 */
export async function loadSigningSecret(database: Database, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const secret = await withSystem(database, 'signing-secret', async (tx) => {
    await tx
      .insert(systemSettings)
      .values({ key: 'jwt_secret', value: crypto.randomBytes(48).toString('base64url') })
      .onConflictDoNothing();
    const rows = await tx.execute<{ value: string }>(sql`SELECT value FROM system_settings WHERE key = 'jwt_secret'`);
    return rows.rows[0].value;
  });
  return new TextEncoder().encode(secret);
}

export function createTokens(secret: Uint8Array, accessTtlSeconds: number): Tokens {
  const sign = (payload: Record<string, unknown>, audience: string, ttl: number) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setAudience(audience)
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(secret);
  const check = async (token: string, audience: string) => {
    try {
      // A token without exp would never expire: refused even when our key signed it.
      return (await jwtVerify(token, secret, { audience, algorithms: ['HS256'], requiredClaims: ['exp'] })).payload;
    } catch {
      return null;
    }
  };
  return {
    accessTtlSeconds,
    signAccess: (c) => sign({ uid: c.userId, org: c.organizationId, sid: c.sessionId }, 'access', accessTtlSeconds),
    async verifyAccess(token) {
      const p = await check(token, 'access');
      return p && typeof p.uid === 'number' && typeof p.org === 'number' && typeof p.sid === 'number'
        ? { userId: p.uid, organizationId: p.org, sessionId: p.sid, expiresAt: p.exp! * 1000 }
        : null;
    },
    signFile: (c) => sign({ org: c.organizationId, task: c.taskId }, 'file', 600),
    async verifyFile(token) {
      const p = await check(token, 'file');
      return p && typeof p.org === 'number' && typeof p.task === 'number'
        ? { organizationId: p.org, taskId: p.task }
        : null;
    },
  };
}

/** A refresh token: random, shown to the browser once (in an httpOnly cookie), stored only as its hash. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}
export function hashOpaqueToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
