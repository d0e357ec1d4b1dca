import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { PgCode, pgError } from './pg-errors';
import { withoutReferenceChecks } from './reference-checks';
import { withTenant, type Tx } from './tenant';

let app: TestApp;
let org: BuiltOrganization;

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app);
  // A session user that may not set session_replication_role, as on a managed database without superuser.
  await app.sql(
    `DO $$ BEGIN CREATE ROLE canvass_test_not_super NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$`,
  );
  await app.sql(`GRANT canvass_app TO canvass_test_not_super`);
});

const asNotSuper = async (tx: Tx) => {
  await tx.execute(sql.raw(`SET LOCAL SESSION AUTHORIZATION canvass_test_not_super; SET LOCAL ROLE canvass_app`));
};

/** A recipient phone naming a client that does not exist: what a foreign-key check refuses. */
const insertDanglingPhone = (tx: Tx, number: string) =>
  tx.execute(sql`
    INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, client_id)
    VALUES (${org.id}, ${number}, 'ToPhone', 'ToPhone', 'Recipient', 999999999)`);

const currentUser = async (tx: Tx) =>
  (await tx.execute<{ current_user: string }>(sql`SELECT current_user`)).rows[0].current_user;

/** Rolls the transaction back once fn is done, so a dangling reference it made is never kept. */
class Undo extends Error {}
async function inTenantThenUndo(fn: (tx: Tx) => Promise<void>, before?: (tx: Tx) => Promise<void>) {
  await expect(
    withTenant(app.platform.database, { organizationIds: [org.id] }, async (tx) => {
      await before?.(tx);
      await fn(tx);
      throw new Undo();
    }),
  ).rejects.toBeInstanceOf(Undo);
}

describe('withoutReferenceChecks', () => {
  it('skips the checks for the one insert it wraps, as the tenant role, and checks again after it', async () => {
    await inTenantThenUndo(async (tx) => {
      const { skipped } = await withoutReferenceChecks(tx, async () => {
        expect(await currentUser(tx)).toBe('canvass_app');
        await insertDanglingPhone(tx, '2125550190');
      });
      expect(skipped).toBe(true);
      expect(await currentUser(tx)).toBe('canvass_app');
      await expect(insertDanglingPhone(tx, '2125550191')).rejects.toSatisfy(
        (err) => pgError(err).code === PgCode.foreignKeyViolation,
      );
    });
  });

  it('checks as usual when the database does not let the session skip them', async () => {
    await inTenantThenUndo(async (tx) => {
      const attempt = withoutReferenceChecks(tx, () => insertDanglingPhone(tx, '2125550192'));
      await expect(attempt).rejects.toSatisfy((err) => pgError(err).code === PgCode.foreignKeyViolation);
    }, asNotSuper);
  });

  it('reports the fallback, and leaves the transaction usable', async () => {
    await inTenantThenUndo(async (tx) => {
      const { skipped } = await withoutReferenceChecks(tx, async () => {});
      expect(skipped).toBe(false);
      expect(await currentUser(tx)).toBe('canvass_app');
    }, asNotSuper);
  });
});
