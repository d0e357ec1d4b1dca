import type { Runner } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { dataImportSteps, START_IMPORT } from '../../../test/data-imports';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { createWorker } from '../../app';
import { runDataImport } from './run-data-import';

let app: TestApp;
let worker: Runner;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;
let steps: ReturnType<typeof dataImportSteps>;

const ACCEPT = `mutation($uuid: String!, $token: String!, $p: String!) {
  acceptInvitation(uuid: $uuid, token: $token, password: $p, passwordVerify: $p) {
    accessToken user { email currentOrganization { name } organizations { name } } } }`;
const MAPPING = { Email: 'email', 'Full name': 'name', Type: 'user_type', Team: 'team_id', Client: 'client_id' };
const HEADER = 'Email,Full name,Type,Team,Client';

const idOf = async (email: string) =>
  Number((await app.sql('SELECT id FROM users WHERE lower(email) = lower($1)', [email])).rows[0].id);

/** The organization's members among these emails: their type, team and client there. */
async function membersOf(orgId: number, emails: string[]) {
  const { rows } = await app.sql(
    `SELECT lower(u.email) AS email, ou.role, ou.team_id, ou.client_id FROM organization_users ou
       JOIN users u ON u.id = ou.user_id
      WHERE ou.organization_id = $1 AND lower(u.email) = ANY($2::text[]) ORDER BY lower(u.email)`,
    [orgId, emails.map((e) => e.toLowerCase())],
  );
  return rows.map((r) => ({
    ...r,
    team_id: r.team_id && Number(r.team_id),
    client_id: r.client_id && Number(r.client_id),
  }));
}

/** The accounts of these emails: what the users policy reads (organization_ids) and whether one can sign in yet. */
async function accountsOf(emails: string[]) {
  const { rows } = await app.sql(
    `SELECT lower(email) AS email, organization_ids, password_hash IS NOT NULL AS has_password FROM users
      WHERE lower(email) = ANY($1::text[]) ORDER BY lower(email)`,
    [emails.map((e) => e.toLowerCase())],
  );
  return rows.map((r) => ({ ...r, organization_ids: (r.organization_ids as string[]).map(Number) }));
}

async function mailsTo(email: string): Promise<{ subject: string; body: string }[]> {
  const { rows } = await app.sql('SELECT subject, body FROM outbox_emails WHERE lower("to") = lower($1) ORDER BY id', [
    email,
  ]);
  return rows;
}

