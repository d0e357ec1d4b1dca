import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The organization named in a statement's predicate (issue 36 §6). Row-level security already hides other
 * organizations' rows, but only a statement that compares organization_id with one value routes, on Citus, to the
 * one shard that holds it; without it the statement reaches every shard. The test harness fails a statement on a
 * tenant table without it (test/statement-check.ts).
 */

/** A drizzle condition: the table's rows of one organization, and the other conditions given. */
export function whereOrg(
  table: { organizationId: PgColumn },
  organizationId: number,
  ...conditions: (SQL | undefined)[]
): SQL {
  return and(eq(table.organizationId, organizationId), ...conditions)!;
}

/** The same for raw SQL: `alias.organization_id = $org` (the bare column without an alias). */
export function orgIs(organizationId: number, alias?: string): SQL {
  return sql`${sql.raw(alias ? `${alias}.` : '')}organization_id = ${organizationId}`;
}
