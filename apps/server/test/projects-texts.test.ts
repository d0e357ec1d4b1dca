import { beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_CAP } from '../src/platform/resources/resource-service';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { createProject, insertPhone, userIdOf } from './projects-helpers';

let app: TestApp;
let orgA: BuiltOrganization;
let orgB: BuiltOrganization;
let admin: string;
let project: string;
let otherClientProject: string;

const TEXTS = `query($f: [FilterInput!], $after: String) { texts(filters: $f, first: 50, after: $after) {
  totalCount totalCountIsCapped pageInfo { hasNextPage endCursor }
  nodes { id body textStatus textType project { id } toPhone { id } } } }`;
const byProject = (id: string, more: Record<string, string>[] = []) => [
  { field: 'projectId', operation: 'Equal', value: id },
  ...more,
];

beforeAll(async () => {
  app = await createTestApp();
  orgA = await buildOrganization(app, 'Texts A');
  orgB = await buildOrganization(app, 'Texts B');
  admin = await orgA.tokenFor('Admin');
  project = await createProject(app, orgA, admin);
  const to = await insertPhone(app, orgA.id, '2025550100');
  // More texts than the count goes to, in one statement as a load makes them: 2 Test, 3 Seed, the rest List.
  await app.sql(
    `INSERT INTO texts (organization_id, project_id, body, text_type, text_status, to_phone_id)
     SELECT $1, $2, 'Text ' || n, CASE WHEN n <= 2 THEN 'Test' WHEN n <= 5 THEN 'Seed' ELSE 'List' END::text_type,
            CASE WHEN n % 2 = 0 THEN 'Ready' ELSE 'Queued' END::text_status, $3
       FROM generate_series(1, $4::int) n`,
    [orgA.id, project, to, TOTAL_COUNT_CAP + 50],
  );
  // A project of another client of the same organization, with one text.
  const { rows } = await app.sql(
    `INSERT INTO clients (organization_id, name, client_type, client_status) VALUES ($1, 'Other client', 'Campaign', 'Active') RETURNING id`,
    [orgA.id],
  );
  otherClientProject = await createProject(app, orgA, admin, { clientId: String(rows[0].id) });
  await app.sql(
    `INSERT INTO texts (organization_id, project_id, body, text_type) VALUES ($1, $2, 'Not yours', 'List')`,
    [orgA.id, otherClientProject],
  );
  await app.sql('ANALYZE texts');
});

