import { sql } from 'drizzle-orm';
import { connectionOf } from '../../platform/db/copy-out';
import type { Tx } from '../../platform/db/tenant';
import type { RowChunkWriter } from './row-chunks';
import { keptRowColumns, openCopyFrom } from './staging';

/**
 * Whether this load may COPY its rows straight into `rows`: only when the database user is a superuser (the
 * embedded database, CI, a self-hosted server), which row-level security does not bind and which may skip the
 * reference triggers. Any other user loads through a temporary table (row-chunks.ts), as ARCHITECTURE §4 says.
 */
export async function mayCopyIntoRows(tx: Tx): Promise<boolean> {
  const { rows: found } = await tx.execute<{ super: boolean }>(
    sql`SELECT rolsuper AS super FROM pg_roles WHERE rolname = session_user`,
  );
  return found[0]?.super === true;
}

const integerId = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`Not an id: ${String(n)}`);
  return String(n);
};

/**
 * The rows of a load in one COPY straight into `rows`, in the load's own transaction, streamed as the sheet is read
 * (the stream's backpressure holds Node back when the database is slower). Against a COPY into a temporary table and
 * an INSERT … SELECT from it, this writes each row once instead of three times: 3.9 s of the database's time for a
 * million rows instead of 7 s (measured on PostgreSQL 15, 14 columns).
 *
 * Row-level security cannot check a COPY, so the statement checks itself: its WHERE keeps only rows of this
 * organization and list, and finish() fails the load (rolling every row back) when the database kept fewer rows
 * than were written. The role the transaction acts as (canvass_app) and the reference triggers come back as soon as
 * the COPY ends. Lines are in staging.ts's column order (stagingColumns), ids included (row-ids.ts).
 */
export async function openRowCopy(
  tx: Tx,
  organizationId: number,
  listId: number,
  keptColumns: number,
): Promise<RowChunkWriter> {
  const kept = keptRowColumns(keptColumns);
  await tx.execute(sql.raw(`SET LOCAL ROLE NONE; SET LOCAL session_replication_role = replica`));
  const copy = openCopyFrom(
    connectionOf(tx),
    `COPY rows (id, organization_id, list_id, position, raw_phone_number, to_phone_number, first_name, last_name,
                state, row_status${kept}) FROM STDIN
      WHERE organization_id = ${integerId(organizationId)} AND list_id = ${integerId(listId)}`,
  );
  let written = 0;

  return {
    async add(lines, count) {
      written += count;
      await copy.write(lines);
    },
    async finish() {
      const taken = await copy.finish();
      if (taken !== written)
        throw new Error(`the load wrote ${written} rows and ${taken} were of its organization and list`);
      await tx.execute(sql.raw(`SET LOCAL session_replication_role = origin; SET LOCAL ROLE canvass_app`));
    },
    // CopyFail: the database drops what the COPY took; the transaction then rolls back.
    settle: () => copy.abort(),
  };
}
