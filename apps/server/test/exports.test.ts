import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { createWorker } from '../src/app';
import { exportCsvJob } from '../src/modules/exports/exports.job';
import { withTenant } from '../src/platform/db/tenant';
import { startBackgroundTask } from '../src/platform/jobs/background-tasks';
import { createTestApp, gql, type TestApp } from './harness';
import { buildOrganization, type BuiltOrganization } from './factories';

const HEADER = ['Name', 'Type', 'Status', 'Agency', 'Email', 'Website', 'Phone', 'State', 'Slug', 'Created'];
const EXPORT =
  'mutation($q:String!,$v:JSON){ exportCsv(query:$q, variables:$v){ message task{ id kind status downloadUrl } } }';
const TASK =
  'query($id:ID!){ backgroundTask(id:$id){ id kind status processed total filename downloadUrl errorMessage } }';

interface Task {
  id: string;
  kind: string;
  status: string;
  processed: number;
  total: number | null;
  filename: string | null;
  downloadUrl: string | null;
  errorMessage: string | null;
}

let app: TestApp;
let worker: Runner;
let org: BuiltOrganization;
let otherOrg: BuiltOrganization;
let token: string;

/** The CSV as rows of cells (csv-parse: quoted fields may hold commas, quotes and newlines). */
const parseCsv = (text: string): string[][] => parse(text, { relaxColumnCount: true });

async function startExport(query: string, variables: unknown, as = token) {
  const res = await gql(app, EXPORT, { q: query, v: variables }, { token: as });
  expect(res.errors).toBeUndefined();
  return res.data?.exportCsv as { message: string; task: Task };
}

