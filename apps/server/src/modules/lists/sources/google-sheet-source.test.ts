import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { startMockGoogle, type MockGoogle, type MockSheet } from '../../../../test/mock-google';
import { saveGoogleAuthorization } from '../../google/google-authorization.service';
import { openGoogleSheetSource } from './google-sheet-source';
import { SheetError, type RowBatch, type SpreadsheetSource } from './source';

let google: MockGoogle;
let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

const header = ['Phone', 'First name', 'Last name', 'Joined'];
/** 25 people with a blank row after the 10th and two blank rows after the 20th; one ragged row. */
const people: string[][] = Array.from({ length: 25 }, (_, i) => [
  `(555) 010-${String(1000 + i).slice(1)}`,
  `First${i + 1}`,
  `Last${i + 1}`,
  '3/4/2024',
]);
const contacts: MockSheet = {
  sheetId: 0,
  title: 'Contacts',
  rows: [header, ...people.slice(0, 10), [], ...people.slice(10, 20), ['', '  '], [], ...people.slice(20)],
};
contacts.rows[3] = ['(555) 010-0003', 'Ragged'];
const volunteers: MockSheet = { sheetId: 918273, title: "Bob's volunteers", rows: [['Phone'], ['5550100999']] };

async function userId(email: string): Promise<number> {
  const { rows } = await app.sql('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return Number(rows[0].id);
}

async function connect(email: string, googleEmail: string): Promise<number> {
  const id = await userId(email);
  await saveGoogleAuthorization(app.platform, id, {
    refreshToken: google.issueRefreshToken(googleEmail),
    email: googleEmail,
  });
  return id;
}

const open = async (id: number, googleSheetKey: string, organizationId = org.id, chunkRows = 8) =>
  openGoogleSheetSource({ platform: app.platform, organizationId, userId: id, googleSheetKey, chunkRows });

async function sheetError(attempt: () => Promise<unknown>): Promise<SheetError> {
  const err = await attempt().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SheetError);
  return err as SheetError;
}

async function collect(source: SpreadsheetSource, sheetId: string) {
  const batches: RowBatch[] = [];
  for await (const batch of source.rows(sheetId)) batches.push(batch);
  return batches;
}

beforeAll(async () => {
  google = await startMockGoogle('canvass-sheets-test', 'sheets-secret');
  app = await createTestApp({
    GOOGLE_CLIENT_ID: 'canvass-sheets-test',
    GOOGLE_CLIENT_SECRET: 'sheets-secret',
    GOOGLE_OAUTH_AUTH_URL: google.authUrl,
    GOOGLE_OAUTH_TOKEN_URL: google.tokenUrl,
    GOOGLE_SHEETS_ROOT_URL: google.url,
  });
  org = await buildOrganization(app);
  other = await buildOrganization(app);
  google.addSpreadsheet('sheet-key-1', [contacts, volunteers], ['manager@gmail.test', 'admin@gmail.test']);
  google.addSpreadsheet('private-key', [contacts], ['someone-else@gmail.test']);
  // An .xlsx kept in Drive has a key too, but the Sheets API refuses it.
  google.failWith('excel-key', 400, 'FAILED_PRECONDITION', 'This operation is not supported for this document');
  google.failWith('broken-key', 500, 'INTERNAL', 'Internal error encountered.');
});
afterAll(() => google.close());

