import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, insertTask, type BuiltOrganization } from '../../../test/factories';
import { dataImportSteps, IMPORT_STATE, IMPORT_TASK, START_IMPORT } from '../../../test/data-imports';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { createWorker } from '../../app';
import { sweepStaging } from '../lists/staging-sweep';
import { runDataImport } from './run-data-import';

let app: TestApp;
let worker: Runner;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let otherToken: string;

const phonesOf = async (orgId: number) =>
  (
    await app.sql(
      `SELECT number, phone_type, phone_status, client_id, state, do_not_contact FROM phones
        WHERE organization_id = $1 ORDER BY number, phone_type`,
      [orgId],
    )
  ).rows;

let steps: ReturnType<typeof dataImportSteps>;

beforeAll(async () => {
  app = await createTestApp({ WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Importer');
  other = await buildOrganization(app, 'Elsewhere');
  token = await org.tokenFor('Admin');
  otherToken = await other.tokenFor('Admin');
  steps = dataImportSteps(app, org.id, token);
});

afterAll(async () => {
  await worker?.stop();
});

describe('phones import', () => {
  it('brings the good rows in once, skips numbers already present, and lists each bad or repeated row with its reason', async () => {
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type) VALUES ($1, '2125550199', 'Active', 'FromPhone')`,
      [org.id],
    );
    // Blank rows (the source leaves them out) still count: rejected rows are named as the staffer finds them.
    const csv = [
      'Number,Kind,Client name,Note',
      '',
      '(212) 555-0101,Recipient,Importer Client,first',
      '+1 312 555 0102,ToPhone,,second',
      ',,,',
      '212-555-0101,Recipient,,same number again',
      '2125550199,Provider,,already here',
      'not a phone,Recipient,,bad number',
      '2125550103,Martian,,bad type',
      '2125550104,Recipient,Nobody Inc,unknown client',
      ',Recipient,,no number',
    ].join('\n');
    const uploadId = await steps.upload(org.id, 'phones.csv', csv);
    const { id, state, task } = await steps.importThroughApi({
      name: 'Phones',
      resource: 'Phone',
      uploadId,
      mapping: JSON.stringify({
        Number: 'number',
        Kind: 'phone_type',
        'Client name': 'client_id',
        Note: 'description',
      }),
    });
    expect(state).toEqual({
      status: 'Done',
      errorMessage: null,
      rowsCount: 8,
      importedCount: 2,
      skippedCount: 1,
      rejectedCount: 5,
    });
    expect(await phonesOf(org.id)).toEqual([
      expect.objectContaining({ number: '2125550101', phone_type: 'ToPhone', client_id: org.clientId, state: 'NY' }),
      expect.objectContaining({ number: '2125550199', phone_type: 'FromPhone', phone_status: 'Active' }),
      expect.objectContaining({ number: '3125550102', phone_type: 'ToPhone', client_id: null, state: 'IL' }),
    ]);
    expect(task).toMatchObject({ status: 'Done', processed: 8, filename: `rejected-rows-${id}.csv` });
    expect(await steps.downloadCsv(task.downloadUrl)).toEqual([
      ['Row', 'Reason', 'Number', 'Kind', 'Client name', 'Note'],
      [
        '6',
        'Duplicate of row 3 of this file (same phone number and type)',
        '212-555-0101',
        'Recipient',
        '',
        'same number again',
      ],
      ['8', 'Phone number "not a phone" is not a valid US phone number', 'not a phone', 'Recipient', '', 'bad number'],
      ['9', 'Type "Martian" is not one of Client, Provider, Recipient', '2125550103', 'Martian', '', 'bad type'],
      ['10', 'Client "Nobody Inc" not found', '2125550104', 'Recipient', 'Nobody Inc', 'unknown client'],
      ['11', 'Phone number is required', '', 'Recipient', '', 'no number'],
    ]);
  });

  it('fails without importing anything when the mapping names a column the file lacks', async () => {
    const uploadId = await steps.upload(org.id, 'wrong.csv', 'Tel\n2125550150\n');
    const { state } = await steps.importThroughApi({
      name: 'Wrong columns',
      resource: 'Phone',
      uploadId,
      mapping: JSON.stringify({ Number: 'number' }),
    });
    expect(state).toMatchObject({
      status: 'Failed',
      errorMessage: 'The file has no column "Number"',
      importedCount: 0,
    });
    expect((await phonesOf(org.id)).map((p) => p.number)).not.toContain('2125550150');
  });
});

describe('opt-outs import', () => {
  it('opts numbers out for the organization or a named client, creating recipients; a repeat is a duplicate, a known opt-out a skip', async () => {
    const id = await steps.directImport(
      'OptOut',
      'optouts.csv',
      [
        'Phone,Client',
        '4155550111,',
        '4155550112,importer client',
        '4155550111,',
        '12,',
        '4155550113,Ghost',
        '4155550111,Importer Client',
      ].join('\n'),
      { Phone: 'number', Client: 'client_id' },
    );
    const first = await runDataImport(app.platform, { organizationId: org.id, userId: null }, id);
    expect(await steps.importRow(id)).toMatchObject({
      status: 'Done',
      rows_count: 6,
      imported_count: 3,
      skipped_count: 0,
      rejected_count: 3,
    });
    expect((await steps.storedCsv(first.filePath!)).map(([row, reason]) => [row, reason])).toEqual([
      ['Row', 'Reason'],
      ['4', 'Duplicate of row 2 of this file (same phone number and client)'],
      ['5', 'Phone number "12" is not a valid US phone number'],
      ['6', 'Client "Ghost" not found'],
    ]);
    // The same file again: every good row is already in (skipped), the repeat is still the file's own duplicate.
    const again = await runDataImport(app.platform, { organizationId: org.id, userId: null }, id);
    expect(again).toMatchObject({ rowsCount: 6, importedCount: 0, skippedCount: 3, rejectedCount: 3 });
    const { rows } = await app.sql(
      `SELECT p.number, o.client_id, o.opt_out_type FROM opt_outs o JOIN phones p ON p.organization_id = o.organization_id AND p.id = o.phone_id
        WHERE o.organization_id = $1 ORDER BY p.number, o.client_id NULLS LAST`,
      [org.id],
    );
    expect(rows).toEqual([
      { number: '4155550111', client_id: org.clientId, opt_out_type: 'Manual' },
      { number: '4155550111', client_id: null, opt_out_type: 'Manual' },
      { number: '4155550112', client_id: org.clientId, opt_out_type: 'Manual' },
    ]);
    // Each opt-out the import made has its audit record, from the import; the second run made none.
    const { rows: audit } = await app.sql(
      `SELECT subject, action, number, client_id, opt_out_type, source FROM opt_out_changes
        WHERE organization_id = $1 ORDER BY number, client_id NULLS LAST`,
      [org.id],
    );
    expect(audit).toEqual(rows.map((r) => ({ subject: 'OptOut', action: 'Added', ...r, source: 'Import' })));
  });
});

describe('do-not-contact import', () => {
  it('marks known recipients, creates missing ones marked, and skips numbers already marked', async () => {
    await app.sql(
      `INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, do_not_contact)
       VALUES ($1, '6175550121', 'ToPhone', 'ToPhone', 'Recipient', false),
              ($1, '6175550122', 'ToPhone', 'ToPhone', 'Recipient', true)`,
      [org.id],
    );
    const id = await steps.directImport(
      'DoNotContact',
      'dnc.csv',
      ['Mobile', '617-555-0121', '617-555-0122', '617-555-0123', '5.55123E+09'].join('\n'),
      { Mobile: 'number' },
    );
    const result = await runDataImport(app.platform, { organizationId: org.id, userId: null }, id);
    expect(result).toMatchObject({ rowsCount: 4, importedCount: 2, skippedCount: 1, rejectedCount: 1 });
    const { rows } = await app.sql(
      `SELECT number, do_not_contact FROM phones WHERE organization_id = $1 AND number LIKE '617555012%' ORDER BY number`,
      [org.id],
    );
    expect(rows).toEqual([
      { number: '6175550121', do_not_contact: true },
      { number: '6175550122', do_not_contact: true },
      { number: '6175550123', do_not_contact: true },
    ]);
    // The two numbers this import marked (one known, one new) are audited; the one already marked is not.
    const { rows: audit } = await app.sql(
      `SELECT subject, action, number, source FROM opt_out_changes
        WHERE organization_id = $1 AND subject = 'DoNotContact' ORDER BY number`,
      [org.id],
    );
    expect(audit).toEqual(
      ['6175550121', '6175550123'].map((number) => ({
        subject: 'DoNotContact',
        action: 'Added',
        number,
        source: 'Import',
      })),
    );
  });

  it('leaves nothing in when the final transaction fails', async () => {
    const before = await phonesOf(org.id);
    const id = await steps.directImport('DoNotContact', 'dnc-fail.csv', 'Mobile\n7185550131\n6175550121\n', {
      Mobile: 'number',
    });
    await expect(
      runDataImport(app.platform, { organizationId: org.id, userId: null }, id, {
        beforeCommit: async () => {
          throw new Error('the server went away');
        },
      }),
    ).rejects.toThrow('the server went away');
    expect(await phonesOf(org.id)).toEqual(before);
    expect(await steps.importRow(id)).toMatchObject({ status: 'Failed', imported_count: 0, rows_count: 0 });
    const staging = await app.sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'canvass_staging'`);
    expect(staging.rows).toEqual([]);
  });
});

