import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/viewer';
import { UnauthenticatedError } from '../auth/viewer';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/tenant';
import { withTenant } from '../db/tenant';
import type { Platform } from '../platform';

/** Everything a resolver may use. Services get a scoped transaction from `tenant`, never the pool. */
export interface Context {
  platform: Platform;
  viewer: Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /**
   * Runs fn in a transaction scoped to the viewer's organization; refuses when nobody is signed in. `config`: its
   * isolation and access mode, e.g. one REPEATABLE READ snapshot for figures that must agree with each other.
   */
  tenant<T>(fn: (tx: Tx, viewer: Viewer) => Promise<T>, config?: PgTransactionConfig): Promise<T>;
  /** Per-request memo (loaders), so a page of rows costs one query per referenced table. */
  memo<T>(key: string, make: () => T): T;
}

/**
 * `http` is the request and reply of a query or mutation. A subscription over WebSocket has none: the socket serves
 * subscriptions only (graphql/socket.ts), and no subscription resolver reads them, so they are left out there
 * rather than faked (envelop copies the context with Object.assign, so a throwing getter cannot guard them).
 */
export function createContext(
  platform: Platform,
  viewer: Viewer | null,
  http: { request: FastifyRequest; reply: FastifyReply } | null,
): Context {
  const memos = new Map<string, unknown>();
  return {
    platform,
    viewer,
    ...(http as { request: FastifyRequest; reply: FastifyReply }),
    tenant(fn, config) {
      if (!viewer) throw new UnauthenticatedError();
      return withTenant(
        platform.database,
        { organizationIds: viewer.organizationIds, userId: viewer.userId },
        (tx) => fn(tx, viewer),
        config,
      );
    },
    memo<T>(key: string, make: () => T): T {
      if (!memos.has(key)) memos.set(key, make());
      return memos.get(key) as T;
    },
  };
}
