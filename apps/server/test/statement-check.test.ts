import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { whereOrg } from '../src/platform/db/organization-scope';
import { texts } from '../src/platform/db/schema/index';
import { withTenant } from '../src/platform/db/tenant';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { takeViolations, TENANT_TABLES, unscopedTables } from './statement-check';

describe('the statement check (issue 36 §6)', () => {
  let app: TestApp;
  let org: BuiltOrganization;
  beforeAll(async () => {
    app = await createTestApp();
    org = await buildOrganization(app);
  });

  it('knows the tenant tables from the schema: those with an organization_id column', () => {
    expect(TENANT_TABLES).toContain('texts');
    expect(TENANT_TABLES).toContain('organization_users');
    expect(TENANT_TABLES).not.toContain('users');
    expect(TENANT_TABLES).not.toContain('organizations');
  });

  it('finds a read, change or removal of a tenant table without an organization predicate', () => {
    expect(unscopedTables('select "id" from "texts" where "texts"."id" = $1')).toEqual(['texts']);
    expect(unscopedTables('UPDATE projects SET name = $1 WHERE id = $2')).toEqual(['projects']);
    expect(unscopedTables('delete from "phones" where "phones"."client_id" = $1')).toEqual(['phones']);
    expect(
      unscopedTables('select "id" from "texts" where ("texts"."organization_id" = $1 and "texts"."id" = $2)'),
    ).toEqual([]);
    expect(unscopedTables('SELECT 1 FROM texts t WHERE t.organization_id = ANY($1)')).toEqual([]);
    expect(unscopedTables('insert into "texts" ("id") values ($1)')).toEqual([]);
    expect(unscopedTables('select "id" from "users" where "users"."id" = $1')).toEqual([]);
  });

  it('catches a planted statement without the predicate the app would send, and passes it with whereOrg', async () => {
    takeViolations();
    await withTenant(app.platform.database, { organizationIds: [org.id] }, (tx) =>
      tx.select({ id: texts.id }).from(texts).where(eq(texts.id, 1)),
    );
    const found = takeViolations();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ tables: ['texts'], context: 'tenant' });

    await withTenant(app.platform.database, { organizationIds: [org.id] }, (tx) =>
      tx
        .select({ id: texts.id })
        .from(texts)
        .where(whereOrg(texts, org.id, eq(texts.id, 1))),
    );
    expect(takeViolations()).toEqual([]);
  });
});
