import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { withTenant } from '../../platform/db/tenant';
import { openRowCopy } from './row-copy';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app);
  other = await buildOrganization(app);
});

async function makeList(orgId: number): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO lists (organization_id, name, google_sheet_key) VALUES ($1, 'Voters', 'key') RETURNING id`,
    [orgId],
  );
  return Number(rows[0].id);
}

/** One row in COPY text (staging.ts's order): id, organization, list, position, phones, names, state, status, c1. */
const line = (id: number, orgId: number, listId: number, position: number) =>
  `${id}\t${orgId}\t${listId}\t${position}\t2125550100\t2125550100\tAda\tLovelace\tNY\tValid\tWard 1\n`;

const rowsOf = async (listId: number) =>
  (await app.sql(`SELECT organization_id, first_name, column_one FROM rows WHERE list_id = $1`, [listId])).rows;

/** Copies `lines` as the load would, then reads who the transaction acts as, all in one tenant transaction. */
const copy = (listId: number, lines: string[]) =>
  withTenant(app.platform.database, { organizationIds: [org.id], userId: null }, async (tx) => {
    const writer = await openRowCopy(tx, org.id, listId, 1);
    for (const l of lines) await writer.add(Buffer.from(l), 1);
    await writer.finish();
    const { rows } = await tx.execute<{ role: string; replication: string }>(
      sql`SELECT current_user AS role, current_setting('session_replication_role') AS replication`,
    );
    return rows[0];
  });

describe('copying a load straight into rows', () => {
  it("puts the rows in and gives the transaction back its role and the references' checks", async () => {
    const listId = await makeList(org.id);
    expect(await copy(listId, [line(9_000_001, org.id, listId, 1)])).toEqual({
      role: 'canvass_app',
      replication: 'origin',
    });
    expect(await rowsOf(listId)).toEqual([{ organization_id: org.id, first_name: 'Ada', column_one: 'Ward 1' }]);
  });

  it("refuses a load with a row of another organization or list, and keeps none of the load's rows", async () => {
    const listId = await makeList(org.id);
    const theirs = await makeList(other.id);
    await expect(
      copy(listId, [line(9_000_011, org.id, listId, 1), line(9_000_012, other.id, theirs, 2)]),
    ).rejects.toThrow('the load wrote 2 rows and 1 were of its organization and list');
    await expect(
      copy(listId, [line(9_000_021, org.id, listId, 1), line(9_000_022, org.id, theirs, 2)]),
    ).rejects.toThrow('the load wrote 2 rows and 1 were of its organization and list');
    expect(await rowsOf(listId)).toEqual([]);
    expect(await rowsOf(theirs)).toEqual([]);
  });
});