describe('clients import', () => {
  it('creates a client per valid row, types by label or value, and rejects an unknown type and a repeated row', async () => {
    const id = await steps.directImport(
      'Client',
      'clients.csv',
      [
        'Client,Kind,Mail',
        'Harbor PAC,Political Action Committee,pac@harbor.test',
        'Dock Agency,Agency,',
        'Nobody,Alien,',
        'Dock Agency,agency,',
        'Dock Agency,Agency,dock@agency.test',
      ].join('\n'),
      { Client: 'name', Kind: 'client_type', Mail: 'email' },
    );
    const result = await runDataImport(app.platform, { organizationId: org.id, userId: null }, id);
    expect(result).toMatchObject({ rowsCount: 5, importedCount: 3, skippedCount: 0, rejectedCount: 2 });
    // Clients have no natural key: only a row the same in every field as an earlier one is its duplicate.
    expect((await steps.storedCsv(result.filePath!)).slice(1).map(([row, reason]) => [row, reason])).toEqual([
      [
        '4',
        'Type "Alien" is not one of Agency, Campaign, Government, Other, Political Action Committee, Public Affairs, Researcher',
      ],
      ['5', 'Duplicate of row 3 of this file'],
    ]);
    const { rows } = await app.sql(
      `SELECT name, client_type, client_status, email FROM clients WHERE organization_id = $1 AND name <> 'Importer Client'
        ORDER BY name, email NULLS FIRST`,
      [org.id],
    );
    expect(rows).toEqual([
      { name: 'Dock Agency', client_type: 'Agency', client_status: 'Active', email: null },
      { name: 'Dock Agency', client_type: 'Agency', client_status: 'Active', email: 'dock@agency.test' },
      {
        name: 'Harbor PAC',
        client_type: 'PoliticalActionCommittee',
        client_status: 'Active',
        email: 'pac@harbor.test',
      },
    ]);
  });
});