describe("a project's texts", () => {
  it('page through keyset cursors with a capped count, never an exact count(*) of a bulk table', async () => {
    const first = await gql(app, TEXTS, { f: byProject(project) }, { token: admin });
    expect(first.errors).toBeUndefined();
    const page = first.data?.texts;
    expect(page.nodes).toHaveLength(50);
    expect(page.totalCount).toBe(TOTAL_COUNT_CAP);
    expect(page.totalCountIsCapped).toBe(true);
    expect(page.nodes.every((n: { project: { id: string } }) => n.project.id === project)).toBe(true);
    const second = await gql(app, TEXTS, { f: byProject(project), after: page.pageInfo.endCursor }, { token: admin });
    const ids = new Set(page.nodes.map((n: { id: string }) => n.id));
    expect(second.data?.texts.nodes).toHaveLength(50);
    expect(second.data?.texts.nodes.some((n: { id: string }) => ids.has(n.id))).toBe(false);
  });

  it('test_texts and seed_texts are the same list filtered by type', async () => {
    const tests = await gql(
      app,
      TEXTS,
      { f: byProject(project, [{ field: 'textType', operation: 'Equal', value: 'Test' }]) },
      { token: admin },
    );
    expect(tests.data?.texts).toMatchObject({ totalCount: 2, totalCountIsCapped: false });
    const seeds = await gql(
      app,
      TEXTS,
      { f: byProject(project, [{ field: 'textType', operation: 'Equal', value: 'Seed' }]) },
      { token: admin },
    );
    expect(seeds.data?.texts.nodes.map((n: { body: string }) => n.body).sort()).toEqual(['Text 3', 'Text 4', 'Text 5']);
  });

  it("read the first page off the (organization, project, status, id) index, without sorting the project's texts", async () => {
    const { rows } = await app.sql(
      `EXPLAIN SELECT * FROM texts WHERE organization_id = $1 AND project_id = $2
        ORDER BY text_status ASC NULLS LAST, id ASC LIMIT 51`,
      [orgA.id, project],
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    // Each month's partition index is named after the columns (cut short on Citus's shards).
    expect(plan).toMatch(/Index Scan using texts_\w*project_id_text_s/);
    expect(plan).not.toMatch(/\bSort\b(?! Key)/);
  });

  it("the organization's Texts list reads its newest first off the primary key, without sorting or a new index", async () => {
    // The first page, and a page after a cursor (the keyset on (id, id) the generic list writes).
    for (const after of ['', 'AND (id, id) < ($2::bigint, $2::bigint)']) {
      const { rows } = await app.sql(
        `EXPLAIN SELECT * FROM texts WHERE organization_id = $1 ${after}
          ORDER BY id DESC NULLS FIRST, id DESC LIMIT 51`,
        after ? [orgA.id, 5000] : [orgA.id],
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(/Index Scan Backward using texts_\w*pkey/);
      expect(plan).not.toMatch(/\bSort\b(?! Key)/);
      if (after) expect(plan).toMatch(/Index Cond: .*ROW\(id, id\) < /);
    }
  });
});

describe("a project's texters and teams", () => {
  it('are named to whoever sees the project, even a texter who may not open users or teams', async () => {
    const texterId = await userIdOf(app, orgA.emailFor('Texter'));
    const { rows } = await app.sql(
      `INSERT INTO teams (organization_id, name) VALUES ($1, 'Night shift') RETURNING id`,
      [orgA.id],
    );
    const added = await gql(
      app,
      `mutation($id: ID!, $a: ProjectAttributes!) { updateProject(id: $id, attributes: $a) { errors { field messages } } }`,
      {
        id: project,
        a: { projectTexters: [{ userId: texterId, quota: '5' }], projectTeams: [{ teamId: String(rows[0].id) }] },
      },
      { token: admin },
    );
    expect(added.data?.updateProject.errors).toEqual([]);
    const texter = await orgA.tokenFor('Texter');
    const tabs = await gql(
      app,
      `query($f: [FilterInput!]) { projectTexters(filters: $f) { nodes { user { name } } }
        projectTeams(filters: $f) { nodes { team { name } } } }`,
      { f: byProject(project) },
      { token: texter },
    );
    expect(tabs.data?.projectTexters.nodes).toEqual([{ user: { name: expect.stringContaining('Texter') } }]);
    expect(tabs.data?.projectTeams.nodes).toEqual([{ team: { name: 'Night shift' } }]);
  });
});

describe('texts and project parts are seen only by who sees the project', () => {
  it('another organization sees none of them', async () => {
    const tokenB = await orgB.tokenFor('Admin');
    const res = await gql(app, TEXTS, { f: byProject(project) }, { token: tokenB });
    expect(res.data?.texts).toMatchObject({ totalCount: 0, nodes: [] });
    const { rows } = await app.sql('SELECT id::text FROM texts WHERE project_id = $1 LIMIT 1', [project]);
    const one = await gql(app, `query($id: ID!) { text(id: $id) { id } }`, { id: rows[0].id }, { token: tokenB });
    expect(one.data?.text).toBeNull();
  });

  it("a client-role user sees its own client's project texts and texters, not another client's", async () => {
    const texterId = await userIdOf(app, orgA.emailFor('Texter'));
    const added = await gql(
      app,
      `mutation($id: ID!, $a: ProjectAttributes!) { updateProject(id: $id, attributes: $a) { errors { field messages } } }`,
      { id: otherClientProject, a: { projectTexters: [{ userId: texterId, quota: '5' }] } },
      { token: admin },
    );
    expect(added.data?.updateProject.errors).toEqual([]);
    const client = await orgA.tokenFor('Client');
    const own = await gql(app, TEXTS, { f: byProject(project) }, { token: client });
    expect(own.data?.texts.nodes).toHaveLength(50);
    const other = await gql(app, TEXTS, { f: byProject(otherClientProject) }, { token: client });
    expect(other.data?.texts.nodes).toEqual([]);
    const texters = `query($f: [FilterInput!]) { projectTexters(filters: $f) { nodes { userId userName quota } } }`;
    const hidden = await gql(app, texters, { f: byProject(otherClientProject) }, { token: client });
    expect(hidden.data?.projectTexters.nodes).toEqual([]);
    const shown = await gql(app, texters, { f: byProject(otherClientProject) }, { token: admin });
    expect(shown.data?.projectTexters.nodes).toEqual([
      { userId: texterId, userName: expect.stringContaining('Texter'), quota: 5 },
    ]);
  });
});
