import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_PARTITION_MONTHS_AHEAD } from '../src/platform/db/migrate';
import { ensureTextPartitionsJob } from '../src/platform/db/text-partitions';
import { createTestApp, type TestApp } from './harness';

let app: TestApp;
let organizationId: number;

/** The partition name of the UTC month `offset` months from now: texts_YYYY_MM. */
const monthName = (offset: number) => {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return `texts_${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** The middle of the UTC month `offset` months from now. */
const midMonth = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15, 12)).toISOString();
};

async function partitions(): Promise<string[]> {
  const { rows } = await app.sql(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'public.texts'::regclass ORDER BY c.relname`,
  );
  return rows.map((r: { relname: string }) => r.relname);
}

async function insertText(createdAt: string): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO texts (organization_id, body, text_type, created_at) VALUES ($1, 'Hello', 'Manual', $2) RETURNING id`,
    [organizationId, createdAt],
  );
  return rows[0].id;
}

/** The partition that holds text `id`, asked of each partition (on Citus, tableoid would name a shard). */
async function partitionOf(id: number): Promise<string | undefined> {
  for (const partition of await partitions())
    if ((await app.sql(`SELECT 1 FROM ${partition} WHERE id = $1`, [id])).rowCount) return partition;
}

beforeAll(async () => {
  app = await createTestApp();
  const { rows } = await app.sql(
    `INSERT INTO organizations (name, domain) VALUES ('P', 'partitions.test') RETURNING id`,
  );
  organizationId = rows[0].id;
});

describe('texts partitioned by month', () => {
  it('has, after migrating, this month, the next months and a default partition', async () => {
    const expected = Array.from({ length: TEXT_PARTITION_MONTHS_AHEAD + 1 }, (_, i) => monthName(i));
    expect(await partitions()).toEqual([...expected, 'texts_default'].sort());
  });

  it('creates the next months ahead of time, once', async () => {
    expect((await app.sql('SELECT canvass_ensure_text_partitions(6) AS n')).rows[0].n).toBe(
      6 - TEXT_PARTITION_MONTHS_AHEAD,
    );
    expect(await partitions()).toContain(monthName(6));
    expect((await app.sql('SELECT canvass_ensure_text_partitions(6) AS n')).rows[0].n).toBe(0);
  });

  it('stores a text in its month, and one whose month has no partition yet in the default partition', async () => {
    expect(await partitionOf(await insertText(midMonth(1)))).toBe(monthName(1));
    const far = await insertText(midMonth(9));
    expect(await partitionOf(far)).toBe('texts_default');
    // Making that month moves the waiting text into it, with the same id.
    await app.sql('SELECT canvass_ensure_text_partitions(9)');
    expect(await partitionOf(far)).toBe(monthName(9));
  });

  it('runs daily from the worker: the scheduled job creates what is missing', async () => {
    await app.sql(`DROP TABLE ${monthName(TEXT_PARTITION_MONTHS_AHEAD)}`);
    const created = await ensureTextPartitionsJob.run({}, { platform: app.platform, progress: async () => {} });
    expect(created).toBe(1);
    expect(await partitions()).toContain(monthName(TEXT_PARTITION_MONTHS_AHEAD));
  });

  it('lets an old month detach although an opt-out names one of its texts (no foreign key into texts)', async () => {
    const textId = await insertText(midMonth(0));
    const createdAt = (await app.sql('SELECT created_at FROM texts WHERE id = $1', [textId])).rows[0].created_at;
    const { rows: phone } = await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, '2125550100', 'Valid', 'ToPhone') RETURNING id`,
      [organizationId],
    );
    await app.sql(
      `INSERT INTO opt_outs (organization_id, phone_id, number, opt_out_type, text_id, text_created_at)
       VALUES ($1, $2, '2125550100', 'Recipient', $3, $4)`,
      [organizationId, phone[0].id, textId, createdAt],
    );
    await app.sql(`ALTER TABLE texts DETACH PARTITION ${monthName(0)}`);
    expect(await partitions()).not.toContain(monthName(0));
  });

  it('gives the app role nothing on a partition: texts are reached through the parent and its policy', async () => {
    const { rows } = await app.sql(
      `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'public.texts'::regclass
          AND (has_table_privilege('canvass_app', c.oid, 'SELECT') OR has_table_privilege('canvass_app', c.oid, 'INSERT'))`,
    );
    expect(rows).toEqual([]);
  });
});
