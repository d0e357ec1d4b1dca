import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  foreignKey,
  index,
  pgPolicy,
  pgRole,
  primaryKey,
  timestamp,
  type AnyPgColumn,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The role every request and job transaction switches to (SET LOCAL ROLE), so row-level security applies
 * even when DATABASE_URL names a superuser. Created by a custom migration; drizzle only references it.
 */
export const appRole = pgRole('canvass_app').existing();

/** Primary key of a table that is not distributed (organizations, users, auth): bigint identity, numbers in
 * TypeScript (ids stay well below 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/**
 * A phone number's 10 digits, compared byte by byte (COLLATE "C"). The database's default collation is the
 * server's locale (en_US.UTF-8, C.UTF-8 …), whose comparisons go through strcoll: every key of an index on a number
 * paid that, a million times per list load. Ten ASCII digits sort the same either way, and a comparison with a
 * column or value of the default collation takes this one, so joins and parameters work unchanged.
 */
export const phoneNumber = customType<{ data: string; driverData: string }>({
  dataType: () => 'varchar(10) COLLATE "C"',
});

/**
 * The id of a tenant table: a bigint identity that is unique on its own, but the primary key is
 * (organization_id, id), declared with tenantKey(), because Citus distributes by organization_id and refuses a
 * key (or a UNIQUE, or a foreign key) that does not contain it (ARCHITECTURE §6).
 */
export const tenantId = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

interface TenantColumns {
  organizationId: PgColumn;
  id: PgColumn;
}

/** The primary key (organization_id, id) of a tenant table; use in its extra config. */
export const tenantKey = (table: string, t: TenantColumns) =>
  primaryKey({ name: `${table}_pkey`, columns: [t.organizationId, t.id] });

/**
 * A foreign key between tenant tables, (organization_id, column) → (organization_id, id), so that a row and
 * what it points to live on the same Citus shard. No SET NULL (Citus refuses it on a key that contains
 * organization_id): RESTRICT when the child has a life of its own (the user is told what still uses the
 * parent), CASCADE when it has none.
 */
export const tenantRef = (
  table: string,
  t: { organizationId: PgColumn },
  column: PgColumn,
  parent: TenantColumns,
  onDelete: 'cascade' | 'restrict',
) =>
  foreignKey({
    name: `${table}_${column.name}_fkey`,
    columns: [t.organizationId, column],
    foreignColumns: [parent.organizationId, parent.id],
  }).onDelete(onDelete);

/** A bigint foreign key column in number mode. */
export const refId = (name: string) => bigint(name, { mode: 'number' });

export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The organizations the current transaction may see, set by withTenant() as a comma list; or every row when
 * the transaction was opened by the named system handle (withSystem). current_setting(..., true) is NULL
 * outside those, so a query that forgot its scope sees no tenant rows.
 *
 * A policy runs once per row read or written, and splitting the list into a bigint[] costs about a microsecond a
 * row (seconds on a bulk load of a million rows). So withTenant() also names a single organization on its own
 * (app.organization_id, empty when it has several), which is compared first, as one number: the usual case
 * (one organization) never splits the list.
 */
export const inVisibleOrganizations = (column: string) =>
  // Inline, without a subquery: Citus refuses subqueries in the policies of distributed tables. Every query
  // also names its organization explicitly, so the index serves that predicate and this per-row check is cheap.
  sql.raw(
    `(${column} = nullif(current_setting('app.organization_id', true), '')::bigint OR ${column} = ANY (string_to_array(current_setting('app.organization_ids', true), ',')::bigint[]) OR current_setting('app.system', true) = 'on')`,
  );
const visibleOrganizations = inVisibleOrganizations('organization_id');

/**
 * The row-level security policy every tenant table carries: rows of the transaction's organizations only,
 * for reading and writing alike. Use in the table's extra config: (t) => [tenantPolicy('clients'), index(...)].
 */
export function tenantPolicy(table: string, rule = visibleOrganizations) {
  return pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: appRole,
    using: rule,
    withCheck: rule,
  });
}

/** organization_id NOT NULL referencing organizations; every index of a tenant table leads with it. */
export const organizationId = (organizations: () => AnyPgColumn) =>
  bigint('organization_id', { mode: 'number' }).notNull().references(organizations, { onDelete: 'cascade' });

/**
 * organization_id NOT NULL without a reference of its own to organizations, for a bulk table whose tenant reference
 * to its parent, (organization_id, parent_id), already proves the organization exists and cascades its deletion.
 * A foreign key is a lookup per inserted row: a second one on rows cost a list load of a million rows seconds.
 */
export const organizationIdViaParent = () => bigint('organization_id', { mode: 'number' }).notNull();

export { index };
