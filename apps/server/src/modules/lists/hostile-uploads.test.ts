import type { RoleName } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { hostileFiles } from './sources/hostile-files';

/**
 * Issue 34, seen by the user: a hostile spreadsheet uploaded by a Client leaves its list in an error status with
 * words saying why (and a data import's preview refused the same way), while the API goes on answering.
 * hostile-files.test.ts bounds each reader's memory in a small heap; this is the same files through the API.
 */
let app: TestApp;
let org: BuiltOrganization;
let token: string;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Hostile uploads');
  token = await org.tokenFor('Client');
}, 60_000);

/** The file in storage with its upload row, as POST /api/uploads leaves it. */
async function uploaded(name: keyof typeof hostileFiles, by: RoleName = 'Client'): Promise<string> {
  const file = await hostileFiles[name]();
  const key = `uploads/${org.id}/${Date.now()}-${file.filename}`;
  await app.platform.storage.write(key, file.read());
  // Sent by the user who then uses it: only its sender may (own-upload.ts).
  const { rows } = await app.sql(
    `INSERT INTO uploads (organization_id, user_id, storage_key, filename, size)
     SELECT $1, id, $2, $3, 0 FROM users WHERE email = $4 RETURNING id`,
    [org.id, key, file.filename, org.emailFor(by)],
  );
  return String(rows[0].id);
}

describe('a hostile upload', () => {
  it('one cell in column ZZZZZZ: the list is created in ErrorUnableToProcessTheFile, saying why', async () => {
    const res = await gql(
      app,
      `mutation($a: ListAttributes!) { createList(attributes: $a) {
        list { listStatus loadErrorMessage sheets { id } } errors { field messages } } }`,
      { a: { name: 'Far column', uploadId: await uploaded('farColumn') } },
      { token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.createList.list).toEqual({
      listStatus: 'ErrorUnableToProcessTheFile',
      loadErrorMessage: expect.stringMatching(/cell in column ZZZZZZ: a list reads at most 1,024 columns/),
      sheets: [],
    });
    const alive = await gql(app, '{ currentUser { id } }', {}, { token });
    expect(alive.errors).toBeUndefined();
  });

  it('a CSV of a million columns: the data import preview is refused, saying why', async () => {
    const res = await gql(
      app,
      'query($id: ID!) { dataImportPreview(uploadId: $id) }',
      {
        id: await uploaded('csvMillionColumns', 'Admin'),
      },
      { token: await org.tokenFor('Admin') },
    );
    expect(res.errors?.[0].message).toMatch(/row 1 has 1,000,001 cells: a list reads at most 1,024 columns/);
  });
});
