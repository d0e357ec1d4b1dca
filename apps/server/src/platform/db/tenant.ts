import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = NodePgDatabase<Schema>;
/** A transaction handle: what services receive, already scoped. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  pool: pg.Pool;
  db: Db;
}

export function createDatabase(pool: pg.Pool): Database {
  return { pool, db: drizzle(pool, { schema }) };
}

/** Who a transaction acts for: the organizations it may see and the user behind it. */
export interface TenantScope {
  organizationIds: readonly number[];
  userId?: number | null;
}

/**
 * Runs fn in a transaction that can see only the scope's organizations. Requests and jobs both come through
 * here. The role switch makes row-level security apply even when the pool's user is a superuser.
 */
export async function withTenant<T>(
  database: Database,
  scope: TenantScope,
  fn: (tx: Tx) => Promise<T>,
  /** Isolation and access mode, e.g. one REPEATABLE READ READ ONLY snapshot for a long export. */
  config?: PgTransactionConfig,
): Promise<T> {
  const ids = scope.organizationIds.map((n) => String(Math.trunc(n))).join(',');
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ROLE canvass_app`);
    await tx.execute(
      sql`SELECT set_config('app.organization_ids', ${ids}, true), set_config('app.user_id', ${String(scope.userId ?? '')}, true)`,
    );
    return fn(tx);
  }, config);
}

/**
 * The one handle that crosses tenants: signing in (before an organization is known), provider webhooks routed
 * by number, the scheduler, seeding. Search for withSystem to review every such place; `reason` names it in logs.
 */
export async function withSystem<T>(database: Database, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ROLE canvass_app`);
    await tx.execute(
      sql`SELECT set_config('app.system', 'on', true), set_config('application_name', ${`system:${reason}`.slice(0, 60)}, true)`,
    );
    return fn(tx);
  });
}
