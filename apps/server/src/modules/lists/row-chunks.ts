import { sql } from 'drizzle-orm';
import { connectionOf } from '../../platform/db/copy-out';
import { withoutReferenceChecks } from '../../platform/db/reference-checks';
import type { Tx } from '../../platform/db/tenant';
import { keptRowColumns, openStagingCopy, stagingColumns } from './staging';

/**
 * A chunk goes in when it holds this many rows or this much text, whichever comes first. Smaller chunks cost a
 * round of statements more each, but shorten the wait for the last one once the sheet is read and halve the two
 * chunks held in memory (at 100k rows each, a million-row load peaked past 400 MB).
 */
const CHUNK_ROWS = 50_000;
const CHUNK_BYTES = 16 * 1024 * 1024;
const CHUNK_TABLE = 'pg_temp.list_rows_chunk';

export interface RowChunkWriter {
  /** Lines in COPY text format (staging.ts's column order), `count` rows, in sheet order; kept until sent. */
  add(lines: Buffer, count: number): Promise<void>;
  /** Sends the last chunk and settles when every row is in. */
  finish(): Promise<void>;
  /**
   * For a load that failed: waits for the chunk in the database, never rejects. The transaction must not roll back
   * under it, or its next statements would run on the connection outside the transaction.
   */
  settle(): Promise<void>;
}

interface ChunkTarget {
  tx: Tx;
  organizationId: number;
  listId: number;
  keptColumns: number;
  distributed: boolean;
  /** Rows per chunk; CHUNK_ROWS unless a test asks for fewer. */
  chunkRows?: number;
}

/**
 * The rows of a load, for a database user that row-level security binds (and on Citus); a superuser's load copies
 * them straight into `rows` (row-copy.ts). They go into the load's own transaction a chunk at a time while the sheet
 * is still being read: the chunk is copied into a temporary table of that transaction (COPY FROM is refused into a table under row-level
 * security, ARCHITECTURE §4) and moved into `rows` with one INSERT … SELECT, while Node parses the next.
 * Inserting every row only after the whole sheet was staged left the database idle during the parse and Node idle
 * during the insert. The transaction commits once, at the end: until then the old rows are what everyone sees.
 *
 * At most one chunk is in the database and one gathering: `add` waits when the next chunk is full before the
 * previous one is in, so memory stays at two chunks whatever the file's size.
 */
export async function openRowChunks(target: ChunkTarget): Promise<RowChunkWriter> {
  const { tx, keptColumns } = target;
  const chunkRows = target.chunkRows ?? CHUNK_ROWS;
  // Dropped with the transaction, whatever ends it: a killed load leaves nothing behind.
  await tx.execute(sql.raw(`CREATE TEMP TABLE list_rows_chunk (${stagingColumns(keptColumns)}) ON COMMIT DROP`));
  let gathering: Buffer[] = [];
  let gatheredRows = 0;
  let gatheredBytes = 0;
  let running: Promise<void> | null = null;

  const send = () => {
    const chunk = { lines: gathering };
    gathering = [];
    gatheredRows = 0;
    gatheredBytes = 0;
    running = insertChunk(target, chunk.lines);
    // A failure is awaited by the next add or finish; the rejection is not left unhandled meanwhile.
    running.catch(() => {});
  };

  return {
    async add(lines, count) {
      gathering.push(lines);
      gatheredRows += count;
      gatheredBytes += lines.length;
      if (gatheredRows < chunkRows && gatheredBytes < CHUNK_BYTES) return;
      if (running) await running;
      send();
    },
    async finish() {
      if (running) await running;
      if (gatheredRows > 0) {
        send();
        await running;
      }
    },
    async settle() {
      gathering = [];
      gatheredRows = 0;
      await running?.catch(() => {});
    },
  };

  async function insertChunk(
    { organizationId: org, listId, distributed }: ChunkTarget,
    lines: Buffer[],
  ): Promise<void> {
    await copyLines(lines);
    const keptTarget = sql.raw(keptRowColumns(keptColumns));
    const keptSource = sql.raw(Array.from({ length: keptColumns }, (_, i) => `, s.c${i + 1}`).join(''));
    // The list is held by the load's transaction: its reference holds without a check per row (checked on Citus,
    // where only the ON CONFLICT form runs on the workers rather than through a COPY refused by row-level security).
    const insert = () =>
      tx.execute(sql`
        INSERT INTO rows (id, organization_id, list_id, position, raw_phone_number, to_phone_number, first_name,
                          last_name, state, row_status${keptTarget})
        OVERRIDING SYSTEM VALUE
        SELECT s.id, s.organization_id, ${listId}::bigint, s.position,
               s.raw_phone, s.to_phone, s.first_name, s.last_name, s.state, s.row_status${keptSource}
          FROM ${sql.raw(CHUNK_TABLE)} s
         WHERE s.organization_id = ${org} AND s.list_id = ${listId}
        ${distributed ? sql`ON CONFLICT DO NOTHING` : sql``}`);
    if (distributed) await insert();
    else await withoutReferenceChecks(tx, insert);
    await tx.execute(sql.raw(`TRUNCATE ${CHUNK_TABLE}`));
  }

  async function copyLines(lines: Buffer[]): Promise<void> {
    const copy = openStagingCopy(connectionOf(tx), CHUNK_TABLE);
    try {
      for (const text of lines) await copy.write(text);
    } finally {
      await copy.finish();
    }
  }
}
