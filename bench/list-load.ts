import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { usAreaCodes } from '@canvass/domain';
import type { LoadScope } from '../apps/server/src/modules/lists/load-list';
import { runListLoad } from '../apps/server/src/modules/lists/run-list-load';
import type { Platform } from '../apps/server/src/platform/platform';
import type { Benchmark, Target } from './benchmarks';
import { benchPlatform, rssSampler } from './setup';

/** The named columns every generated file starts with; wider files add generic ones after them. */
// prettier-ignore
const BASE_HEADER = [
  'Phone', 'First Name', 'Last Name', 'Address', 'City', 'State', 'Zip',
  'Email', 'Party', 'Precinct', 'Age', 'Gender', 'Voter Id', 'Notes',
];
const OPT_OUTS = 10_000;
const DO_NOT_CONTACT = 100_000;
// prettier-ignore
const FIRST = ['Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kai', 'Lou', 'Max', 'Ned', 'Ola'];
// prettier-ignore
const LAST = ['Smith', 'Jones', 'Garcia', 'Miller', 'Davis', 'Lopez', 'Wilson', 'Moore', 'Taylor', 'Lee', 'Perez'];

/** The i-th distinct valid number: an area code in service and an exchange starting 2-9. */
export function phoneOf(i: number, areaCodes: string[]): string {
  return `${areaCodes[i % areaCodes.length]}${2_000_000 + ((i * 7919) % 8_000_000)}`;
}

/**
 * The generated file: header + `rows` lines of `columns` columns (the 14 named ones, then short generic cells);
 * 2 % invalid phones (Excel numbers, short numbers), 3 % repeating an earlier line's number, the rest distinct,
 * written as people write them.
 */
async function* csvLines(areaCodes: string[], rows: number, columns: number): AsyncGenerator<string> {
  const extra = Array.from({ length: columns - BASE_HEADER.length }, (_, k) => k + BASE_HEADER.length + 1);
  yield [...BASE_HEADER, ...extra.map((n) => `Field ${n}`)].join(',') + '\n';
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    let phone: string;
    if (i % 50 === 7) phone = i % 100 === 7 ? '5.55123E+09' : '555-0100';
    else if (i % 100 === 13 || i % 100 === 41 || i % 100 === 77) phone = phoneOf(i - 5, areaCodes);
    else {
      const d = phoneOf(i, areaCodes);
      phone = i % 3 === 0 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : i % 3 === 1 ? `1${d}` : d;
    }
    chunk +=
      `${phone},${FIRST[i % FIRST.length]},${LAST[i % LAST.length]},"${i} Main St, Apt ${i % 40}",Springfield,NY,` +
      `${10000 + (i % 89999)},voter${i}@example.test,${i % 2 ? 'DEM' : 'REP'},${i % 700},${18 + (i % 70)},` +
      `${i % 2 ? 'F' : 'M'},NY${String(i).padStart(9, '0')},called twice`;
    for (const n of extra) chunk += `,f${n}-${i % 997}`;
    chunk += '\n';
    if (chunk.length > 1 << 16) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
}