describe('a run that died', () => {
  it('can be started again when its worker died mid-run, and its abandoned task is closed', async () => {
    const uploadId = await steps.upload(org.id, 'restart.csv', 'Mobile\n9175550171\n');
    const created = await steps.createImport({
      name: 'Restart',
      resource: 'DoNotContact',
      uploadId,
      mapping: JSON.stringify({ Mobile: 'number' }),
    });
    const id = created.dataImport!.id;
    // What a worker killed mid-run leaves: the import and its task Running, and a half-filled staging table.
    const deadTask = await insertTask(app, org.id, org.emailFor('Admin'), 'runDataImport');
    await app.sql(`UPDATE data_imports SET status = 'Running', background_task_id = $2 WHERE id = $1`, [id, deadTask]);
    await app.sql(`CREATE TABLE canvass_staging.import_${org.id}_${id} (position integer, number text, state text)`);
    await app.sql(`INSERT INTO canvass_staging.import_${org.id}_${id} VALUES (1, '9175550179', NULL)`);

    const started = await gql(app, START_IMPORT, { id }, { token });
    expect(started.errors).toBeUndefined();
    expect(started.data!.startDataImport.message).toBe('The import has started');
    const deadline = Date.now() + 20_000;
    let state = (await gql(app, IMPORT_STATE, { id }, { token })).data!.dataImport;
    while (state.status !== 'Done' && state.status !== 'Failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = (await gql(app, IMPORT_STATE, { id }, { token })).data!.dataImport;
    }
    expect(state).toMatchObject({ status: 'Done', rowsCount: 1, importedCount: 1 });
    const numbers = await app.sql(`SELECT number FROM phones WHERE organization_id = $1 AND number LIKE '91755501%'`, [
      org.id,
    ]);
    expect(numbers.rows).toEqual([{ number: '9175550171' }]); // the dead run's staged row never came in
    const dead = await app.sql('SELECT status, error_message FROM background_tasks WHERE id = $1', [deadTask]);
    expect(dead.rows[0]).toEqual({
      status: 'Failed',
      error_message: 'The run stopped before it finished (its worker ended); nothing from the file was imported',
    });
  });

  it('is not started again, nor run twice, while its run is alive', async () => {
    const id = await steps.directImport('DoNotContact', 'live.csv', 'Mobile\n9175550172\n', { Mobile: 'number' });
    let refusals: unknown[] = [];
    await runDataImport(app.platform, { organizationId: org.id, userId: null }, id, {
      beforeCommit: async () => {
        const start = await gql(app, START_IMPORT, { id: String(id) }, { token });
        const second = await runDataImport(app.platform, { organizationId: org.id, userId: null }, id).catch(
          (err: Error) => err.message,
        );
        refusals = [start.errors?.[0].message, second];
      },
    });
    expect(refusals).toEqual(['The import is already running', 'The import is already running']);
    expect(await steps.importRow(id)).toMatchObject({ status: 'Done', imported_count: 1 });
  });
});

