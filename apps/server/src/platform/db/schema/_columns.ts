import { sql } from 'drizzle-orm';
import { bigint, index, pgPolicy, pgRole, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The role every request and job transaction switches to (SET LOCAL ROLE), so row-level security applies
 * even when DATABASE_URL names a superuser. Created by a custom migration; drizzle only references it.
 */
export const appRole = pgRole('canvass_app').existing();

/** Primary key: bigint identity, numbers in TypeScript (ids stay well below 2^53). */
export const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

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
 */
export const inVisibleOrganizations = (column: string) =>
  // Each setting is read in a scalar subquery: PostgreSQL evaluates it once per query (an InitPlan) instead of
  // once per row, which keeps counts and scans over large tables as fast as without row-level security.
  sql.raw(
    `(${column} = ANY ((SELECT string_to_array(current_setting('app.organization_ids', true), ','))::bigint[]) OR (SELECT current_setting('app.system', true)) = 'on')`,
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

export { index };