describe('A Google Sheet as a list source', () => {
  it('lists the sheets by gid and title, and previews the first rows without blank ones', async () => {
    const source = await open(await connect(org.emailFor('Manager'), 'manager@gmail.test'), ' sheet-key-1 ');
    expect(await source.sheets()).toEqual([
      { id: '0', name: 'Contacts' },
      { id: '918273', name: "Bob's volunteers" },
    ]);
    const preview = await source.preview('0', 12);
    expect(preview).toHaveLength(12);
    expect(preview[0]).toEqual(header);
    expect(preview[3]).toEqual(['(555) 010-0003', 'Ragged']);
    expect(preview[11]).toEqual(people[10]);
    expect(await source.preview('918273', 5)).toEqual([['Phone'], ['5550100999']]);
  });

  it('reads every row in order, in batches, as displayed (FORMATTED_VALUE), past a run of blank rows', async () => {
    const source = await open(await userId(org.emailFor('Manager')), 'sheet-key-1');
    const before = google.requests.length;
    const batches = await collect(source, '0');
    const rows = batches.flat();
    expect(rows).toHaveLength(26);
    expect(rows[0]).toEqual(header);
    expect(rows.at(-1)).toEqual(people[24]);
    expect(rows[25][3]).toBe('3/4/2024');
    expect(batches.length).toBeGreaterThan(2);
    // Each row's number in the sheet, blank rows counted: the header is row 1, 10 people, a blank row, 10 people…
    const lines = batches.flatMap((b) => b.lines);
    const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
    expect(lines).toEqual([...range(1, 11), ...range(13, 22), ...range(25, 29)]);
    const reads = google.requests.slice(before).filter((r) => r.includes('/values/'));
    expect(reads.length).toBeGreaterThan(2);
    expect(reads.every((r) => r.includes('valueRenderOption=FORMATTED_VALUE'))).toBe(true);
  });

  it('sizes its requests by cells, not rows: a 1,000 × 26 grid is one values.get', async () => {
    const source = await openGoogleSheetSource({
      platform: app.platform,
      organizationId: org.id,
      userId: await userId(org.emailFor('Manager')),
      googleSheetKey: 'sheet-key-1',
    });
    const before = google.requests.length;
    expect((await collect(source, '0')).flat()).toHaveLength(26);
    expect(google.requests.slice(before).filter((r) => r.includes('/values/'))).toHaveLength(1);
  });

  it('without a Google authorization: ErrorSignInWithGoogle, asking to sign in to Google', async () => {
    const err = await sheetError(async () => open(await userId(org.emailFor('Texter')), 'sheet-key-1'));
    expect(err.status).toBe('ErrorSignInWithGoogle');
    expect(err.message).toBe('Missing Authorization: Login to your Google Account to continue');
  });

  it('a key that does not exist: ErrorFileNotFound', async () => {
    const source = await open(await userId(org.emailFor('Manager')), 'no-such-key');
    const err = await sheetError(() => source.sheets());
    expect(err.status).toBe('ErrorFileNotFound');
    expect(err.message).toMatch(/Google Sheet not found/);
  });

  it('a sheet not shared with the account: ErrorUnableToAccessTheSheet, naming the account to share it with', async () => {
    const source = await open(await userId(org.emailFor('Manager')), 'private-key');
    const err = await sheetError(() => source.sheets());
    expect(err.status).toBe('ErrorUnableToAccessTheSheet');
    expect(err.message).toMatch(/share it with manager@gmail\.test/);
  });

  it('an Excel file kept in Drive: ErrorTheFileIsNotASheet, saying how to convert it', async () => {
    const source = await open(await userId(org.emailFor('Manager')), 'excel-key');
    const err = await sheetError(() => source.sheets());
    expect(err.status).toBe('ErrorTheFileIsNotASheet');
    expect(err.message).toMatch(/Save as Google Sheets/);
  });

  it('Google failing (after its client retried): ErrorUnableToProcessTheFile', async () => {
    const source = await open(await userId(org.emailFor('Manager')), 'broken-key');
    const err = await sheetError(() => source.sheets());
    expect(err.status).toBe('ErrorUnableToProcessTheFile');
    expect(err.message).toBe('Google Sheets could not be read (HTTP 500); please try again later');
  });

  it('a revoked token: ErrorSignInWithGoogle, and the dead token is forgotten', async () => {
    const id = await connect(org.emailFor('Admin'), 'admin@gmail.test');
    google.revoke('admin@gmail.test');
    const source = await open(id, 'sheet-key-1');
    const err = await sheetError(() => source.sheets());
    expect(err.status).toBe('ErrorSignInWithGoogle');
    expect(err.message).toBe('Missing Authorization: Login to your Google Account to continue');
    const { rows } = await app.sql('SELECT google_refresh_token FROM users WHERE id = $1', [id]);
    expect(rows[0].google_refresh_token).toBeNull();
  });

  it("never uses the token of a user outside the list's organization", async () => {
    const manager = await userId(org.emailFor('Manager'));
    const err = await sheetError(() => open(manager, 'sheet-key-1', other.id));
    expect(err.status).toBe('ErrorSignInWithGoogle');
  });

  it("never opens another user's token copied onto a user's row", async () => {
    const manager = await userId(org.emailFor('Manager'));
    const teamLead = await userId(org.emailFor('TeamLead'));
    await app.sql(
      'UPDATE users SET google_refresh_token = (SELECT google_refresh_token FROM users WHERE id = $1) WHERE id = $2',
      [manager, teamLead],
    );
    const err = await sheetError(() => open(teamLead, 'sheet-key-1'));
    expect(err.status).toBe('ErrorSignInWithGoogle');
  });
});
