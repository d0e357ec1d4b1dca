import { listErrorMessages, listMessages } from '@canvass/domain';
import { Readable } from 'node:stream';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { memorySource } from '../../../test/memory-source';
import type { ColumnRole } from './column-roles';
import { runListLoad } from './run-list-load';
import { createCsvSource } from './sources/csv-source';
import { sweepStaging } from './staging-sweep';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

const HEADER = ['Phone', 'First', 'Last', 'Ward', 'Note'];
const ROLES: ColumnRole[] = ['Phone', 'FirstName', 'LastName', 'Column', 'Column'];

/** A list with its one sheet and column roles chosen, made as the owner (the API's own tests make them by API). */
async function makeList(orgId: number, roles: ColumnRole[] = ROLES, headerRowIndex = 0): Promise<number> {
  const { rows } = await app.sql(
    `INSERT INTO lists (organization_id, name, google_sheet_key) VALUES ($1, 'Voters', 'key') RETURNING id`,
    [orgId],
  );
  const listId = rows[0].id as number;
  const sheet = await app.sql(
    `INSERT INTO sheets (organization_id, list_id, source_sheet_id, name, header_row_index, column_roles)
     VALUES ($1, $2, '0', 'Sheet1', $3, $4::list_column_role[]) RETURNING id`,
    [orgId, listId, headerRowIndex, roles],
  );
  await app.sql('UPDATE lists SET sheet_id = $1 WHERE id = $2', [sheet.rows[0].id, listId]);
  return Number(listId);
}

const load = (listId: number, sheet: string[][], opts: Parameters<typeof memorySource>[1] = {}, orgId = org.id) =>
  runListLoad(app.platform, { organizationId: orgId, userId: null }, listId, {
    source: memorySource({ Sheet1: sheet }, opts),
  });

async function listOf(listId: number) {
  const { rows } = await app.sql(
    `SELECT list_status, load_error_message, rows_count, valid_rows_count, invalid_rows_count, duplicate_rows_count,
            opted_out_rows_count, do_not_contact_rows_count, optimized_rows_count, last_loaded_at
       FROM lists WHERE id = $1`,
    [listId],
  );
  return rows[0];
}

async function rowsOf(listId: number) {
  const { rows } = await app.sql(
    `SELECT position, raw_phone_number, to_phone_number, first_name, last_name, state, row_status, column_one,
            column_two, column_three
       FROM rows WHERE list_id = $1 ORDER BY position`,
    [listId],
  );
  return rows;
}

/**
 * Whether the load's phones wait for a lock the other writer holds: the reservation of their ids (reserveIds' ALTER
 * SEQUENCE waits for the writer's nextval to commit) or their INSERT (or, on Citus, into a shard of it), for the
 * writer's row of the same number. On Citus that backend may be a worker's, which citus_stat_activity shows. The
 * statistics snapshot is cleared first: inside a transaction pg_stat_activity otherwise answers from its first read.
 */
async function phoneInsertWaits(client: pg.ClientBase): Promise<boolean> {
  const { rows: views } = await client.query(`SELECT to_regclass('citus_stat_activity') IS NOT NULL AS citus`);
  const activity = views[0].citus ? 'citus_stat_activity' : 'pg_stat_activity';
  const { rows } = await client.query(
    `SELECT 1 FROM pg_stat_clear_snapshot() c, ${activity} a
      WHERE a.datname = current_database() AND a.wait_event_type = 'Lock'
        AND a.query ~ '(INSERT INTO (public\\.)?phones|ALTER SEQUENCE (public\\.)?phones)'`,
  );
  return rows.length > 0;
}

