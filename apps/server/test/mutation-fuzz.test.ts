import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/platform/auth/passwords';
import { buildSchema } from '../src/schema';
import { buildOrganization, PASSWORD, type BuiltOrganization } from './factories';
import { argumentsOf, mutationDocument, randomSource } from './graphql-fuzz';
import { createTestApp, gql, type TestApp } from './harness';

/**
 * Every mutation of the schema, called by a signed-in admin with generated arguments of the right shape (inline
 * literals and variables alike): bad values must come back as the user's errors (validation, BAD_USER_INPUT,
 * messages in the payload), never as an internal error. A few seeds per mutation keep it well under a minute.
 */
const SEEDS = Number(process.env.FUZZ_SEEDS ?? 4);

let app: TestApp;
let org: BuiltOrganization;
let token: string;

/** Signs the admin in again after a mutation signed it out or changed its password (both are fair moves). */
async function freshToken(): Promise<string> {
  await app.sql('UPDATE users SET password_hash = $1 WHERE email = $2', [
    await hashPassword(PASSWORD),
    org.emailFor('Admin'),
  ]);
  await app.sql(`UPDATE users SET status = 'Active' WHERE email = $1`, [org.emailFor('Admin')]).catch(() => {});
  return org.tokenFor('Admin');
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Fuzz');
  token = await org.tokenFor('Admin');
}, 60_000);

describe('every mutation with generated arguments', () => {
  it('answers no internal error, inline or as variables', async () => {
    const mutations = Object.values(buildSchema().getMutationType()!.getFields());
    expect(mutations.length).toBeGreaterThan(50);
    const internal: string[] = [];
    for (const field of mutations) {
      for (let seed = 0; seed < SEEDS; seed++) {
        const args = argumentsOf(field, randomSource(seed * 7919 + field.name.length));
        for (const inline of [true, false]) {
          const { query, variables } = mutationDocument(field, args, inline);
          let res = await gql(app, query, variables, { token });
          if (res.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
            token = await freshToken();
            res = await gql(app, query, variables, { token });
          }
          const failure = res.errors?.find(
            (e) => e.extensions?.code === 'INTERNAL_SERVER_ERROR' || /unexpected error/i.test(e.message),
          );
          if (failure)
            internal.push(
              `${field.name} (${inline ? 'inline' : 'variables'}): ${query.slice(0, 300)} ${JSON.stringify(variables).slice(0, 300)}`,
            );
        }
      }
    }
    expect(internal).toEqual([]);
  }, 120_000);
});

describe("a project's phones written inline", () => {
  it('get the same answer as the same phones sent as variables', async () => {
    const attributes = `{ name: "Inline", projectType: GetOutToVote, clientId: "${org.clientId}", projectPhones: [{ phoneId: "999999" }] }`;
    const inline = await gql(
      app,
      `mutation { createProject(attributes: ${attributes}) { errors { field messages } } }`,
      {},
      { token },
    );
    const asVariables = await gql(
      app,
      'mutation($a: ProjectAttributes!) { createProject(attributes: $a) { errors { field messages } } }',
      {
        a: {
          name: 'Inline',
          projectType: 'GetOutToVote',
          clientId: String(org.clientId),
          projectPhones: [{ phoneId: '999999' }],
        },
      },
      { token },
    );
    expect(inline.errors).toBeUndefined();
    // Checked, not crashed: the rows pass and the missing manager is reported, as for variables.
    expect(asVariables.data?.createProject.errors).toEqual([{ field: 'managerId', messages: ['Manager is required'] }]);
    expect(inline.data).toEqual(asVariables.data);
  });
});
