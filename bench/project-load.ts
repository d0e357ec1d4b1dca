import { runProjectLoad, runProjectUnload } from '../apps/server/src/modules/projects/load/run-project-load';
import type { Platform } from '../apps/server/src/platform/platform';
import type { Benchmark } from './benchmarks';
import { benchPlatform, rssSampler } from './setup';

const TEXTS = 1_000_000;
/** Rows left out, a quarter each: duplicates, invalid numbers, do-not-contact numbers, opt-outs. */
const EXCLUDED = 50_000;
const AREA_CODES = ['212', '415', '312', '617', '305', '713', '206', '404', '602', '303'];
export const MESSAGE =
  'Hi {firstName}, your polling place for precinct {Precinct} is open 7am-8pm. Reply STOP to opt out';
export const WITH_LINK = `${MESSAGE} {link:vote}`;

/**
 * An organization with a loaded list of TEXTS eligible rows and EXCLUDED others, made directly in SQL (the list
 * load has its own benchmark): recipient phones, opt-outs, do-not-contact numbers, filters, a price, a short link,
 * and a project with five Active senders waiting to be loaded.
 */
export async function seed(platform: Platform, texts = TEXTS, excludedRows = EXCLUDED) {
  const pool = platform.database.pool;
  const one = async (q: string, params: unknown[] = []) => Number((await pool.query(q, params)).rows[0].id);
  const org = await one(
    `INSERT INTO organizations (name, domain) VALUES ('Bench projects', 'bench-projects.test') RETURNING id`,
  );
  const userId = await one(
    `INSERT INTO users (name, email) VALUES ('Bench', 'bench@bench-projects.test') RETURNING id`,
  );
  await pool.query(`INSERT INTO organization_users (organization_id, user_id, role) VALUES ($1, $2, 'Manager')`, [
    org,
    userId,
  ]);
  await pool.query('SELECT canvass_sync_membership($1, $2)', [userId, org]);
  const clientId = await one(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Bench client', 'Campaign', 'Active') RETURNING id`,
    [org],
  );
  const total = texts + excludedRows;
  const listId = await one(
    `INSERT INTO lists (organization_id, name, google_sheet_key, list_status, row_headers, rows_count)
     VALUES ($1, 'Voters', 'key', 'Loaded', '{Precinct,Ward}', $2) RETURNING id`,
    [org, total],
  );
  // Row g: a distinct number for every row but the duplicates (g % 4 = 0 of the excluded), which repeat row g - 1's.
  // The excluded rows are spread through the list (every 21st), as they would be in a real file.
  await pool.query(
    `CREATE TEMP TABLE bench_rows AS
     SELECT g AS position,
            CASE WHEN g % 21 = 0 THEN (g / 21) % 4 ELSE -1 END AS kind,
            $1::text[] AS codes
       FROM generate_series(1, $2::int) g`,
    [AREA_CODES, total],
  );
  await pool.query(`
    CREATE TEMP TABLE bench_numbers AS
    SELECT position, kind,
           CASE WHEN kind = 1 THEN NULL
                WHEN kind = 0 THEN codes[1 + (position - 1) % 10] || (2000000 + position - 1)::text
                ELSE codes[1 + position % 10] || (2000000 + position)::text END AS number
      FROM bench_rows`);
  await pool.query(
    `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, state, do_not_contact)
     SELECT $1, number, 'ToPhone', 'ToPhone', 'Recipient', 'NY', kind = 2 FROM bench_numbers
      WHERE number IS NOT NULL AND kind <> 0 ORDER BY number`,
    [org],
  );
  // Statistics first: without them the planner joins the opt-outs below with a nested loop (minutes at 50k rows).
  await pool.query('ANALYZE bench_numbers, phones');
  await pool.query(
    `INSERT INTO opt_outs (organization_id, phone_id, number, opt_out_type)
     SELECT $1, p.id, p.number, 'Recipient' FROM bench_numbers n
       JOIN phones p ON p.organization_id = $1 AND p.number = n.number AND p.phone_type = 'ToPhone' WHERE n.kind = 3`,
    [org],
  );
  await pool.query(
    `INSERT INTO rows (organization_id, list_id, position, raw_phone_number, to_phone_number, first_name, last_name,
                       state, row_status, column_one, column_two)
     SELECT $1, $2, position, coalesce(number, '555-0100'), number, 'Ada' || position % 100, 'Lovelace', 'NY',
            (CASE kind WHEN 0 THEN 'Duplicate' WHEN 1 THEN 'Invalid' ELSE 'Valid' END)::row_status,
            (position % 700)::text, (position % 30)::text
       FROM bench_numbers ORDER BY position`,
    [org, listId],
  );
  // What a load stores with its rows: the range of their ids, ascending in sheet order as inserted above.
  await pool.query(
    `UPDATE lists SET first_row_id = r.first, last_row_id = r.last
       FROM (SELECT min(id) AS first, max(id) AS last FROM rows WHERE organization_id = $1 AND list_id = $2) r
      WHERE organization_id = $1 AND id = $2`,
    [org, listId],
  );
  await pool.query(`DROP TABLE bench_rows, bench_numbers`);
  await pool.query(
    `INSERT INTO list_filters (organization_id, list_filter_type, state) VALUES ($1, 'State', 'WY');
     INSERT INTO list_filters (organization_id, list_filter_type) VALUES ($1, 'Landline');
     INSERT INTO prices (organization_id, price, is_sent, campaign_type, messaging_service_type, start_at)
     VALUES ($1, 0.0075, true, 'Registered', 'SMS', now() - interval '1 day');
     WITH d AS (INSERT INTO custom_domains (organization_id, domain) VALUES ($1, 'go.bench.test') RETURNING id)
     INSERT INTO shortened_links (organization_id, original_link, short_code, generated_short_code, custom_domain_id)
     SELECT $1, 'https://vote.example.test', 'vote', 'b3nchv0t3', id FROM d`.replace(/\$1/g, String(org)),
  );
  await pool.query('VACUUM ANALYZE phones, opt_outs, rows, list_filters');
  const project = async (message: string) => {
    const id = await one(
      `INSERT INTO projects (organization_id, name, message, project_status, project_type, client_id, manager_id, list_id,
                             area_code_selection)
       VALUES ($1, 'Bench', $2, 'AwaitingLoad', (enum_range(NULL::project_type))[1], $3, $4, $5, 'MatchingAreaCode')
       RETURNING id`,
      [org, message, clientId, userId, listId],
    );
    await pool.query(
      `WITH p AS (
         INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, provider)
         SELECT $1, c || '5559' || lpad((i + $2 * 10)::text, 3, '0'), 'Active', 'FromPhone', 'Provider', 'Twilio'
           FROM unnest($3::text[]) WITH ORDINALITY u(c, i) RETURNING id, number)
       INSERT INTO project_phones (organization_id, project_id, phone_id, area_code, is_primary)
       SELECT $1, $2, id, left(number, 3), number LIKE '212%' FROM p`,
      [org, id, AREA_CODES.slice(0, 5)],
    );
    return id;
  };
  return { org, userId, project };
}

