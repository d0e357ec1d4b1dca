import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

// The rules that let Citus distribute every tenant table by organization_id (ARCHITECTURE §6), checked on the
// catalog itself, so a table added later is held to them without editing a list. Each rule returns the
// violations it finds; the last test breaks every rule on purpose to prove each one can fail.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

/** Copied to every node on Citus; a foreign key into them on a column other than organization_id may stay. */
const referenceTables = ['organizations', 'users'];

type Sql = TestApp['sql'];

/** Public tables with organization_id (partitions are checked through their parent). */
const TENANT = `
  SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     AND EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped)`;

/** The column names of a constraint or index key, in order. */
const columns = (rel: string, attnums: string) =>
  `array_to_string(array(SELECT coalesce(a.attname::text, '(expression)') FROM unnest(${attnums}) WITH ORDINALITY k(n, o)
     LEFT JOIN pg_attribute a ON a.attrelid = ${rel} AND a.attnum = k.n ORDER BY k.o), ',')`;

async function violations(sql: Sql): Promise<string[]> {
  const found: string[] = [];
  const add = (rows: { v: string }[]) => found.push(...rows.map((r) => r.v));

  // Primary key (organization_id, id), plus the partition key of a partitioned table; a table without an id
  // (organization_users) still leads its key with organization_id.
  const keys = (
    await sql(`
      SELECT c.relname, ${columns('c.oid', 'con.conkey')} AS key,
             EXISTS (SELECT FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'id') AS has_id,
             (SELECT ${columns('c.oid', 'pt.partattrs::int2[]')} FROM pg_partitioned_table pt WHERE pt.partrelid = c.oid) AS partition_key
        FROM pg_class c LEFT JOIN pg_constraint con ON con.conrelid = c.oid AND con.contype = 'p'
       WHERE c.oid IN (${TENANT})`)
  ).rows as { relname: string; key: string | null; has_id: boolean; partition_key: string | null }[];
  for (const t of keys) {
    const wanted = t.has_id
      ? ['organization_id,id', t.partition_key].filter(Boolean).join(',')
      : t.key?.startsWith('organization_id,') && t.key;
    if (!t.key || t.key !== wanted) found.push(`${t.relname}: primary key (${t.key ?? 'none'})`);
  }

  // Every unique index (constraint or not) leads with organization_id.
  add(
    (
      await sql(`
      SELECT c.relname || ': unique ' || ic.relname || ' (' || ${columns('c.oid', 'i.indkey::int2[]')} || ')' AS v
        FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
       WHERE i.indisunique AND c.oid IN (${TENANT}) AND i.indkey[0] <> (
               SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id')`)
    ).rows,
  );

  // Foreign keys: between tenant tables composite on organization_id; none that contains organization_id with
  // SET NULL / SET DEFAULT on delete or any update action; from a tenant table only to tenant or reference tables,
  // and none from other tables into tenant tables.
  const fks = (
    await sql(
      `SELECT con.conname, c.relname AS child, p.relname AS parent, p.relkind AS parent_kind,
              c.oid IN (${TENANT}) AS child_tenant, p.oid IN (${TENANT}) AS parent_tenant,
              ${columns('c.oid', 'con.conkey')} AS cols, ${columns('p.oid', 'con.confkey')} AS parent_cols,
              con.confdeltype, con.confupdtype
         FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid JOIN pg_class p ON p.oid = con.confrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE con.contype = 'f' AND n.nspname = 'public' AND NOT c.relispartition AND con.conparentid = 0`,
    )
  ).rows as {
    conname: string;
    child: string;
    parent: string;
    parent_kind: string;
    child_tenant: boolean;
    parent_tenant: boolean;
    cols: string;
    parent_cols: string;
    confdeltype: string;
    confupdtype: string;
  }[];
  for (const fk of fks) {
    const name = `${fk.child}: foreign key ${fk.conname} (${fk.cols}) -> ${fk.parent} (${fk.parent_cols})`;
    const cols = fk.cols.split(',');
    const parentCols = fk.parent_cols.split(',');
    if (fk.parent_kind === 'p') found.push(`${name} points into a partitioned table`);
    if (fk.child_tenant && fk.parent_tenant && parentCols[cols.indexOf('organization_id')] !== 'organization_id')
      found.push(`${name} does not carry organization_id to organization_id`);
    if (fk.child_tenant && !fk.parent_tenant && !referenceTables.includes(fk.parent))
      found.push(`${name} points at a table that is neither tenant nor reference`);
    if (!fk.child_tenant && fk.parent_tenant) found.push(`${name} points into a tenant table from outside`);
    if (cols.includes('organization_id') && ['n', 'd'].includes(fk.confdeltype))
      found.push(`${name} sets null or default on delete`);
    if (cols.includes('organization_id') && !['a', 'r'].includes(fk.confupdtype)) found.push(`${name} acts on update`);
  }

  // No subquery in any policy.
  add(
    (
      await sql(`
      SELECT tablename || ': policy ' || policyname || ' has a subquery' AS v FROM pg_policies
       WHERE schemaname = 'public' AND (qual ~* '\\mselect\\M' OR with_check ~* '\\mselect\\M')`)
    ).rows,
  );
  return found;
}

