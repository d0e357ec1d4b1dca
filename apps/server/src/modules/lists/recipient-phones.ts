import { listErrorMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { PgCode, pgError } from '../../platform/db/pg-errors';
import { withoutReferenceChecks } from '../../platform/db/reference-checks';
import { reserveIds } from '../../platform/db/reserve-ids';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { NumberSet } from './blocked-numbers';
import { PhoneBatch, type PhoneRange } from './phone-batch';
import { SheetError } from './sources/source';

/** Numbers gathered before the first batch goes: early enough to overlap most of the file's reading. */
const FIRST_BATCH = 50_000;
/** A batch goes in ranges of at most RANGE numbers, one transaction each, so a second connection can share the tail. */
const RANGE = 50_000;

export interface RecipientPhoneWriter {
  /** A distinct valid number of the sheet (each number once per load). */
  add(number: string, state: string | null): void;
  /** Sends what is left and settles when every batch has committed; rejects with ErrorLoadingPhones. */
  finish(): Promise<void>;
  /** For a failed load: the running batch settles, the numbers not sent yet are dropped. Never rejects. */
  abandon(): Promise<void>;
}

/**
 * Each recipient number becomes one phone of the organization, shared by every list that has it. The numbers go in
 * batches while the sheet is still being read, one batch at a time on a connection of its own: inserting them is
 * the load's longest step, and waiting for the whole sheet left the database idle while Node parsed it. A batch
 * gathers whatever arrived while the previous one ran, so batches grow when the database is the slower side.
 *
 * Each batch commits apart from the rows: a recipient phone is a fact about the organization, not about the list,
 * so one left by a failed load is simply found by the next. Inserted in number order (sorted in Node, where it costs
 * a native sort of doubles, not a sort of text under the database's collation), so the (organization, number) key
 * fills page by page instead of at random.
 *
 * The organization's recipient numbers are read once when the writer starts, and each batch leaves them out in Node
 * (one pass, both sorted). An anti-join in each batch's statement instead read all the organization's phones again
 * per batch (a hash of a million numbers, batch after batch, as the load adds them), and probing the key per number
 * cost more still. Recipient phones are never deleted, so a number read here stays. The plain insert (no ON
 * CONFLICT, whose speculative insertion costs seconds on a million rows) then meets a duplicate only when another
 * writer (another load) added the same number since; that rare case runs again with the anti-join and ON CONFLICT
 * DO NOTHING.
 */
export function createRecipientPhoneWriter(
  platform: Platform,
  organizationId: number,
  userId: number | null,
  distributed: boolean,
): RecipientPhoneWriter {
  // Held as numbers (8 bytes each in a packed array): the cells' strings would keep alive the parsed text each was
  // cut from until their batch is sent.
  let batch = new PhoneBatch();
  const known = readRecipientNumbers(platform, organizationId, userId);
  // Awaited by the first batch; handled here so a failed read is not reported as unhandled before then.
  known.catch(() => {});
  let running: Promise<void> | null = null;
  // The ranges of the running batch not taken yet: a second connection joins in on them once the sheet is read.
  let waiting: IdRange[] = [];
  let finishing = false;
  let failure: unknown = null;

  // Takes the next waiting range until none is left. A range that fails stops no other connection midway (the
  // batch settles whole), only the ranges not started yet.
  const drain = async () => {
    for (let range = waiting.shift(); range && !failure; range = waiting.shift())
      await insertBatch(platform, organizationId, userId, distributed, range).catch((err: unknown) => {
        failure ??= err;
      });
  };

  const send = (): Promise<void> => {
    const sent = batch;
    batch = new PhoneBatch();
    const batchDone = known
      .then(async (knownNumbers) => {
        const ranges = sent.sortedArrayLiterals(Math.ceil(sent.length / RANGE), knownNumbers);
        waiting = await withIds(platform, ranges);
        await Promise.all(finishing ? [drain(), drain()] : [drain()]);
      })
      .catch((err: unknown) => {
        failure ??= err;
      })
      .finally(() => {
        running = null;
      });
    running = batchDone;
    return batchDone;
  };

  return {
    add(number, state) {
      if (failure) return;
      batch.add(number, state);
      if (!running && batch.length >= FIRST_BATCH) void send();
    },
    async finish() {
      // The rows are in, so the second core is free for the phones: a second connection joins in on the ranges left.
      // While the sheet is read, one connection leaves that core to Node and the rows (two connections inserting at
      // once cost half as much CPU again, in contention, and the load is bound by CPU).
      finishing = true;
      while (running) await Promise.all([running, drain()]);
      if (!failure && batch.length > 0) await send();
      if (failure) {
        platform.logger.error({ err: failure }, 'recipient phones of a list load failed');
        throw new SheetError('ErrorLoadingPhones', listErrorMessages.ErrorLoadingPhones);
      }
    },
    async abandon() {
      failure ??= new Error('the load failed');
      batch = new PhoneBatch();
      while (running) await running;
      await known.catch(() => {});
    },
  };
}

/** A range of numbers with the id of its first phone; the k-th number (0-based) gets firstId + k. */
interface IdRange extends PhoneRange {
  firstId: number;
}

/**
 * Ids for the batch's phones, taken in one step (reserveIds), so each insert supplies its own: the identity default
 * per row was a nextval each, and two connections drawing from one sequence appended to the same last page of the
 * key, each waiting on the other.
 */
async function withIds(platform: Platform, ranges: PhoneRange[]): Promise<IdRange[]> {
  const total = ranges.reduce((n, r) => n + r.count, 0);
  // Every number already a phone (a reload, a list of known recipients): no ids, no connection.
  if (total === 0) return [];
  const client = await platform.database.pool.connect();
  let next: number;
  try {
    next = (await reserveIds(client, 'phones', total)) + 1;
  } finally {
    client.release();
  }
  return ranges.map((range) => {
    const firstId = next;
    next += range.count;
    return { ...range, firstId };
  });
}

/** The organization's recipient numbers, read on a connection of their own (see createRecipientPhoneWriter). */
function readRecipientNumbers(platform: Platform, organizationId: number, userId: number | null): Promise<NumberSet> {
  return withTenant(platform.database, { organizationIds: [organizationId], userId }, (tx) =>
    NumberSet.read(
      tx,
      sql`SELECT number FROM phones WHERE organization_id = ${organizationId} AND phone_type = 'ToPhone'`,
    ),
  );
}

async function insertBatch(
  platform: Platform,
  organizationId: number,
  userId: number | null,
  distributed: boolean,
  /** One array parameter each for the numbers and their states (rather than a parameter per number), in number order. */
  { numbers, states, firstId }: IdRange,
): Promise<void> {
  // Only for a batch that met a number added since the writer read them. Citus refuses a correlated subquery over a
  // set-returning function; there ON CONFLICT alone leaves them out (the only form Citus runs on its workers anyway).
  const unknownOnly = (onConflict: boolean) =>
    distributed || !onConflict
      ? sql``
      : sql`WHERE NOT EXISTS (SELECT 1 FROM phones p
                             WHERE p.organization_id = ${organizationId} AND p.number = n.number
                               AND p.phone_type = 'ToPhone')`;
  const insert = (tx: Tx, onConflict: boolean) =>
    tx.execute(sql`
      INSERT INTO phones (id, organization_id, number, phone_status, phone_type, phone_class, state)
      OVERRIDING SYSTEM VALUE
      SELECT ${firstId - 1}::bigint + n.ordinal, ${organizationId}::bigint, n.number, 'ToPhone', 'ToPhone', 'Recipient',
             n.state
        FROM unnest(${numbers}::varchar[], ${states}::varchar[]) WITH ORDINALITY AS n(number, state, ordinal)
      ${unknownOnly(onConflict)}
      ${onConflict ? sql`ON CONFLICT DO NOTHING` : sql``}`);
  const run = (onConflict: boolean) =>
    withTenant(platform.database, { organizationIds: [organizationId], userId }, async (tx) => {
      // A batch is one plan over known data: compiling it costs more than it saves.
      await tx.execute(sql`SET LOCAL jit = off`);
      if (distributed) return insert(tx, onConflict);
      // What the organization reference's check would do: the organization stays until this commits. The other
      // references (campaign, client, user) are NULL on a recipient.
      await tx.execute(sql`SELECT 1 FROM organizations WHERE id = ${organizationId} FOR KEY SHARE`);
      return withoutReferenceChecks(tx, () => insert(tx, onConflict));
    });
  try {
    // On Citus only the ON CONFLICT form runs on the workers: without it, Citus pushes the rows through COPY,
    // which PostgreSQL refuses into a table under row-level security.
    await run(distributed);
  } catch (err) {
    if (pgError(err).code !== PgCode.uniqueViolation) throw err;
    await run(true);
  }
}
