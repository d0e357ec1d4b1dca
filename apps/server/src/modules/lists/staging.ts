import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { rowColumnKeys, rows } from '../../platform/db/schema/index';

/**
 * What staging tables are for, each kind named `<kind>_<organization>_<id>` in the canvass_staging schema
 * (ARCHITECTURE §4: COPY FROM is refused into a table under row-level security): a data import's run, and (`list`)
 * a list's load as earlier versions staged it; a list load now stages its rows in a temporary table of its own
 * transaction (row-chunks.ts). Named by organization and owner, so the owner's next run, or the daily sweep
 * (staging-sweep.ts), drops what a killed run left behind.
 */
export type StagingKind = 'list' | 'import';

function stagingName(kind: StagingKind, organizationId: number, ownerId: number): string {
  if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(ownerId)) throw new Error('Not an id');
  return `canvass_staging.${kind}_${organizationId}_${ownerId}`;
}

/** The staging table of one data import's run. */
export function importStagingTableName(organizationId: number, importId: number): string {
  return stagingName('import', organizationId, importId);
}

/**
 * The columns of a list load's chunk table (row-chunks.ts), in the COPY order of its lines; then c1 … cN text for
 * the sheet's kept columns.
 */
export function stagingColumns(keptColumns: number): string {
  const kept = Array.from({ length: keptColumns }, (_, i) => `, c${i + 1} text`).join('');
  return `id bigint NOT NULL, organization_id bigint NOT NULL, list_id bigint NOT NULL, position integer NOT NULL, raw_phone text, to_phone varchar(10),
    first_name text, last_name text, state varchar(2), row_status public.row_status NOT NULL${kept}`;
}

/** The `rows` columns of the sheet's kept columns, in order, each after a comma: what c1 … cN go into. */
export function keptRowColumns(keptColumns: number): string {
  return rowColumnKeys
    .slice(0, keptColumns)
    .map((key) => `, ${rows[key].name}`)
    .join('');
}

/** Whether the rows table is distributed by Citus. */
export async function rowsAreDistributed(client: pg.ClientBase): Promise<boolean> {
  const { rows: citus } = await client.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`);
  if (!citus.length) return false;
  const { rows } = await client.query(`SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'public.rows'::regclass`);
  return rows.length > 0;
}

const SPECIAL = /[\\\t\n\r\0]/;
const SPECIALS = /[\\\t\n\r\0]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\0': '' };

/**
 * One value in COPY's text format: NULL for a blank cell; backslash, tab and line breaks escaped; NUL dropped
 * (PostgreSQL text cannot hold it). The test before the replace keeps the common case (nothing to escape) cheap.
 */
export function copyField(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '\\N';
  return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]) : value;
}

/** A COPY FROM STDIN, written in text lines with the stream's backpressure respected. */
export interface StagingWriter {
  write(lines: string | Buffer): Promise<void>;
  /** Ends the COPY; the rows the database took (fewer than written when the statement has a WHERE). */
  finish(): Promise<number>;
  /** Fails the COPY (CopyFail: the database drops what it took) and waits for it to end. Never rejects. */
  abort(): Promise<void>;
}

export function openStagingCopy(client: pg.ClientBase, table: string): StagingWriter {
  return openCopyFrom(client, `COPY ${table} FROM STDIN`);
}

/** `statement`, a COPY … FROM STDIN, on the client. */
export function openCopyFrom(client: pg.ClientBase, statement: string): StagingWriter {
  const stream = client.query(copyFrom(statement));
  let failure: Error | null = null;
  stream.on('error', (err: Error) => (failure = err));
  return {
    async write(lines) {
      if (failure) throw failure;
      // once() rejects when the stream fails while waiting (a COPY refused by the server).
      if (!stream.write(lines)) await once(stream, 'drain');
      if (failure) throw failure;
    },
    async finish() {
      stream.end();
      await finished(stream);
      if (failure) throw failure;
      return stream.rowCount;
    },
    async abort() {
      if (!stream.destroyed) stream.destroy(new Error('the load failed'));
      await finished(stream).catch(() => {});
    },
  };
}