describe('the daily staging sweep', () => {
  it('drops the staging tables of imports that are not running, and keeps that of a run under way', async () => {
    const idle = await steps.directImport('DoNotContact', 'idle.csv', 'Mobile\n9175550181\n', { Mobile: 'number' });
    const busy = await steps.directImport('DoNotContact', 'busy.csv', 'Mobile\n9175550182\n', { Mobile: 'number' });
    await app.sql(`UPDATE data_imports SET status = 'Failed' WHERE id = $1`, [idle]);
    await app.sql(`UPDATE data_imports SET status = 'Running' WHERE id = $1`, [busy]);
    for (const id of [idle, busy]) await app.sql(`CREATE TABLE canvass_staging.import_${org.id}_${id} (junk text)`);
    expect(await sweepStaging(app.platform)).toEqual([`import_${org.id}_${idle}`]);
    const left = await app.sql(`SELECT tablename FROM pg_tables WHERE schemaname = 'canvass_staging'`);
    expect(left.rows).toEqual([{ tablename: `import_${org.id}_${busy}` }]);
    await app.sql(`DROP TABLE canvass_staging.import_${org.id}_${busy}`);
    await app.sql(`UPDATE data_imports SET status = 'Failed' WHERE id = $1`, [busy]);
  });
});

describe('templates', () => {
  it('a saved mapping is reused by an import that names the template', async () => {
    const saved = await gql(
      app,
      `mutation($a: DataImportTemplateAttributes!) {
        createDataImportTemplate(attributes: $a) { dataImportTemplate { id } errors { field messages } } }`,
      { a: { name: 'Vendor DNC', resource: 'DoNotContact', mapping: JSON.stringify({ 'Cell #': 'number' }) } },
      { token },
    );
    expect(saved.data!.createDataImportTemplate.errors).toEqual([]);
    const templateId = saved.data!.createDataImportTemplate.dataImportTemplate.id;
    const uploadId = await steps.upload(org.id, 'vendor.csv', 'Cell #,Name\n5105550141,Ann\n');
    const { state } = await steps.importThroughApi({ name: 'Vendor', resource: 'DoNotContact', uploadId, templateId });
    expect(state).toMatchObject({ status: 'Done', importedCount: 1, rejectedCount: 0 });
    const { rows } = await app.sql(`SELECT do_not_contact FROM phones WHERE organization_id = $1 AND number = $2`, [
      org.id,
      '5105550141',
    ]);
    expect(rows).toEqual([{ do_not_contact: true }]);
  });

  it('refuses a mapping to a field the resource does not have', async () => {
    const res = await gql(
      app,
      `mutation($a: DataImportTemplateAttributes!) {
        createDataImportTemplate(attributes: $a) { dataImportTemplate { id } errors { field messages } } }`,
      { a: { name: 'Bad', resource: 'OptOut', mapping: JSON.stringify({ Phone: 'shoe_size' }) } },
      { token },
    );
    expect(res.data!.createDataImportTemplate).toEqual({
      dataImportTemplate: null,
      errors: [
        { field: 'mapping', messages: ['The column "Phone" maps to "shoe_size", which is not a field of this import'] },
      ],
    });
  });
});

