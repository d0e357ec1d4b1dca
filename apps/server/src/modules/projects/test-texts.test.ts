import { placeholderMessages, projectMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, gql, type TestApp } from '../../../test/harness';
import { insertPhone } from '../../../test/projects-helpers';
import { loadedList, makeProject, recipient } from '../../../test/project-factories';

const TEST_TEXT = `mutation($p: ID!, $phoneIds: [ID!], $toNumbers: [String!], $body: String, $from: ID) {
  loadSendProject(projectId: $p, option: TestText, phoneIds: $phoneIds, toNumbers: $toNumbers, body: $body,
                  fromPhoneId: $from) { message errors { field messages } } }`;

let app: TestApp;
let org: BuiltOrganization;
let admin: string;
let from: string;
let project: number;
let withoutList: number;
let listId: number;

/** The test texts the project has, as their recipients get them. */
const sent = async (projectId: number) =>
  (
    await app.sql(
      `SELECT p.number, t.rendered_message AS message FROM texts t JOIN phones p ON p.id = t.to_phone_id
        WHERE t.project_id = $1 AND t.text_type = 'Test' ORDER BY t.id`,
      [projectId],
    )
  ).rows;

const testText = (p: number, vars: Record<string, unknown>) =>
  gql(app, TEST_TEXT, { p, from, ...vars }, { token: admin }).then((r) => r.data?.loadSendProject);

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Test texts');
  admin = await org.tokenFor('Admin');
  listId = await loadedList(app, org.id, [
    ['not a phone', 'Zed', 'Invalid', '1', ''],
    ['2125550123', 'Ana', 'Lopez', '7', 'first'],
    ['2125550124', 'Ben', 'Ng', '9', 'second'],
  ]);
  const base = { clientId: org.clientId, listId, message: 'Hi {firstName}', status: 'Submitted' };
  project = await makeProject(app, org.id, base);
  withoutList = await makeProject(app, org.id, { ...base, listId: null });
  from = await insertPhone(app, org.id, '2125550100');
});

describe('a test text', () => {
  it("is rendered from the recipient's own row, and a typed number from the list's first valid row", async () => {
    const answer = await testText(project, {
      phoneIds: [String(await recipient(app, org.id, '2125550124'))],
      toNumbers: ['(917) 555-0142'],
      body: 'Hi {firstName} {lastName}, ward {Ward}',
    });
    expect(answer).toEqual({ message: projectMessages.testTextStored, errors: [] });
    expect(await sent(project)).toEqual([
      { number: '2125550124', message: 'Hi Ben Ng, ward 9' },
      { number: '9175550142', message: 'Hi Ana Lopez, ward 7' },
    ]);
  });

  it("renders from the row the stepper's preview names: the list's first valid row", async () => {
    const preview = await gql(
      app,
      `query($f: [FilterInput!]) { rows(filters: $f, limit: 1) { nodes { firstName lastName toPhoneNumber columnOne } } }`,
      {
        f: [
          { field: 'listId', operation: 'Equal', value: String(listId) },
          { field: 'rowStatus', operation: 'Equal', value: 'Valid' },
        ],
      },
      { token: admin },
    );
    expect(preview.data?.rows.nodes).toEqual([
      { firstName: 'Ana', lastName: 'Lopez', toPhoneNumber: '2125550123', columnOne: '7' },
    ]);
  });

  it('refuses a typed number that is not one, and a placeholder the list does not have, storing nothing', async () => {
    const before = await sent(project);
    expect(await testText(project, { toNumbers: ['555-01'], body: 'Hi' })).toEqual({
      message: null,
      errors: [{ field: 'toNumbers', messages: ['Number should be 10 digits'] }],
    });
    expect(await testText(project, { toNumbers: ['9175550142'], body: 'Precinct {Precinct}' })).toEqual({
      message: null,
      errors: [{ field: 'body', messages: [placeholderMessages.unknownPlaceholder('{Precinct}')] }],
    });
    expect(await sent(project)).toEqual(before);
  });

  it('goes to at most ten recipients, and refuses more, storing nothing', async () => {
    const before = await sent(project);
    const numbers = Array.from({ length: 11 }, (_, i) => `91755502${String(i).padStart(2, '0')}`);
    expect(await testText(project, { toNumbers: numbers, body: 'Hi' })).toEqual({
      message: null,
      errors: [{ field: 'phoneIds', messages: ['A test text goes to at most 10 recipients'] }],
    });
    expect(await sent(project)).toEqual(before);
    expect(await testText(project, { toNumbers: numbers.slice(1), body: 'Hi' })).toMatchObject({ errors: [] });
    expect((await sent(project)).length).toBe(before.length + 10);
  });

  it('renders names empty, never as written, for a project without a list', async () => {
    expect(await testText(withoutList, { toNumbers: ['9175550143'], body: 'Hi {firstName}!' })).toMatchObject({
      errors: [],
    });
    expect(await sent(withoutList)).toEqual([{ number: '9175550143', message: 'Hi !' }]);
  });
});
