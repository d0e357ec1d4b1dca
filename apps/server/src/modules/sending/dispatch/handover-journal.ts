import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hasCitus } from '../../../platform/db/citus';
import { dollarQuoted } from '../../../platform/db/dollar-quoted';
import { retryWhileUnreachable } from '../../../platform/db/pool';
import { bigintArray, tenantContext, withTenant, type Tx } from '../../../platform/db/tenant';
import type { Platform } from '../../../platform/platform';
import type { ProviderValue } from '@canvass/domain';
import type { SendOutcome } from '../providers/messaging-provider';
import type { ClaimedText } from './claimed-text';

/** A provider's answer to one text, as the journal keeps it (send_handovers.answered). */
export interface JournalAnswer {
  id: number;
  provider: ProviderValue;
  deliveryReceipts: boolean;
  outcome: SendOutcome;
}

/** Groups written at once (each on a client of its own). */
const WRITERS = 3;

interface Waiter {
  id: number;
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * One dispatch run's side of send_handovers (see its schema): what was claimed, handed to a provider and answered,
 * so that after a crash only the texts really in flight are of unknown outcome. Handing over waits for the row that
 * names the text to commit; the texts that reach that point while a row is being written go together in the next
 * one (one INSERT per group, so the cost per text stays small). Up to WRITERS groups are written at once: a text
 * that arrives while one is being written starts the next at once instead of waiting for it, and every slot spent
 * waiting here is a slot not sending (the bench measured half of each slot's time in this wait with one writer).
 * An answer is queued, not waited for: the send slot it frees is taken by a text whose handover row is in the same
 * group or a later one, and groups are let go in the order they started, each once those before it committed; so at
 * any moment the texts handed and not answered in the journal hold distinct slots, at most SEND_CONCURRENCY.
 */
export class HandoverJournal {
  /** Random, so runs on several workers (and a restarted one) never share rows. */
  readonly runId = randomInt(1, 2 ** 47);
  private handing: Waiter[] = [];
  private answers: JournalAnswer[] = [];
  private writers = 0;
  /** Settles once every group started so far is let go: the next group waits for it before its own. */
  private released: Promise<void> = Promise.resolve();
  private halted = false;

  constructor(
    private readonly platform: Platform,
    private readonly organizationId: number,
  ) {}

  /** Notes the claimed texts in the claim's own transaction: a claim the journal does not know predates it. */
  async claimed(tx: Tx, texts: readonly ClaimedText[]): Promise<void> {
    if (!texts.length) return;
    await tx.execute(sql`
      INSERT INTO send_handovers (organization_id, run_id, claimed)
      VALUES (${this.organizationId}, ${this.runId}, ${bigintArray(texts.map((t) => t.ref.textId))})`);
  }

  /**
   * Resolves once the text is written as handed over, so it may be sent; rejects when the database stayed away
   * until `giveUpAt` (the text is then not sent, and its claim goes back for another run).
   */
  handOver(text: ClaimedText, giveUpAt: number): Promise<void> {
    if (this.halted) return Promise.reject(new Error('The dispatch run has stopped'));
    // A claim this old may be settled by another worker's reconciliation soon: it is left to that, never sent late.
    if (Date.now() > giveUpAt) return Promise.reject(new Error('The claim is too old to send'));
    return new Promise<void>((resolve, reject) => {
      this.handing.push({ id: text.ref.textId, resolve, reject });
      this.write(giveUpAt);
    });
  }

  /** Hands nothing more over: the run is ending. */
  halt(): void {
    this.halted = true;
  }

  /** Queues the provider's answer to a handed-over text, written with the next group. */
  answered(answer: JournalAnswer): void {
    this.answers.push(answer);
  }

  /** Writes what is queued, then deletes the run's rows: called once every batch of the run is recorded. */
  async close(giveUpAt: number): Promise<void> {
    await this.released;
    await retryWhileUnreachable(
      () =>
        withTenant(this.platform.database, { organizationIds: [this.organizationId] }, (tx) =>
          tx.execute(sql`
            DELETE FROM send_handovers WHERE organization_id = ${this.organizationId} AND run_id = ${this.runId}`),
        ),
      { giveUpAt },
    );
  }

  private write(giveUpAt: number) {
    if (this.writers >= WRITERS || !this.handing.length) return;
    const handing = this.handing.splice(0);
    const answers = this.answers.splice(0);
    const before = this.released;
    this.writers++;
    const written = retryWhileUnreachable(() => this.insert(handing, answers), {
      giveUpAt,
      onWait: (err) => this.platform.logger.warn({ err }, 'dispatch waits for the database to hand texts over'),
    }).then(
      () => null,
      (err: unknown) => ({ err }),
    );
    // A writer is free again once its row commits; its texts go once the groups started before theirs are let go.
    void written.finally(() => {
      this.writers--;
      this.write(giveUpAt);
    });
    this.released = (async () => {
      const failure = await written;
      await before;
      for (const w of handing)
        if (failure) w.reject(failure.err);
        else w.resolve();
    })();
  }

  /**
   * One row on a client of its own, its values written as literals, in one round trip (BEGIN with the scope, the
   * INSERT and COMMIT in one query string) where a withTenant transaction takes four: this runs once per group,
   * thousands of times a minute while a project sends, and each text of the group waits for it before its request.
   * On Citus the scope goes in a query string of its own: Citus forwards a string that holds SET LOCAL and a
   * distributed statement to a worker whole, where the statement fails as a distributed query nested in a shard's.
   */
  private async insert(handing: readonly Waiter[], answers: readonly JournalAnswer[]) {
    const apart = await hasCitus(this.platform.database.pool);
    const client = await this.platform.database.pool.connect();
    try {
      const ids = `{${handing.map((w) => Math.trunc(w.id)).join(',')}}`;
      const begin = `BEGIN; ${tenantContext({ organizationIds: [this.organizationId] })}`;
      if (apart) await client.query(begin);
      await client.query(
        `${apart ? '' : `${begin};`}
         INSERT INTO send_handovers (organization_id, run_id, handed, answered)
         VALUES (${Math.trunc(this.organizationId)}, ${Math.trunc(this.runId)}, '${ids}'::bigint[],
                 ${dollarQuoted(JSON.stringify(answers))}::jsonb);
         COMMIT`,
      );
      client.release();
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      client.release(err as Error);
      throw err;
    }
  }
}

/** What the journal says of these texts (stale claims): which were claimed under it, handed over, and answered. */
export async function journalOf(tx: Tx, organizationId: number, textIds: readonly number[]) {
  const ids = bigintArray(textIds);
  const { rows } = await tx.execute<{ claimed: number[]; handed: number[]; answered: JournalAnswer[] }>(sql`
    SELECT claimed, handed, answered FROM send_handovers
     WHERE organization_id = ${organizationId}
       AND (claimed && ${ids} OR handed && ${ids} OR jsonb_array_length(answered) > 0)`);
  const wanted = new Set(textIds);
  const claimed = new Set<number>();
  const handed = new Set<number>();
  const answered = new Map<number, JournalAnswer>();
  for (const r of rows) {
    for (const id of r.claimed) if (wanted.has(Number(id))) claimed.add(Number(id));
    for (const id of r.handed) if (wanted.has(Number(id))) handed.add(Number(id));
    for (const a of r.answered) if (wanted.has(a.id)) answered.set(a.id, a);
  }
  return { claimed, handed, answered };
}

/**
 * Deletes the rows of runs that died, once no claim older than the grace is left to settle by them (a live run's
 * rows are never older than its claims' grace, which reconciliation already takes as the sign of a dead worker).
 */
export async function pruneJournal(tx: Tx, organizationId: number, graceSeconds: number): Promise<void> {
  await tx.execute(sql`
    DELETE FROM send_handovers
     WHERE organization_id = ${organizationId} AND written_at < now() - make_interval(secs => ${graceSeconds})
       AND NOT EXISTS (SELECT 1 FROM texts
                        WHERE organization_id = ${organizationId} AND text_status = 'Queued'
                          AND claimed_at < now() - make_interval(secs => ${graceSeconds}))`);
}