describe('tenancy', () => {
  it("refuses another organization's upload, in an import and in a preview", async () => {
    const theirs = await dataImportSteps(app, other.id, otherToken).upload(
      other.id,
      'theirs.csv',
      'Phone\n2125550161\n',
    );
    const created = await steps.createImport({ name: 'Stolen', resource: 'Phone', uploadId: theirs });
    expect(created).toEqual({
      dataImport: null,
      errors: [{ field: 'uploadId', messages: ['Uploaded file not found'] }],
    });
    const preview = await gql(app, 'query($u: ID!) { dataImportPreview(uploadId: $u) }', { u: theirs }, { token });
    expect(preview.errors?.[0].message).toBe('Uploaded file not found');
    const own = await gql(
      app,
      'query($u: ID!) { dataImportPreview(uploadId: $u) }',
      { u: theirs },
      { token: otherToken },
    );
    expect(own.data!.dataImportPreview).toEqual([['Phone'], ['2125550161']]);
  });

  it("cannot start or follow another organization's import", async () => {
    const mine = await steps.createImport({
      name: 'Mine',
      resource: 'Phone',
      uploadId: await steps.upload(org.id, 'm.csv', 'P\n1\n'),
    });
    const id = mine.dataImport!.id;
    const start = await gql(app, START_IMPORT, { id }, { token: otherToken });
    expect(start.errors?.[0].message).toBe('Not found');
    expect(start.data).toBeNull();
    const task = await gql(app, IMPORT_TASK, { id }, { token: otherToken });
    expect(task.data!.dataImportTask).toBeNull();
  });
});

describe('who sees data imports (issue 35 §2)', () => {
  it("a Client-role user, even granted Data Import, sees none of the organization's imports and no one else's file", async () => {
    await app.sql(
      `INSERT INTO restrictions (organization_id, role, resource, operations)
       VALUES ($1, 'Client', 'DataImport', '{View,Create,Update,Export}')`,
      [org.id],
    );
    const client = await org.tokenFor('Client');
    const staffs = await steps.createImport({
      name: 'Opt-outs of every client',
      resource: 'OptOut',
      uploadId: await steps.upload(org.id, 'all-opt-outs.csv', 'Phone\n2125550171\n'),
    });
    const id = staffs.dataImport!.id;
    const listed = await gql(app, '{ dataImports(first: 50) { totalCount } }', {}, { token: client });
    expect(listed.data?.dataImports.totalCount).toBe(0);
    const one = await gql(app, 'query($id: ID!) { dataImport(id: $id) { id } }', { id }, { token: client });
    expect(one.data?.dataImport).toBeNull();
    expect((await gql(app, IMPORT_TASK, { id }, { token: client })).data?.dataImportTask).toBeNull();
    const preview = await gql(
      app,
      'query($u: ID!) { dataImportPreview(uploadId: $u) }',
      { u: await steps.upload(org.id, 'staff.csv', 'Phone\n2125550172\n') },
      { token: client },
    );
    expect(preview.errors?.[0].message).toBe('Uploaded file not found');
  });
});
