import type pg from 'pg';
import type { TestApp } from './harness';

/**
 * Runs `fn` on a raw connection as the application role scoped to one organization, as every request is: what
 * row-level security alone lets through, with no service naming the organization. Rolled back afterwards.
 */
export async function asAppRole<T>(app: TestApp, organizationId: number, fn: (c: pg.PoolClient) => Promise<T>) {
  const client = await app.platform.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE canvass_app');
    await client.query(`SET LOCAL app.organization_ids = '${Number(organizationId)}'`);
    return await fn(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
