import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';

const LINKS = `{ messageLinks { code domain } }`;

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;

/** A shortened link of the organization, straight into the table (its pages come with the links issue). */
async function insertLink(orgId: number, generated: string, shortCode: string | null, domainId: number | null) {
  await app.sql(
    `INSERT INTO shortened_links (organization_id, original_link, short_code, generated_short_code, custom_domain_id)
     VALUES ($1, 'https://example.org/vote', $2, $3, $4)`,
    [orgId, shortCode, generated, domainId],
  );
}

async function insertDomain(orgId: number, domain: string): Promise<number> {
  const { rows } = await app.sql(`INSERT INTO custom_domains (organization_id, domain) VALUES ($1, $2) RETURNING id`, [
    orgId,
    domain,
  ]);
  return Number(rows[0].id);
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Links');
  other = await buildOrganization(app, 'Other links');
  const domain = await insertDomain(org.id, 'go.links.test');
  await insertLink(org.id, 'Xy12Ab34', 'vote', domain);
  await insertLink(org.id, 'Qr56St78', null, null);
  await insertLink(other.id, 'Zz99Yy88', 'theirs', await insertDomain(other.id, 'go.other.test'));
});

describe('messageLinks: the shortened links a message may name', () => {
  it("gives the organization's own links by the code a message uses, with their domains, oldest first", async () => {
    const res = await gql(app, LINKS, {}, { token: await org.tokenFor('Manager') });
    expect(res.errors).toBeUndefined();
    expect(res.data?.messageLinks).toEqual([
      { code: 'vote', domain: 'go.links.test' },
      // No short code: the generated one; no domain yet, which the editor reports rather than offers.
      { code: 'Qr56St78', domain: null },
    ]);
    const theirs = await gql(app, LINKS, {}, { token: await other.tokenFor('Admin') });
    expect(theirs.data?.messageLinks).toEqual([{ code: 'theirs', domain: 'go.other.test' }]);
  });

  it('is refused to a role that may not view shortened links, and to no one signed in', async () => {
    const texter = await gql(app, LINKS, {}, { token: await org.tokenFor('Texter') });
    expect(texter.data).toBeNull();
    expect(texter.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    const anonymous = await gql(app, LINKS);
    expect(anonymous.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
  });
});
