import { sql } from 'drizzle-orm';
import { PgCode, pgError } from './pg-errors';
import type { Tx } from './tenant';

/**
 * Runs one bulk insert with the foreign-key triggers of this transaction off (session_replication_role = replica),
 * when the database lets the pool's user do so (a superuser, or SET granted on the parameter); otherwise runs it
 * with them, unchanged. Returns whether the checks were skipped.
 *
 * Why: PostgreSQL checks a foreign key with one query per inserted row, and fires the trigger even for a NULL
 * reference. On a list load that is most of the cost of a million recipient phones (four references, three of them
 * NULL) and a few seconds of the rows. Only for inserts whose every reference the caller has proven in the same
 * transaction (the list locked FOR UPDATE, the organization FOR KEY SHARE, the rest NULL): the switch also silences
 * the cascades of deletes, so the insert is the only statement it may cover. Not used on Citus, whose workers
 * check what they are given (the caller decides).
 *
 * The setting is superuser-only and the tenant transaction runs as canvass_app, so the role steps back to the
 * session user for the SET and returns; both are LOCAL, so nothing outlives the transaction.
 */
export async function withoutReferenceChecks<T>(
  tx: Tx,
  insert: () => Promise<T>,
): Promise<{ result: T; skipped: boolean }> {
  const skipped = await setReplicationRole(tx, 'replica');
  // Not restored when the insert fails: the transaction is then aborted, and its rollback (or the caller's
  // rollback to a savepoint) undoes the LOCAL settings; a SET now would only hide the insert's error.
  const result = await insert();
  if (skipped) await setReplicationRole(tx, 'origin');
  return { result, skipped };
}

async function setReplicationRole(tx: Tx, role: 'replica' | 'origin'): Promise<boolean> {
  try {
    // A savepoint, so a refusal leaves the transaction usable; the LOCAL settings survive its release.
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(
        sql.raw(`SET LOCAL ROLE NONE; SET LOCAL session_replication_role = ${role}; SET LOCAL ROLE canvass_app`),
      );
    });
    return true;
  } catch (err) {
    if (role === 'origin' || pgError(err).code !== PgCode.insufficientPrivilege) throw err;
    return false;
  }
}
