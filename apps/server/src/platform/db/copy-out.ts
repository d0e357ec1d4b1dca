import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Readable } from 'node:stream';
import type { Tx } from './tenant';

/** A query as drizzle renders it: SQL text with $1… placeholders and their values. */
export interface RenderedQuery {
  sql: string;
  params: unknown[];
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  // Quoted like a bind parameter, so PostgreSQL infers the type from where the value is used, as it does for $n.
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (typeof value === 'number' && Number.isFinite(value)) return pg.escapeLiteral(String(value));
  if (typeof value === 'boolean' || typeof value === 'bigint') return pg.escapeLiteral(String(value));
  throw new Error(`Cannot inline a query parameter of type ${typeof value}`);
}

/**
 * The query with its parameters written in as quoted literals. COPY takes no bind parameters, so this is the one
 * place values become SQL text; pg's escapeLiteral handles quotes and backslashes whatever the server settings.
 */
export function inlineParams({ sql, params }: RenderedQuery): string {
  return sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`No parameter $${n}`);
    return literal(params[i]);
  });
}

/** The connection a drizzle transaction runs on, so COPY joins that transaction (its snapshot, role and scope). */
export function connectionOf(tx: Tx): pg.PoolClient {
  // Drizzle keeps the pg client private to its session and has no API for it; the instanceof check below is the guard.
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) throw new Error('COPY needs the connection of an open transaction');
  return client as pg.PoolClient;
}

/**
 * Streams `COPY (query) TO STDOUT WITH (FORMAT csv)` inside the transaction `tx`: PostgreSQL writes the CSV, and
 * the stream's backpressure keeps memory flat however many rows there are.
 */
export function copyCsvOut(tx: Tx, query: RenderedQuery): Readable {
  return connectionOf(tx).query(copyTo(`COPY (${inlineParams(query)}) TO STDOUT WITH (FORMAT csv)`));
}

/** Renders drizzle SQL fragments as the database receives them, for COPY. */
const pgDialect = new PgDialect();

/**
 * Streams `COPY (query) TO STDOUT` in COPY's text format inside the transaction `tx`, for one-column reads of many
 * rows (a line per value) without a JavaScript object per row.
 */
export function copyTextOut(tx: Tx, query: SQL): Readable {
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  return connectionOf(tx).query(copyTo(`COPY (${inlineParams({ sql: text, params })}) TO STDOUT`));
}
