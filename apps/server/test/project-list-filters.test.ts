import { listFilterMessages } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { createProject } from './projects-helpers';

/** A project's own list filters (spec §2 projects/{id}/list-filters): made and listed at the project's level. */

let app: TestApp;
let org: BuiltOrganization;
let admin: string;

const CREATE = `mutation($a: ListFilterAttributes!) { createListFilter(attributes: $a) {
  listFilter { id listFilterType state clientId projectId } errors { field messages } } }`;
const LIST = `query($f: [FilterInput!]) { listFilters(filters: $f, first: 50) { nodes { id state projectId } } }`;

async function create(attributes: Record<string, unknown>) {
  const res = await gql(app, CREATE, { a: attributes }, { token: admin });
  expect(res.errors).toBeUndefined();
  return res.data?.createListFilter as {
    listFilter: Record<string, string | null> | null;
    errors: { field: string; messages: string[] }[];
  };
}

async function statesOf(filters: Record<string, unknown>[]): Promise<(string | null)[]> {
  const res = await gql(app, LIST, { f: filters }, { token: admin });
  expect(res.errors).toBeUndefined();
  return (res.data?.listFilters.nodes as { state: string | null }[]).map((n) => n.state).sort();
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Project filters');
  admin = await org.tokenFor('Admin');
});

describe("a project's list filters", () => {
  it('are made on the project, listed on its tab, and not among the organization filters', async () => {
    const projectId = await createProject(app, org, admin);
    const made = await create({ listFilterType: 'State', state: 'FL', projectId });
    expect(made.errors).toEqual([]);
    expect(made.listFilter).toMatchObject({ state: 'FL', projectId, clientId: null });
    expect((await create({ listFilterType: 'State', state: 'GA' })).errors).toEqual([]);

    expect(await statesOf([{ field: 'projectId', operation: 'Equal', value: projectId }])).toEqual(['FL']);
    expect(
      await statesOf([
        { field: 'clientId', operation: 'With', value: 'false' },
        { field: 'projectId', operation: 'With', value: 'false' },
      ]),
    ).toEqual(['GA']);
  });

  it('refuse the same filter twice for one project, saying so, and take it for another project', async () => {
    const projectId = await createProject(app, org, admin);
    expect((await create({ listFilterType: 'State', state: 'TX', projectId })).errors).toEqual([]);
    expect((await create({ listFilterType: 'State', state: 'TX', projectId })).errors).toEqual([
      { field: 'listFilterType', messages: ['A State filter for TX already exists for this project'] },
    ]);
    const another = await createProject(app, org, admin, { name: 'Another' });
    expect((await create({ listFilterType: 'State', state: 'TX', projectId: another })).errors).toEqual([]);
  });

  it('refuse a filter that names both a client and a project, in words', async () => {
    const projectId = await createProject(app, org, admin);
    const r = await create({ listFilterType: 'State', state: 'OR', projectId, clientId: String(org.clientId) });
    expect(r.listFilter).toBeNull();
    expect(r.errors).toEqual([{ field: 'projectId', messages: [listFilterMessages.oneLevel] }]);
  });
});