/** Waits for the worker to mail each of these addresses (invitations go out after the import has committed). */
async function waitForMails(emails: string[]): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const counts = await Promise.all(emails.map(async (e) => (await mailsTo(e)).length));
    if (counts.every((n) => n > 0)) return;
    if (Date.now() > deadline) throw new Error(`no mail yet for ${emails.filter((_, i) => !counts[i]).join(', ')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let nightShift: number;
let otherClient: number;

beforeAll(async () => {
  app = await createTestApp({ PUBLIC_URL: 'https://canvass.example', WORKER_CONCURRENCY: '1' });
  worker = await createWorker(app.platform);
  org = await buildOrganization(app, 'Importer');
  other = await buildOrganization(app, 'Elsewhere');
  token = await org.tokenFor('Admin');
  steps = dataImportSteps(app, org.id, token);
  const team = await app.sql(`INSERT INTO teams (organization_id, name) VALUES ($1, 'Night shift') RETURNING id`, [
    org.id,
  ]);
  nightShift = Number(team.rows[0].id);
  await app.sql(`INSERT INTO teams (organization_id, name) VALUES ($1, 'Bravo team')`, [other.id]);
  otherClient = other.clientId;
});

afterAll(async () => {
  await worker?.stop();
});

describe('users import', () => {
  it('adds new and known people, skips members already here, and lists each bad row with its reason', async () => {
    const known = other.emailFor('Texter');
    const csv = [
      HEADER,
      'new.one@example.test,New One,Texter,Night shift,',
      'New.Two@Example.test,New Two,Team Lead,night shift,',
      `${known},Ignored For A Known Account,Texter,Night shift,`,
      `${org.emailFor('Manager')},Already Here,Manager,,`,
      'NEW.ONE@example.test,New One Again,Texter,Night shift,',
      'not-an-email,Bad Email,Texter,Night shift,',
      'no.team@example.test,No Team,Texter,,',
      'no.client@example.test,No Client,Client,,',
      'ghost.team@example.test,Ghost Team,Texter,Day shift,',
      // A client named for a Texter is dropped, as the form clears it; a Client user keeps its own.
      'client.person@example.test,Client Person,Client,,Importer Client',
      'staff.texter@example.test,Staff Texter,Texter,Night shift,Importer Client',
    ].join('\n');
    const uploadId = await steps.upload(org.id, 'people.csv', csv);
    const { id, state, task } = await steps.importThroughApi({
      name: 'People',
      resource: 'User',
      uploadId,
      mapping: JSON.stringify(MAPPING),
    });
    expect(state).toEqual({
      status: 'Done',
      errorMessage: null,
      rowsCount: 11,
      importedCount: 5,
      skippedCount: 1,
      rejectedCount: 5,
    });
    expect(task).toMatchObject({ status: 'Done', filename: `rejected-rows-${id}.csv` });
    expect((await steps.downloadCsv(task.downloadUrl)).map(([row, reason, email]) => [row, reason, email])).toEqual([
      ['Row', 'Reason', 'Email'],
      ['6', 'Duplicate of row 2 of this file (same email)', 'NEW.ONE@example.test'],
      ['7', 'Email "not-an-email" is not a valid email address', 'not-an-email'],
      ['8', 'Team is required', 'no.team@example.test'],
      ['9', 'Client is required', 'no.client@example.test'],
      ['10', 'Team "Day shift" not found', 'ghost.team@example.test'],
    ]);

    const invited = [
      'new.one@example.test',
      'new.two@example.test',
      'client.person@example.test',
      'staff.texter@example.test',
    ];
    expect(await membersOf(org.id, [...invited, known, org.emailFor('Manager')])).toEqual(
      [
        { email: 'client.person@example.test', role: 'Client', team_id: null, client_id: org.clientId },
        { email: known, role: 'Texter', team_id: nightShift, client_id: null },
        { email: org.emailFor('Manager'), role: 'Manager', team_id: null, client_id: null },
        { email: 'new.one@example.test', role: 'Texter', team_id: nightShift, client_id: null },
        { email: 'new.two@example.test', role: 'TeamLead', team_id: nightShift, client_id: null },
        { email: 'staff.texter@example.test', role: 'Texter', team_id: nightShift, client_id: null },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    // users.organization_ids is in step: the known account is in both organizations, the new ones in this one.
    expect(await accountsOf([...invited, known])).toEqual(
      [
        ...invited.map((email) => ({ email, organization_ids: [org.id], has_password: false })),
        { email: known, organization_ids: [other.id, org.id], has_password: true },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
    // The team's members agree with the members' own team.
    const { rows: teamMembers } = await app.sql(
      `SELECT lower(u.email) AS email FROM team_users t JOIN users u ON u.id = t.user_id
        WHERE t.organization_id = $1 AND t.team_id = $2 ORDER BY 1`,
      [org.id, nightShift],
    );
    expect(teamMembers.map((r) => r.email)).toEqual(
      [known, 'new.one@example.test', 'new.two@example.test', 'staff.texter@example.test'].sort(),
    );
    // No account for the rejected rows.
    expect(await accountsOf(['no.team@example.test', 'no.client@example.test', 'ghost.team@example.test'])).toEqual([]);

    // One invitation each for the new people, none for the account that can already sign in.
    await waitForMails(invited);
    for (const email of invited) {
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.subject)).toEqual(['You have been invited to Importer on Canvass']);
    }
    expect(await mailsTo(known)).toEqual([]);
    const [mail] = await mailsTo('new.two@example.test');
    expect(mail.body).toContain('Hello New Two,');
    const link = new URL(mail.body.match(/https:\/\/canvass\.example\/invitation\?\S+/)![0]);
    const accepted = await gql(app, ACCEPT, {
      uuid: link.searchParams.get('uuid'),
      token: link.searchParams.get('token'),
      p: 'chosen-password-1',
    });
    expect(accepted.data?.acceptInvitation).toMatchObject({
      accessToken: expect.any(String),
      user: {
        email: 'New.Two@Example.test',
        currentOrganization: { name: 'Importer' },
        organizations: [{ name: 'Importer' }],
      },
    });

    // The same file again: everyone is a member already (skipped), the bad rows are still rejected, nobody is mailed.
    const again = await steps.importThroughApi({
      name: 'People again',
      resource: 'User',
      uploadId,
      mapping: JSON.stringify(MAPPING),
    });
    expect(again.state).toMatchObject({ status: 'Done', importedCount: 0, skippedCount: 6, rejectedCount: 5 });
  });

  it('takes types by label or value, and applies the form rules to what the importing user may give', async () => {
    // A Manager allowed to import: it may add users, but only an admin gives the Admin type.
    await app.sql(
      `INSERT INTO restrictions (organization_id, role, resource, operations) VALUES ($1, 'Manager', 'DataImport', $2)
       ON CONFLICT (organization_id, role, resource) DO UPDATE SET operations = EXCLUDED.operations`,
      [org.id, ['Create', 'Import', 'Update', 'View']],
    );
    const manager = await org.tokenFor('Manager');
    const managerSteps = dataImportSteps(app, org.id, manager);
    const csv = [
      HEADER,
      'boss@example.test,Boss,Admin,,',
      'helper@example.test,Helper,manager,,',
      'lead@example.test,Lead,TeamLead,Night shift,',
      'agent@example.test,Agent,Agency,,importer client',
      'alien@example.test,Alien,Martian,,',
    ].join('\n');
    const uploadId = await managerSteps.upload(org.id, 'staff.csv', csv);
    const { task, state } = await managerSteps.importThroughApi(
      { name: 'Staff', resource: 'User', uploadId, mapping: JSON.stringify(MAPPING) },
      manager,
    );
    expect(state).toMatchObject({ status: 'Done', importedCount: 3, rejectedCount: 2 });
    expect((await managerSteps.downloadCsv(task.downloadUrl)).slice(1).map(([row, reason]) => [row, reason])).toEqual([
      ['2', 'This type cannot be chosen'],
      ['6', 'Type "Martian" is not one of Admin, Client, Team Lead, Texter, Agency, Manager'],
    ]);
    expect(await membersOf(org.id, ['helper@example.test', 'lead@example.test', 'agent@example.test'])).toEqual([
      { email: 'agent@example.test', role: 'Agency', team_id: null, client_id: org.clientId },
      { email: 'helper@example.test', role: 'Manager', team_id: null, client_id: null },
      { email: 'lead@example.test', role: 'TeamLead', team_id: nightShift, client_id: null },
    ]);

    // Without Create on User, the import of users is refused when it starts, and when it runs.
    await app.sql(
      `UPDATE restrictions SET operations = $2 WHERE organization_id = $1 AND role = 'Manager' AND resource = 'User'`,
      [org.id, ['Export', 'Update', 'View']],
    );
    const created = await managerSteps.createImport(
      { name: 'Refused', resource: 'User', uploadId, mapping: JSON.stringify(MAPPING) },
      manager,
    );
    const refused = await gql(app, START_IMPORT, { id: created.dataImport!.id }, { token: manager });
    expect(refused.errors?.[0].message).toBe('You are not allowed to do this');
    const id = Number(created.dataImport!.id);
    await expect(
      runDataImport(app.platform, { organizationId: org.id, userId: await idOf(org.emailFor('Manager')) }, id),
    ).rejects.toThrow('You are not allowed to do this');
    expect(await steps.importRow(id)).toMatchObject({
      status: 'Failed',
      error_message: 'You are not allowed to do this',
      imported_count: 0,
    });
    expect(await accountsOf(['boss@example.test', 'alien@example.test'])).toEqual([]);
  });

  it("names only the organization's own teams and clients, and makes members of it alone", async () => {
    const otherMembers = async () =>
      (
        await app.sql('SELECT user_id, role FROM organization_users WHERE organization_id = $1 ORDER BY user_id', [
          other.id,
        ])
      ).rows;
    const before = await otherMembers();
    const csv = [
      HEADER,
      'bravo.texter@example.test,Bravo Texter,Texter,Bravo team,',
      'bravo.client@example.test,Bravo Client,Client,,Elsewhere Client',
      `${other.emailFor('Agency')},Their Agency,Texter,Night shift,`,
    ].join('\n');
    const id = await steps.directImport('User', 'tenancy.csv', csv, MAPPING);
    const result = await runDataImport(
      app.platform,
      { organizationId: org.id, userId: await idOf(org.emailFor('Admin')) },
      id,
    );
    expect(result).toMatchObject({ rowsCount: 3, importedCount: 1, rejectedCount: 2 });
    expect((await steps.storedCsv(result.filePath!)).slice(1).map(([row, reason]) => [row, reason])).toEqual([
      ['2', 'Team "Bravo team" not found'],
      ['3', 'Client "Elsewhere Client" not found'],
    ]);
    // Their agency user joined this organization as a Texter; its place in its own organization is as it was.
    expect(await otherMembers()).toEqual(before);
    expect(await membersOf(other.id, [other.emailFor('Agency')])).toEqual([
      { email: other.emailFor('Agency'), role: 'Agency', team_id: null, client_id: otherClient },
    ]);
    expect(await membersOf(org.id, [other.emailFor('Agency')])).toEqual([
      { email: other.emailFor('Agency'), role: 'Texter', team_id: nightShift, client_id: null },
    ]);
  });

  it('reads an import through a saved users template, which maps only fields of users', async () => {
    const TEMPLATE = `mutation($a: DataImportTemplateAttributes!) {
      createDataImportTemplate(attributes: $a) { dataImportTemplate { id } errors { field messages } } }`;
    const wrong = await gql(
      app,
      TEMPLATE,
      { a: { name: 'Wrong', resource: 'User', mapping: JSON.stringify({ Phone: 'number' }) } },
      { token },
    );
    expect(wrong.data!.createDataImportTemplate.errors).toEqual([
      { field: 'mapping', messages: ['The column "Phone" maps to "number", which is not a field of this import'] },
    ]);
    const saved = await gql(
      app,
      TEMPLATE,
      {
        a: {
          name: 'HR sheet',
          resource: 'User',
          mapping: JSON.stringify({ Mail: 'email', Who: 'name', Role: 'user_type' }),
        },
      },
      { token },
    );
    const templateId = saved.data!.createDataImportTemplate.dataImportTemplate.id;
    const uploadId = await steps.upload(org.id, 'hr.csv', 'Who,Mail,Role\nHank,hank@example.test,Manager\n');
    const { state } = await steps.importThroughApi({ name: 'HR', resource: 'User', uploadId, templateId });
    expect(state).toMatchObject({ status: 'Done', importedCount: 1, rejectedCount: 0 });
    expect(await membersOf(org.id, ['hank@example.test'])).toEqual([
      { email: 'hank@example.test', role: 'Manager', team_id: null, client_id: null },
    ]);
  });

  it('leaves no account, membership or invitation when the final transaction fails', async () => {
    const known = other.emailFor('Manager');
    const csv = [HEADER, 'doomed@example.test,Doomed,Texter,Night shift,', `${known},Known,Manager,,`].join('\n');
    const id = await steps.directImport('User', 'doomed.csv', csv, MAPPING);
    const admin = await idOf(org.emailFor('Admin'));
    await expect(
      runDataImport(app.platform, { organizationId: org.id, userId: admin }, id, {
        beforeCommit: async () => {
          throw new Error('the server went away');
        },
      }),
    ).rejects.toThrow('the server went away');
    expect(await steps.importRow(id)).toMatchObject({ status: 'Failed', imported_count: 0 });
    expect(await accountsOf(['doomed@example.test', known])).toEqual([
      { email: known, organization_ids: [other.id], has_password: true },
    ]);
    expect(await membersOf(org.id, [known])).toEqual([]);

    // A later import's invitation reaching its person shows the worker has drained what was queued before it.
    const later = await steps.directImport(
      'User',
      'later.csv',
      `${HEADER}\nlater@example.test,Later,Manager,,`,
      MAPPING,
    );
    await runDataImport(app.platform, { organizationId: org.id, userId: admin }, later);
    await waitForMails(['later@example.test']);
    expect(await mailsTo('doomed@example.test')).toEqual([]);
  });
});
