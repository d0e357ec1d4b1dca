import { sql, type SQL } from 'drizzle-orm';
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

/** A SQL string literal. SET takes no bind parameter, so values are quoted here. */
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** An id as SET writes it: only integers reach the SQL text. */
const integerId = (n: number) => {
  const id = Number(n);
  if (!Number.isSafeInteger(id)) throw new Error(`Not an id: ${String(n)}`);
  return String(id);
};

/** Whole numbers (ids) as one bigint[] parameter, for unnest or ANY: only integers reach the array's text. */
export function bigintArray(values: readonly number[]): SQL {
  return sql`${`{${values.map(integerId).join(',')}}`}::bigint[]`;
}

/**
 * Runs fn in a transaction that can see only the scope's organizations. Requests and jobs both come through
 * here. The role switch makes row-level security apply even when the pool's user is a superuser. The context is
 * set with SET LOCAL, not set_config(): Citus forwards SET LOCAL (citus.propagate_set_commands = 'local') to the
 * workers a distributed query reaches, and never set_config(), whose queries then see no rows.
 */
export async function withTenant<T>(
  database: Database,
  scope: TenantScope,
  fn: (tx: Tx) => Promise<T>,
  /** Isolation and access mode, e.g. one REPEATABLE READ READ ONLY snapshot for a long export. */
  config?: PgTransactionConfig,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(tenantContext(scope)));
    return fn(tx);
  }, config);
}

/**
 * The SET LOCALs of a tenant scope (withTenant's), for a hot path that runs its statements on a client of its own:
 * one query string, sent on its own (Citus refuses a SET LOCAL that shares one with a distributed statement).
 */
export function tenantContext(scope: TenantScope): string {
  const ids = scope.organizationIds.map(integerId).join(',');
  // The one organization, when there is one, for the policies' cheap first comparison (schema/_columns.ts).
  const single = scope.organizationIds.length === 1 ? ids : '';
  const userId = scope.userId == null ? '' : integerId(scope.userId);
  return `SET LOCAL ROLE canvass_app; SET LOCAL app.organization_ids = ${literal(ids)}; SET LOCAL app.organization_id = ${literal(single)}; SET LOCAL app.user_id = ${literal(userId)}`;
}

/**
 * The one handle that crosses tenants: signing in (before an organization is known), provider webhooks routed
 * by number, the scheduler, seeding. Search for withSystem to review every such place; `reason` names it in logs.
 */
export async function withSystem<T>(database: Database, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(systemContext(reason)));
    return fn(tx);
  });
}

/** The SET LOCALs of the system context, named by `reason` in the server's activity. */
export const systemContext = (reason: string) =>
  `SET LOCAL ROLE canvass_app; SET LOCAL app.system = 'on'; SET LOCAL application_name = ${literal(`system:${reason}`.slice(0, 60))}`;

/**
 * Runs fn with the system context inside the caller's (tenant) transaction, for a write that crosses tenants as
 * part of a tenant's own change and must commit or roll back with it: a membership's copy on the global users, the
 * accounts an organization's import makes. The context is set and reset with SET LOCAL, the form Citus forwards to
 * its workers, each in a statement of its own (Citus refuses a SET LOCAL that shares one query string with a
 * distributed statement). A failure inside leaves the transaction to be rolled back, as any failed statement does.
 * Like withSystem, every use is found by searching for withSystem.
 */
export async function withSystemIn<T>(tx: Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const [{ system }] = (
    await tx.execute<{ system: string | null }>(sql`SELECT current_setting('app.system', true) AS system`)
  ).rows;
  if (system === 'on') return fn(tx);
  await tx.execute(sql.raw(`SET LOCAL app.system = 'on'`));
  const result = await fn(tx);
  await tx.execute(sql.raw(`SET LOCAL app.system = 'off'`));
  return result;
}

/** Carries a peek's answer out of the savepoint that is rolled back under it. */
class PeekResult<T> {
  constructor(readonly value: T) {}
}

/**
 * A read across tenants from inside a tenant transaction, for the few answers that must hold platform-wide (a
 * client's public slug is unique across organizations). fn runs in a savepoint with the system context, and the
 * savepoint is always rolled back: nothing fn writes stays, and the request's own context is back when it returns.
 * Like withSystem, every use is found by searching for withSystem; `reason` names it in the server's activity.
 */
export async function withSystemPeek<T>(tx: Tx, reason: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    await tx.transaction(async (sp) => {
      await sp.execute(
        sql.raw(
          `SET LOCAL app.system = 'on'; SET LOCAL application_name = ${literal(`system:${reason}`.slice(0, 60))}`,
        ),
      );
      throw new PeekResult(await fn(sp));
    });
  } catch (err) {
    if (err instanceof PeekResult) return err.value as T;
    throw err;
  }
  throw new Error('withSystemPeek: the savepoint was not rolled back');
}