/** The baseline: 1M rows INSERT … SELECT'ed into a plain table of texts' columns and indexes. */
async function plainInsertSeconds(platform: Platform, org: number): Promise<number> {
  const client = await platform.database.pool.connect();
  try {
    await client.query(
      `DROP TABLE IF EXISTS bench_plain_texts;
       CREATE TABLE bench_plain_texts (LIKE texts INCLUDING DEFAULTS INCLUDING INDEXES)`,
    );
    const t = process.hrtime.bigint();
    await client.query(
      `INSERT INTO bench_plain_texts (id, organization_id, body, rendered_message, text_status, text_type,
                                      messaging_service_type, from_phone_id, to_phone_id, project_id, segments, price,
                                      created_at, updated_at)
       SELECT g, $1, $2, 'Hi Ada' || g % 100 || ', your polling place for precinct ' || g % 700 || ' is open 7am-8pm. Reply STOP to opt out',
              'Ready', 'List', 'SMS', 1 + g % 5, g, 1, 1, 0.0075, now(), now()
         FROM generate_series(1, $3::int) g`,
      [org, MESSAGE, TEXTS],
    );
    const seconds = Number(process.hrtime.bigint() - t) / 1e9;
    await client.query('DROP TABLE bench_plain_texts');
    return seconds;
  } finally {
    client.release();
  }
}

async function timedLoad(platform: Platform, scope: { organizationId: number; userId: number }, projectId: number) {
  const rss = rssSampler();
  const t = process.hrtime.bigint();
  const result = await runProjectLoad(platform, scope, projectId);
  const seconds = Number(process.hrtime.bigint() - t) / 1e9;
  if (result.texts !== TEXTS) throw new Error(`the load made ${result.texts} texts, not ${TEXTS}`);
  return { seconds, memory: rss.stop(), result };
}

export const projectLoad: Benchmark = {
  name: 'project-load',
  description: `loading a project of ${TEXTS.toLocaleString('en-US')} texts (rendered, sender by area code, segments, price; ${EXCLUDED.toLocaleString('en-US')} rows left out and recorded, counts kept) in one transaction, vs a plain INSERT … SELECT of ${TEXTS.toLocaleString('en-US')} rows into a table of texts' shape`,
  async run() {
    const { platform, close } = await benchPlatform();
    try {
      const { org, userId, project } = await seed(platform);
      const scope = { organizationId: org, userId };
      await plainInsertSeconds(platform, org); // warms the caches for both sides
      const baseline = await plainInsertSeconds(platform, org);
      const plain = await project(MESSAGE);
      const { seconds, memory, result } = await timedLoad(platform, scope, plain);
      console.log(`  excluded: ${JSON.stringify(result.excluded)}`);
      // The same load with a per-recipient short link (a token per text), and the unload of a million texts.
      await platform.database.pool.query(`UPDATE projects SET project_status = 'AwaitingUnload' WHERE id = $1`, [
        plain,
      ]);
      const u = process.hrtime.bigint();
      await runProjectUnload(platform, scope, plain);
      const unloadSeconds = Number(process.hrtime.bigint() - u) / 1e9;
      const linked = await timedLoad(platform, scope, await project(WITH_LINK));
      return [
        {
          name: 'project-load',
          value: seconds,
          unit: 's',
          baseline,
          target: { valueAtMost: 6, ratioAtMost: 2 },
          extra: {
            texts: TEXTS,
            excludedRows: EXCLUDED,
            rssStartMb: memory.startMb,
            rssPeakMb: memory.peakMb,
            withLinkSeconds: linked.seconds,
            unloadSeconds,
          },
        },
      ];
    } finally {
      await close();
    }
  },
};