const stagingTables = async () =>
  (await app.sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'canvass_staging'`)).rows;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Loader');
  other = await buildOrganization(app, 'Elsewhere');
  // Organization-wide opt-out of 2125550104, a client's own opt-out of 2125550105 (not a list scrub), and a
  // do-not-contact recipient 3125550106 the organization already has.
  const phone = async (number: string, dnc = false) =>
    (
      await app.sql(
        `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, do_not_contact)
         VALUES ($1, $2, 'ToPhone', 'ToPhone', 'Recipient', $3) RETURNING id`,
        [org.id, number, dnc],
      )
    ).rows[0].id;
  await app.sql(
    `INSERT INTO opt_outs (organization_id, phone_id, number, opt_out_type) VALUES ($1, $2, '2125550104', 'Manual')`,
    [org.id, await phone('2125550104')],
  );
  await app.sql(
    `INSERT INTO opt_outs (organization_id, phone_id, number, client_id, opt_out_type)
     VALUES ($1, $2, '2125550105', $3, 'Manual')`,
    [org.id, await phone('2125550105'), org.clientId],
  );
  await phone('3125550106', true);
}, 60_000);

describe('a list load, through the whole pipeline', () => {
  const sheet = [
    HEADER,
    ['(212) 555-0101', 'Ada', 'Lovelace', '7', 'said yes'],
    ['+1 212.555.0102', 'Bob', 'Ray', '8', ''], // dots are punctuation like dashes
    ['1-415-555-0103', 'Cy', '', '', 'tab\there'],
    ['2125550101', 'Ada', 'Again', '7', ''], // the same number as line 1
    ['2125550104', 'Opted', 'Out', '', ''],
    ['2125550105', 'Client', 'OptOut', '', ''],
    ['312 555 0106', 'Do', 'NotContact', '', ''],
    ['5.55123E+09', 'Excel', 'Number', '', ''],
    ['211-555-0107', 'No', 'AreaCode', '', ''], // N11 is not an area code
    ['212-155-0108', 'Bad', 'Exchange', '', ''],
    ['', 'No', 'Phone', '', ''],
    ['617-555-0109', 'Multi\nline', 'Back\\slash', '', ''],
  ];

  it('stores cleaned rows in sheet order with their status, state and kept columns', async () => {
    const listId = await makeList(org.id);
    const counts = await load(listId, sheet);
    expect(counts).toEqual({
      rowsCount: 12,
      validRowsCount: 7,
      invalidRowsCount: 4,
      duplicateRowsCount: 1,
      optedOutRowsCount: 1,
      doNotContactRowsCount: 1,
      optimizedRowsCount: 5,
    });
    const list = await listOf(listId);
    expect(list).toMatchObject({ list_status: 'Loaded', load_error_message: null, rows_count: 12 });
    expect(list.optimized_rows_count).toBe(5);
    expect(list.last_loaded_at).toBeInstanceOf(Date);
    const rows = await rowsOf(listId);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(rows[0]).toEqual({
      position: 1,
      raw_phone_number: '(212) 555-0101',
      to_phone_number: '2125550101',
      first_name: 'Ada',
      last_name: 'Lovelace',
      state: 'NY',
      row_status: 'Valid',
      column_one: '7',
      column_two: 'said yes',
      column_three: null,
    });
    expect(rows.map((r) => [r.to_phone_number, r.state, r.row_status])).toEqual([
      ['2125550101', 'NY', 'Valid'],
      ['2125550102', 'NY', 'Valid'],
      ['4155550103', 'CA', 'Valid'],
      ['2125550101', 'NY', 'Duplicate'],
      ['2125550104', 'NY', 'Valid'],
      ['2125550105', 'NY', 'Valid'],
      ['3125550106', 'IL', 'Valid'],
      [null, null, 'Invalid'],
      [null, null, 'Invalid'],
      [null, null, 'Invalid'],
      [null, null, 'Invalid'],
      ['6175550109', 'MA', 'Valid'],
    ]);
    expect(rows[1].raw_phone_number).toBe('+1 212.555.0102');
    expect(rows[7].raw_phone_number).toBe('5.55123E+09');
    // COPY's special characters arrive as they were in the sheet.
    expect(rows[2].column_two).toBe('tab\there');
    expect(rows[11]).toMatchObject({ first_name: 'Multi\nline', last_name: 'Back\\slash' });
    expect(await stagingTables()).toEqual([]);
  });

  it("stores a CSV file's cells as the file holds them: quoted, escaped, trimmed, in any script", async () => {
    // The CSV path copies cells from the file's bytes into COPY's text format (sources/csv-scan.ts, copy-text.ts).
    const csv =
      'Phone,First,Last,Ward,Note\r\n' +
      '"(212) 555-0101", Ada ,"Love""lace","7, east","multi\r\nline"\r\n' +
      '2125550102,\u00a0Bo\u00a0,Zoë,back\\slash,tab\there\r\n' +
      '2125550103,,,,"  "\r\n' +
      '\r\n' +
      '5.55123E+09,Cy,"",x\u0000y,東京\r\n';
    // An organization of its own: the others' phones and rows are counted by the tests below.
    const own = await buildOrganization(app, 'CSV');
    const listId = await makeList(own.id);
    const source = createCsvSource(() => Readable.from([Buffer.from(csv)]), 'voters.csv');
    await runListLoad(app.platform, { organizationId: own.id, userId: null }, listId, { source });
    expect(await rowsOf(listId)).toEqual([
      {
        position: 1,
        raw_phone_number: '(212) 555-0101',
        to_phone_number: '2125550101',
        first_name: 'Ada',
        last_name: 'Love"lace',
        state: 'NY',
        row_status: 'Valid',
        column_one: '7, east',
        column_two: 'multi\r\nline',
        column_three: null,
      },
      expect.objectContaining({ position: 2, first_name: 'Bo', last_name: 'Zoë', column_one: 'back\\slash' }),
      expect.objectContaining({ position: 3, first_name: null, last_name: null, column_one: null, column_two: null }),
      expect.objectContaining({
        position: 4,
        raw_phone_number: '5.55123E+09',
        row_status: 'Invalid',
        first_name: 'Cy',
        last_name: null,
        column_one: 'xy',
        column_two: '東京',
      }),
    ]);
    expect((await rowsOf(listId))[1].column_two).toBe('tab\there');
  });

  it('makes each recipient number one phone of the organization, with its state, shared by the lists that have it', async () => {
    const first = await makeList(org.id);
    const second = await makeList(org.id);
    await load(first, sheet);
    await load(second, [HEADER, ['4155550103', 'Cy', 'Again', '', ''], ['(646) 555-0110', 'New', 'One', '', '']]);
    const { rows } = await app.sql(
      `SELECT number, count(*)::int AS n, min(phone_class::text) AS class, min(state) AS state FROM phones
        WHERE organization_id = $1 AND phone_type = 'ToPhone' GROUP BY number ORDER BY number`,
      [org.id],
    );
    expect(rows).toEqual(
      [
        ['2125550101', 'NY'],
        ['2125550102', 'NY'],
        // The organization had these three already (made without a state above): the load leaves them as they are.
        ['2125550104', null],
        ['2125550105', null],
        ['3125550106', null],
        ['4155550103', 'CA'],
        ['6175550109', 'MA'],
        ['6465550110', 'NY'],
      ].map(([number, state]) => ({
        number,
        n: 1,
        class: 'Recipient',
        state,
      })),
    );
  });

  it('a number another writer adds while the load inserts its phones stays one phone, and the load succeeds', async () => {
    const listId = await makeList(org.id);
    // Another writer (an opt-out, say) holds a new phone of one of the list's numbers, not yet committed. On a
    // connection of its own: the load takes most of the pool's.
    const writer = new pg.Client({ connectionString: app.platform.config.DATABASE_URL });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(
        `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class)
         VALUES ($1, '2125550171', 'ToPhone', 'ToPhone', 'Recipient')`,
        [org.id],
      );
      const loading = load(listId, [HEADER, ['2125550171', 'Raced', '', '', ''], ['2125550172', 'Calm', '', '', '']]);
      // The load, which could not see that phone, waits until the writer commits.
      await expect.poll(() => phoneInsertWaits(writer), { timeout: 10_000 }).toBe(true);
      await writer.query('COMMIT');
      await loading;
    } finally {
      await writer.end();
    }
    expect(await listOf(listId)).toMatchObject({ list_status: 'Loaded', valid_rows_count: 2 });
    const { rows } = await app.sql(
      `SELECT number, count(*)::int AS n FROM phones
        WHERE organization_id = $1 AND number IN ('2125550171', '2125550172') AND phone_type = 'ToPhone'
        GROUP BY number ORDER BY number`,
      [org.id],
    );
    expect(rows).toEqual([
      { number: '2125550171', n: 1 },
      { number: '2125550172', n: 1 },
    ]);
  });

  it('skips the rows above the chosen header row', async () => {
    const listId = await makeList(org.id, ['Skip', 'Phone'], 1);
    await load(listId, [
      ['Exported 2026-11-01', ''],
      ['Name', 'Mobile'],
      ['Ann', '2125550111'],
    ]);
    expect((await rowsOf(listId)).map((r) => r.to_phone_number)).toEqual(['2125550111']);
  });
});

describe('column roles the load refuses', () => {
  const cases: [string, ColumnRole[], keyof typeof listErrorMessages][] = [
    ['two phone columns', ['Phone', 'Phone', 'Skip', 'Skip', 'Skip'], 'ErrorMultiplePhoneNumbersSelected'],
    ['no phone column', ['Column', 'FirstName', 'LastName', 'Skip', 'Skip'], 'ErrorUnableToSelectAPhoneNumber'],
    ['two first names', ['Phone', 'FirstName', 'FirstName', 'Skip', 'Skip'], 'ErrorMultipleNamesSelected'],
    ['two last names', ['Phone', 'LastName', 'LastName', 'Skip', 'Skip'], 'ErrorMultipleLastNamesSelected'],
    ['51 kept columns', ['Phone', ...Array<ColumnRole>(51).fill('Column')], 'ErrorSheetExceedsMaxColumns'],
    ['no roles chosen', [], 'ErrorSheetIncludesInvalidData'],
  ];
  it.each(cases)('%s: the list says why, and its rows stay', async (_name, roles, status) => {
    const listId = await makeList(org.id);
    await load(listId, [HEADER, ['2125550101', 'Ada', 'Lovelace', '7', 'x']]);
    await app.sql(`UPDATE sheets SET column_roles = $1::list_column_role[] WHERE list_id = $2`, [roles, listId]);
    await expect(load(listId, [HEADER, ['3125550199', 'Bo', 'Ho', '', '']])).rejects.toThrow(listErrorMessages[status]);
    expect(await listOf(listId)).toMatchObject({
      list_status: status,
      load_error_message: listErrorMessages[status],
      rows_count: 1,
    });
    expect((await rowsOf(listId)).map((r) => r.to_phone_number)).toEqual(['2125550101']);
  });
});

describe('a reload replaces the rows atomically', () => {
  const before = [HEADER, ['2125550121', 'Old', 'One', '', ''], ['2125550122', 'Old', 'Two', '', '']];
  const after = [
    HEADER,
    ['2125550131', 'New', 'One', '', ''],
    ['2125550132', 'New', 'Two', '', ''],
    ['x', '', '', '', ''],
  ];

  it('a load cut off midway leaves the old rows and counts; a later load succeeds', async () => {
    const listId = await makeList(org.id);
    await load(listId, before);
    await expect(load(listId, after, { batchRows: 1, failAfterBatches: 2 })).rejects.toThrow('cut off');
    expect(await listOf(listId)).toMatchObject({
      list_status: 'Error',
      load_error_message: listMessages.loadFailedDetail,
      rows_count: 2,
      valid_rows_count: 2,
    });
    expect((await rowsOf(listId)).map((r) => r.first_name + r.last_name)).toEqual(['OldOne', 'OldTwo']);
    expect(await stagingTables()).toEqual([]);

    await load(listId, after);
    expect(await listOf(listId)).toMatchObject({ list_status: 'Loaded', rows_count: 3, invalid_rows_count: 1 });
    expect((await rowsOf(listId)).map((r) => r.first_name)).toEqual(['New', 'New', null]);
  });

  it('a load cut off after some of its chunks went in leaves the old rows and counts', async () => {
    const listId = await makeList(org.id);
    await load(listId, before);
    const cutOff = memorySource({ Sheet1: after }, { batchRows: 1, failAfterBatches: 3 });
    // One row a chunk: rows 1 and 2 go in (one of them still going in when the file is cut off), row 3 never.
    await expect(
      runListLoad(app.platform, { organizationId: org.id, userId: null }, listId, { source: cutOff, chunkRows: 1 }),
    ).rejects.toThrow('cut off');
    expect(await listOf(listId)).toMatchObject({ list_status: 'Error', rows_count: 2 });
    expect((await rowsOf(listId)).map((r) => r.first_name + r.last_name)).toEqual(['OldOne', 'OldTwo']);
  });

  it("a final transaction that fails leaves the list's rows and counts; its recipient numbers stay one phone each", async () => {
    const listId = await makeList(org.id);
    await load(listId, before);
    const newcomer = memorySource({ Sheet1: [HEADER, ['2125550161', 'Never', 'Here', '', '']] });
    await expect(
      runListLoad(app.platform, { organizationId: org.id, userId: null }, listId, {
        source: newcomer,
        beforeCommit: async () => {
          throw new Error('the server went away');
        },
      }),
    ).rejects.toThrow('went away');
    expect(await listOf(listId)).toMatchObject({ list_status: 'Error', rows_count: 2 });
    expect((await rowsOf(listId)).map((r) => r.to_phone_number)).toEqual(['2125550121', '2125550122']);
    expect(await stagingTables()).toEqual([]);
    // The recipient phones commit on their own, beside the rows (load-list.ts): a number of the organization, in
    // no list until a load succeeds; the retry finds it rather than adding a second.
    await runListLoad(app.platform, { organizationId: org.id, userId: null }, listId, {
      source: memorySource({ Sheet1: [HEADER, ['2125550161', 'Never', 'Here', '', '']] }),
    });
    expect((await rowsOf(listId)).map((r) => r.to_phone_number)).toEqual(['2125550161']);
    const { rows } = await app.sql(
      `SELECT phone_class FROM phones WHERE organization_id = $1 AND number = '2125550161' AND phone_type = 'ToPhone'`,
      [org.id],
    );
    expect(rows).toEqual([{ phone_class: 'Recipient' }]);
  });
});

describe('the daily staging sweep', () => {
  it('drops the staging tables of lists that are not loading, and keeps those of a load under way', async () => {
    const idle = await makeList(org.id);
    const busy = await makeList(org.id);
    await app.sql(`UPDATE lists SET list_status = 'Loading' WHERE id = $1`, [busy]);
    for (const id of [idle, busy]) await app.sql(`CREATE TABLE canvass_staging.list_${org.id}_${id} (junk text)`);
    expect(await sweepStaging(app.platform)).toEqual([`list_${org.id}_${idle}`]);
    expect(await stagingTables()).toEqual([{ tablename: `list_${org.id}_${busy}` }]);
    await app.sql(`DROP TABLE canvass_staging.list_${org.id}_${busy}`);
  });
});

describe('tenancy', () => {
  it("another organization's context sees none of a list's rows or sheets, even in raw SQL as the app role", async () => {
    const listId = await makeList(org.id);
    await load(listId, [HEADER, ['2125550141', 'Private', 'Person', '', '']]);
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SET LOCAL ROLE canvass_app; SET LOCAL app.organization_ids = '${other.id}'`);
      for (const table of ['rows', 'sheets', 'lists'])
        expect((await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n, table).toBe(0);
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
  });

  it('a load scoped to another organization cannot touch the list', async () => {
    const listId = await makeList(org.id);
    await load(listId, [HEADER, ['2125550151', 'Mine', '', '', '']]);
    await expect(load(listId, [HEADER, ['2125550152', 'Theirs', '', '', '']], {}, other.id)).rejects.toThrow();
    expect((await rowsOf(listId)).map((r) => r.first_name)).toEqual(['Mine']);
    expect(await listOf(listId)).toMatchObject({ list_status: 'Loaded' });
  });

  it('the app role cannot read a staging table it was not granted', async () => {
    await app.sql('CREATE TABLE canvass_staging.list_0_0 (secret text)');
    const client = await app.platform.database.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL ROLE canvass_app');
      await expect(client.query('SELECT * FROM canvass_staging.list_0_0')).rejects.toThrow(/permission denied/);
      await client.query('ROLLBACK');
    } finally {
      client.release();
      await app.sql('DROP TABLE canvass_staging.list_0_0');
    }
  });
});