describe('the catalog keeps the rules Citus needs', () => {
  it('finds the tenant tables', async () => {
    const { rows } = await app.sql(`SELECT oid::regclass::text AS t FROM (${TENANT}) x`);
    const names = rows.map((r: { t: string }) => r.t);
    expect(names).toEqual(expect.arrayContaining(['clients', 'texts', 'opt_outs', 'organization_users']));
    expect(names.length).toBeGreaterThan(30);
  });

  it('every table keeps them', async () => {
    expect(await violations(app.sql)).toEqual([]);
  });

  it('reports a table that breaks them', async () => {
    await app.sql(`CREATE TABLE bad_parents (id bigint PRIMARY KEY, organization_id bigint NOT NULL)`);
    await app.sql(`
      CREATE TABLE bad_things (
        id bigint PRIMARY KEY, organization_id bigint NOT NULL, code text UNIQUE,
        parent_id bigint REFERENCES bad_parents (id),
        client_id bigint,
        text_org bigint, text_id bigint, text_created_at timestamptz,
        FOREIGN KEY (organization_id, client_id) REFERENCES clients (organization_id, id) ON DELETE SET NULL,
        FOREIGN KEY (text_org, text_id, text_created_at) REFERENCES texts (organization_id, id, created_at)
      )`);
    await app.sql(`
      CREATE TABLE bad_outsiders (
        id bigint PRIMARY KEY, org bigint, client_id bigint,
        FOREIGN KEY (org, client_id) REFERENCES clients (organization_id, id)
      )`);
    await app.sql(`ALTER TABLE bad_things ENABLE ROW LEVEL SECURITY`);
    await app.sql(
      `CREATE POLICY bad_things_policy ON bad_things USING (organization_id IN (SELECT organization_id FROM organization_users))`,
    );
    try {
      const found = await violations(app.sql);
      const expected = [
        /^bad_things: primary key \(id\)$/,
        /^bad_parents: primary key \(id\)$/,
        /^bad_things: unique bad_things_code_key \(code\)$/,
        /^bad_things: foreign key .*\(parent_id\) -> bad_parents \(id\) does not carry organization_id/,
        /^bad_things: foreign key .*\(organization_id,client_id\) -> clients .* sets null or default on delete$/,
        /^bad_things: foreign key .* -> texts .* points into a partitioned table$/,
        /^bad_things: policy bad_things_policy has a subquery$/,
        /^bad_outsiders: foreign key .* -> clients .* points into a tenant table from outside$/,
      ];
      for (const pattern of expected)
        expect(
          found.some((v) => pattern.test(v)),
          String(pattern),
        ).toBe(true);
    } finally {
      await app.sql(`DROP TABLE bad_things, bad_parents, bad_outsiders`);
    }
  });
});