async function waitForTask(id: string, as = token): Promise<Task> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await gql(app, TASK, { id }, { token: as });
    const task = res.data?.backgroundTask as Task | null;
    expect(task, `task ${id} not visible`).not.toBeNull();
    if (task!.status === 'Done' || task!.status === 'Failed') return task!;
    if (Date.now() > deadline) throw new Error(`task ${id} still ${task!.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function download(url: string) {
  return app.api.inject({ method: 'GET', url });
}

async function exportRows(query: string, variables: unknown, as = token): Promise<{ task: Task; rows: string[][] }> {
  const started = await startExport(query, variables, as);
  const task = await waitForTask(started.task.id, as);
  expect(task.status, task.errorMessage ?? '').toBe('Done');
  const res = await download(task.downloadUrl!);
  expect(res.statusCode).toBe(200);
  return { task, rows: parseCsv(res.body) };
}

beforeAll(async () => {
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Exporter');
  otherOrg = await buildOrganization(app, 'Elsewhere');
  token = await org.tokenFor('Manager');
  const create = async (attrs: Record<string, unknown>) => {
    const res = await gql(
      app,
      'mutation($a:ClientAttributes!){ createClient(attributes:$a){ client{ id } errors{ field messages } } }',
      { a: attrs },
      { token },
    );
    expect(res.data?.createClient.errors).toEqual([]);
    return res.data?.createClient.client.id as string;
  };
  const agency = await create({ name: 'Big Agency', clientType: 'Agency' });
  await create({
    name: 'Export Alpha',
    clientType: 'Campaign',
    agencyId: agency,
    email: 'alpha@export.test',
    phone: '2125550100',
    state: 'NY',
    slug: 'export-alpha',
  });
  await create({ name: 'export beta, "the second"', clientType: 'PoliticalActionCommittee', clientStatus: 'Prospect' });
  await create({ name: 'Not Matching', clientType: 'Other' });
});

afterAll(async () => {
  await worker?.stop();
});

describe('exportCsv', () => {
  it('creates a background task that the worker finishes with a CSV of exactly the filtered clients', async () => {
    const started = await startExport('clients', {
      filters: [{ field: 'name', operation: 'Like', value: 'EXPORT ' }],
      sortBy: 'name',
      sortOrder: 'Asc',
    });
    expect(started.message).toBe('Your export is being prepared');
    expect(started.task).toMatchObject({ kind: 'export-csv', status: 'Queued', downloadUrl: null });

    const task = await waitForTask(started.task.id);
    expect(task).toMatchObject({ status: 'Done', processed: 2, total: 2, errorMessage: null });
    expect(task.filename).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(task.downloadUrl).toMatch(new RegExp(`^/files/tasks/${task.id}\\?token=`));

    const res = await download(task.downloadUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${task.filename}"`);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(3);
    const [alpha, beta] = rows.slice(1);
    expect(alpha.slice(0, 9)).toEqual([
      'Export Alpha',
      'Campaign',
      'Active',
      'Big Agency',
      'alpha@export.test',
      '',
      '(212)-555-0100',
      'NY',
      'export-alpha',
    ]);
    expect(Number.isNaN(Date.parse(alpha[9]))).toBe(false);
    expect(beta.slice(0, 4)).toEqual(['export beta, "the second"', 'Political Action Committee', 'Prospect', '']);
  });

  it('exports more than 250 rows correctly across pages', async () => {
    await app.sql(
      `INSERT INTO clients (organization_id, name, client_type, client_status)
       SELECT $1, 'Bulk ' || lpad(g::text, 3, '0'), 'Campaign', 'Active' FROM generate_series(1, 300) g`,
      [org.id],
    );
    const { task, rows } = await exportRows('clients', {
      filters: [{ field: 'name', operation: 'Like', value: 'Bulk ' }],
    });
    expect(task).toMatchObject({ processed: 300, total: 300 });
    expect(rows[0]).toEqual(HEADER);
    const names = rows.slice(1).map((r) => r[0]);
    expect(names).toHaveLength(300);
    expect(new Set(names).size).toBe(300);
    expect([...names].sort()).toEqual(Array.from({ length: 300 }, (_, i) => `Bulk ${String(i + 1).padStart(3, '0')}`));
  });

  it('neutralises cells a spreadsheet would run as formulas, in names and in reference names', async () => {
    const evil = ['=HYPERLINK("http://evil","x")', '+SUM(A1)', '-2+3', '@cmd', '\tTabbed', '\rReturned'];
    const {
      rows: [agency],
    } = await app.sql(
      `INSERT INTO clients (organization_id, name, client_type) VALUES ($1, '=EvilAgency()', 'Agency') RETURNING id`,
      [org.id],
    );
    for (const name of evil)
      await app.sql(
        `INSERT INTO clients (organization_id, name, client_type, agency_id, email) VALUES ($1, $2, 'Campaign', $3, 'ok@x.test')`,
        [org.id, name, agency.id],
      );
    const { rows } = await exportRows('clients', {
      filters: [{ field: 'agencyId', operation: 'Equal', value: String(agency.id) }],
      sortBy: 'name',
    });
    const byName = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byName.get(`'=HYPERLINK("http://evil","x")`)?.[3]).toBe(`'=EvilAgency()`);
    expect([...byName.keys()].sort()).toEqual(evil.map((n) => `'${n}`).sort());
    // Ordinary text is left as it is.
    expect(byName.get(`'@cmd`)?.[4]).toBe('ok@x.test');
  });

  it("writes dates in the organization's time zone, in a form spreadsheets read as dates", async () => {
    await app.sql(`UPDATE organizations SET time_zone = 'America/Los_Angeles' WHERE id = $1`, [org.id]);
    try {
      await app.sql(
        `INSERT INTO clients (organization_id, name, client_type, created_at)
         VALUES ($1, 'Dated Winter', 'Campaign', '2024-01-15T20:30:05Z'), ($1, 'Dated Summer', 'Campaign', '2024-07-01T06:00:00Z')`,
        [org.id],
      );
      const { rows } = await exportRows('clients', {
        filters: [{ field: 'name', operation: 'Like', value: 'Dated ' }],
        sortBy: 'createdAt',
      });
      expect(rows.slice(1).map((r) => [r[0], r[9]])).toEqual([
        ['Dated Winter', '2024-01-15 12:30:05'],
        ['Dated Summer', '2024-06-30 23:00:00'],
      ]);
    } finally {
      await app.sql(`UPDATE organizations SET time_zone = 'America/New_York' WHERE id = $1`, [org.id]);
    }
  });

  it('filter values reach the export as values, whatever quotes and backslashes they hold', async () => {
    const odd = `O'Brien \\ "Quoted" $1 '); DROP TABLE clients; --`;
    await app.sql(`INSERT INTO clients (organization_id, name, client_type) VALUES ($1, $2, 'Other')`, [org.id, odd]);
    const { rows } = await exportRows('clients', { filters: [{ field: 'name', operation: 'Equal', value: odd }] });
    expect(rows.slice(1).map((r) => r[0])).toEqual([odd]);
    const like = await exportRows('clients', { filters: [{ field: 'name', operation: 'Like', value: `'Brien \\` }] });
    expect(like.rows.slice(1).map((r) => r[0])).toEqual([odd]);
  });

  it('exports what the user may see: a Client-role user gets only its own client', async () => {
    const { rows } = await exportRows('clients', {}, await org.tokenFor('Client'));
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Exporter Client']);
  });

  it('exports brands and campaigns with their reference names', async () => {
    const brand = await gql(
      app,
      'mutation($a:BrandAttributes!){ createBrand(attributes:$a){ brand{ id } } }',
      { a: { name: 'Export Brand', provider: 'Telucom', throughput: 3, providerConfigurationType: 'Platform' } },
      { token },
    );
    const brandId = brand.data?.createBrand.brand.id;
    const camp = await gql(
      app,
      'mutation($a:CampaignAttributes!){ createCampaign(attributes:$a){ errors{ field } } }',
      { a: { name: 'Export Campaign', code: 'EC', brandId, clientId: org.clientId } },
      { token },
    );
    expect(camp.data?.createCampaign.errors).toEqual([]);
    const { rows } = await exportRows('campaigns', {});
    expect(rows[0]).toEqual(['Name', 'Code', 'Campaign type', 'Client', 'Brand', 'Start date', 'End date', 'Created']);
    expect(rows[1].slice(0, 5)).toEqual(['Export Campaign', 'EC', 'Registered', 'Exporter Client', 'Export Brand']);
  });

  it('exports texts as they read: numbers formatted, to a viewer who may not open the phones, and the message sent', async () => {
    const phone = async (number: string, type: string) =>
      (
        await app.sql(
          `INSERT INTO phones (organization_id, number, phone_type, phone_status) VALUES ($1, $2, $3, 'Active') RETURNING id`,
          [org.id, number, type],
        )
      ).rows[0].id;
    const [from, to] = [await phone('2125550177', 'FromPhone'), await phone('6145974367', 'ToPhone')];
    await app.sql(
      `INSERT INTO texts (organization_id, body, rendered_message, text_status, text_type, from_phone_id, to_phone_id)
       VALUES ($1, 'Hi {firstName}', 'Hi Ada', 'Delivered', 'List', $2, $3)`,
      [org.id, from, to],
    );
    // A team lead sees texts but not the phones' own pages: its file still names the numbers.
    const { rows } = await exportRows('texts', {}, await org.tokenFor('TeamLead'));
    expect(rows[0]).toEqual([
      'To phone',
      'From phone',
      'Status',
      'Type',
      'Provider',
      'Body',
      'Rendered message',
      'Sent',
      'Created',
    ]);
    expect(rows[1].slice(0, 7)).toEqual([
      '(614)-597-4367',
      '(212)-555-0177',
      'Delivered',
      'List',
      '',
      'Hi {firstName}',
      'Hi Ada',
    ]);
  });

  it("exports a list's rows as its rows tab does: in sheet order, phones as shown, its kept columns under the sheet's headers", async () => {
    const {
      rows: [list],
    } = await app.sql(
      `INSERT INTO lists (organization_id, name, list_status) VALUES ($1, 'Exported list', 'Loaded') RETURNING id`,
      [org.id],
    );
    // What the load stores with the rows: the header names of their kept columns.
    await app.sql(`UPDATE lists SET row_headers = ARRAY['Precinct', 'Party'] WHERE id = $1`, [list.id]);
    // As a load writes them: ids ascending in sheet order, their range stored on the list.
    await app.sql(
      `WITH added AS (
         INSERT INTO rows (organization_id, list_id, position, raw_phone_number, to_phone_number, first_name, row_status,
                           column_one, column_two)
         VALUES ($1, $2, 1, '2125550100', '2125550100', 'Bo', 'Valid', '12, north', 'DEM'),
                ($1, $2, 2, '555-0100', NULL, '=Ann', 'Invalid', '7', NULL)
         RETURNING id)
       UPDATE lists SET first_row_id = (SELECT min(id) FROM added), last_row_id = (SELECT max(id) FROM added)
        WHERE id = $2`,
      [org.id, list.id],
    );
    const { rows } = await exportRows('rows', {
      filters: [{ field: 'listId', operation: 'Equal', value: String(list.id) }],
    });
    expect(rows).toEqual([
      ['Row', 'Phone as found', 'Phone', 'First name', 'Last name', 'State', 'Status', 'Precinct', 'Party'],
      ['1', '2125550100', '(212)-555-0100', 'Bo', '', '', 'Valid', '12, north', 'DEM'],
      ['2', '555-0100', '', "'=Ann", '', '', 'Invalid', '7', ''],
    ]);
  });

  it('writes a negative number neutralised, as any cell starting with a minus', async () => {
    await app.sql(
      `INSERT INTO brands (organization_id, name, provider, throughput, provider_configuration_type)
       VALUES ($1, 'Negative Brand', 'Twilio', -4, 'Platform')`,
      [org.id],
    );
    const { rows } = await exportRows('brands', {
      filters: [{ field: 'name', operation: 'Equal', value: 'Negative Brand' }],
    });
    expect(rows[1].slice(0, 3)).toEqual(['Negative Brand', 'Twilio', "'-4"]);
  });
  it('a filter on an unknown field is refused before any job starts', async () => {
    const res = await gql(
      app,
      'mutation($v: JSON){ exportCsv(query: "clients", variables: $v){ task { id } } }',
      { v: { filters: [{ field: 'nope', operation: 'Equal', value: 'x' }] } },
      { token },
    );
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('a failed export says so in the words of the spec', async () => {
    // A job whose work fails in the worker (enqueued directly: the mutation refuses such filters up front).
    const managerId = Number(
      (await app.sql('SELECT id FROM users WHERE email = $1', [org.emailFor('Manager')])).rows[0].id,
    );
    const scope = { organizationId: org.id, userId: managerId };
    const started = await withTenant(app.platform.database, { organizationIds: [org.id], userId: managerId }, (tx) =>
      startBackgroundTask(tx, exportCsvJob, scope, {
        query: 'clients',
        filters: [{ field: 'nope', operation: 'Equal', value: 'x' }],
      }),
    );
    const task = await waitForTask(String(started.id));
    expect(task).toMatchObject({ status: 'Failed', errorMessage: 'CSV generation failed', downloadUrl: null });
  });
});