/** An organization with a Manager, 10,000 organization-wide opt-outs and 100,000 do-not-contact numbers. */
export async function seedOrganization(platform: Platform, areaCodes: string[]) {
  const pool = platform.database.pool;
  const { rows: orgs } = await pool.query(
    `INSERT INTO organizations (name, domain) VALUES ('Bench lists', 'bench-lists.test') RETURNING id`,
  );
  const org = Number(orgs[0].id);
  const { rows: users } = await pool.query(
    `INSERT INTO users (name, email) VALUES ('Bench', 'bench@bench-lists.test') RETURNING id`,
  );
  const userId = Number(users[0].id);
  await pool.query(`INSERT INTO organization_users (organization_id, user_id, role) VALUES ($1, $2, 'Manager')`, [
    org,
    userId,
  ]);
  // The users policy reads the user's copy of its organizations (migration 0017).
  await pool.query('SELECT canvass_sync_membership($1, $2)', [userId, org]);
  // Some of the file's own numbers, so the scrub finds them: every 10th line's number is do-not-contact, and
  // every 100th line's (offset by one) has opted out.
  const dnc = Array.from({ length: DO_NOT_CONTACT }, (_, k) => phoneOf(10 * k + 3, areaCodes));
  const opted = Array.from({ length: OPT_OUTS }, (_, k) => phoneOf(100 * k + 1, areaCodes));
  await pool.query(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, do_not_contact)
     SELECT $1, n, 'ToPhone', 'ToPhone', 'Recipient', true FROM unnest($2::text[]) n`,
    [org, dnc],
  );
  await pool.query(
    `WITH p AS (INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class)
                SELECT $1, n, 'ToPhone', 'ToPhone', 'Recipient' FROM unnest($2::text[]) n RETURNING id, number)
     INSERT INTO opt_outs (organization_id, phone_id, number, opt_out_type) SELECT $1, id, number, 'Recipient' FROM p`,
    [org, opted],
  );
  await pool.query('VACUUM ANALYZE phones, opt_outs');
  return { org, userId };
}

/** The list of the uploaded file, its sheet chosen: phone, names and every other column kept. */
export async function seedList(
  platform: Platform,
  org: number,
  userId: number,
  file: { key: string; size: number; columns: number },
) {
  const pool = platform.database.pool;
  const { rows: uploads } = await pool.query(
    `INSERT INTO uploads (organization_id, user_id, storage_key, filename, size) VALUES ($1, $2, $3, 'voters.csv', $4)
     RETURNING id`,
    [org, userId, file.key, file.size],
  );
  const { rows: lists } = await pool.query(
    `INSERT INTO lists (organization_id, name, upload_id) VALUES ($1, 'Voters', $2) RETURNING id`,
    [org, uploads[0].id],
  );
  const listId = Number(lists[0].id);
  const roles = ['Phone', 'FirstName', 'LastName', ...Array<string>(file.columns - 3).fill('Column')];
  const { rows: sheets } = await pool.query(
    `INSERT INTO sheets (organization_id, list_id, source_sheet_id, name, column_roles)
     VALUES ($1, $2, '0', 'voters', $3::list_column_role[]) RETURNING id`,
    [org, listId, roles],
  );
  await pool.query('UPDATE lists SET sheet_id = $1 WHERE id = $2', [sheets[0].id, listId]);
  return listId;
}

/** The baseline: the same file COPYed as CSV into an unindexed table of as many text columns. */
export async function rawCopySeconds(platform: Platform, storageKey: string, columns: number): Promise<number> {
  const client = await platform.database.pool.connect();
  try {
    const definitions = Array.from({ length: columns }, (_, i) => `c${i + 1} text`).join(', ');
    await client.query(`DROP TABLE IF EXISTS bench_raw_copy; CREATE TABLE bench_raw_copy (${definitions})`);
    const t = process.hrtime.bigint();
    await pipeline(
      platform.storage.read(storageKey),
      client.query(copyFrom('COPY bench_raw_copy FROM STDIN WITH (FORMAT csv, HEADER true)')),
    );
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    await client.query('DROP TABLE bench_raw_copy');
    return seconds;
  } finally {
    client.release();
  }
}

interface ListLoadOptions {
  name: string;
  rows: number;
  /** Columns of the file, at least the 14 named ones: Phone, FirstName, LastName and the rest kept as Column. */
  columns: number;
  target: Target;
}

/**
 * One load of the list, timed: its seconds, and the figures every list-load bench prints (staging and the final
 * transaction apart, memory, the counts). Throws unless the list holds `rows` rows.
 */
export async function timedListLoad(platform: Platform, scope: LoadScope, listId: number, rows: number) {
  const rss = rssSampler();
  const t = process.hrtime.bigint();
  let stagedAt = 0n;
  const counts = await runListLoad(platform, scope, listId, {
    // The last progress report comes when every row is staged: what follows is the final transaction.
    progress: async () => {
      stagedAt = process.hrtime.bigint();
    },
  });
  const end = process.hrtime.bigint();
  const memory = rss.stop();
  if (counts.rowsCount !== rows) throw new Error(`the list holds ${counts.rowsCount} rows, not ${rows}`);
  console.log(`  counts: ${JSON.stringify(counts)}`);
  return {
    seconds: Number(end - t) / 1e9,
    figures: {
      stagingSeconds: Number(stagedAt - t) / 1e9,
      finalTransactionSeconds: Number(end - stagedAt) / 1e9,
      rssStartMb: memory.startMb,
      rssPeakMb: memory.peakMb,
      ...counts,
    },
  };
}

/** Loading a generated `rows` × `columns` CSV in storage to a Loaded list, vs a raw COPY of the same file. */
export function listLoadBenchmark({ name, rows, columns, target }: ListLoadOptions): Benchmark {
  if (columns < BASE_HEADER.length) throw new Error(`${name}: a file has at least ${BASE_HEADER.length} columns`);
  return {
    name,
    description: `a ${rows.toLocaleString('en-US')}-row × ${columns}-column CSV in storage to a Loaded list (cleaned, de-duplicated, scrubbed against ${OPT_OUTS.toLocaleString('en-US')} opt-outs and ${DO_NOT_CONTACT.toLocaleString('en-US')} do-not-contact numbers, counted), vs a raw COPY of the file`,
    async run() {
      const { platform, close } = await benchPlatform();
      try {
        const areaCodes = usAreaCodes();
        const { org, userId } = await seedOrganization(platform, areaCodes);
        const key = `uploads/${org}/bench-voters.csv`;
        await platform.storage.write(key, csvLines(areaCodes, rows, columns));
        const { size } = await fs.promises.stat(path.join(platform.config.filesDir, key));
        const listId = await seedList(platform, org, userId, { key, size, columns });
        await rawCopySeconds(platform, key, columns); // warms the file cache for both sides
        const copySeconds = await rawCopySeconds(platform, key, columns);

        const { seconds, figures } = await timedListLoad(platform, { organizationId: org, userId }, listId, rows);
        return [
          {
            name,
            value: seconds,
            unit: 's',
            baseline: copySeconds,
            target,
            extra: {
              rows,
              columns,
              fileMb: Math.round(size / 1024 / 1024),
              ...figures,
            },
          },
        ];
      } finally {
        await close();
      }
    },
  };
}

export const listLoad = listLoadBenchmark({
  name: 'list-load',
  rows: 1_000_000,
  columns: 14,
  target: { valueAtMost: 8, ratioAtMost: 4 },
});

/** The widest file a list keeps: 50 columns, 47 of them kept as columnOne … columnFortySeven. */
export const listLoadWide = listLoadBenchmark({
  name: 'list-load-wide',
  rows: 1_000_000,
  columns: 50,
  target: { valueAtMost: 20 },
});
