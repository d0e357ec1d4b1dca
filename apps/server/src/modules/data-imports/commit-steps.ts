import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { recordChanges, recordChangesOf } from '../opt-outs/opt-out-changes';
import type { CommitStep } from './import-target';

/** Audit rows per INSERT on Citus: 10 parameters each, well under PostgreSQL's 65,535 a statement. */
const AUDIT_ROWS_PER_INSERT = 5_000;

/**
 * Runs one step of an import's final transaction and answers its n. A change with audit records is one statement
 * on PostgreSQL (the records are an INSERT … SELECT of a data-modifying CTE). Citus refuses that form (it would move
 * the CTE's rows through COPY, which row-level security forbids), so there the changed rows come back first and
 * their records go in as multi-row INSERTs.
 */
export async function runCommitStep(tx: Tx, organizationId: number, step: CommitStep, distributed: boolean) {
  if ('run' in step) return step.run(tx);
  const count = async (statement: ReturnType<typeof sql>) =>
    Number((await tx.execute<{ n: number }>(statement)).rows[0]?.n ?? 0);
  if ('statement' in step) return count(step.statement);
  const { changes, audit } = step;
  if (!audit) return count(sql`WITH changed AS (${changes}) SELECT count(*)::int AS n FROM changed`);
  if (!distributed)
    return count(sql`
      WITH changed AS (${changes}), audit AS (${recordChangesOf('changed', organizationId, audit.change, audit.origin)})
      SELECT count(*)::int AS n FROM changed`);
  const { rows } = await tx.execute<{ number: string; phone_id: string; client_id: string | null }>(changes);
  for (let i = 0; i < rows.length; i += AUDIT_ROWS_PER_INSERT)
    await recordChanges(
      tx,
      organizationId,
      rows.slice(i, i + AUDIT_ROWS_PER_INSERT).map((r) => ({
        ...audit.change,
        number: r.number,
        phoneId: Number(r.phone_id),
        clientId: r.client_id === null ? null : Number(r.client_id),
      })),
      audit.origin,
    );
  return rows.length;
}