describe('who may export and download', () => {
  it("a download token for another organization's task is refused (403)", async () => {
    const mine = await exportRows('clients', { filters: [{ field: 'name', operation: 'Like', value: 'Alpha' }] });
    const otherToken = await otherOrg.tokenFor('Admin');
    const theirs = await exportRows('clients', {}, otherToken);
    const theirToken = new URL(theirs.task.downloadUrl!, 'http://x').searchParams.get('token');
    const res = await download(`/files/tasks/${mine.task.id}?token=${theirToken}`);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Export Alpha');
    // Their own link works, and shows only their organization.
    expect(theirs.rows.slice(1).map((r) => r[0])).toEqual(['Elsewhere Client']);
  });

  it('a download without a token, or with a forged one, is refused (403)', async () => {
    const { task } = await exportRows('clients', { filters: [{ field: 'name', operation: 'Like', value: 'Alpha' }] });
    expect((await download(`/files/tasks/${task.id}`)).statusCode).toBe(403);
    expect((await download(`/files/tasks/${task.id}?token=forged.token.value`)).statusCode).toBe(403);
  });

  it("another organization's user cannot see the task", async () => {
    const started = await startExport('clients', {});
    const res = await gql(app, TASK, { id: started.task.id }, { token: await otherOrg.tokenFor('Admin') });
    expect(res.errors).toBeUndefined();
    expect(res.data?.backgroundTask).toBeNull();
  });

  it('a viewer without Export permission gets FORBIDDEN and no task', async () => {
    const before = (await app.sql('SELECT count(*)::int AS n FROM background_tasks')).rows[0].n;
    for (const role of ['Texter', 'TeamLead'] as const) {
      const res = await gql(app, EXPORT, { q: 'clients', v: {} }, { token: await org.tokenFor(role) });
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await app.sql('SELECT count(*)::int AS n FROM background_tasks')).rows[0].n).toBe(before);
  });

  it('an unknown query name errors', async () => {
    const res = await gql(app, EXPORT, { q: 'passwords', v: {} }, { token });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Unknown export: passwords',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('invalid variables error', async () => {
    const res = await gql(app, EXPORT, { q: 'clients', v: { sortOrder: 'Sideways' } }, { token });
    expect(res.errors?.[0]).toMatchObject({
      message: 'Invalid export variables',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('anonymous callers cannot export', async () => {
    const res = await gql(app, EXPORT, { q: 'clients', v: {} });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});
