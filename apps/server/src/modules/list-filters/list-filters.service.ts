import { listFilter, listFilterLevel, listFilterMessages, ListFilterType, type FieldErrors } from '@canvass/domain';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../platform/auth/viewer';
import type { Tx } from '../../platform/db/tenant';
import { listFilters } from '../../platform/db/schema/index';
import { createResourceService, type Row } from '../../platform/resources/resource-service';
import { tableOf } from '../tables';

const sameAs = (col: PgColumn, value: unknown): SQL =>
  value == null || value === '' ? sql`${col} IS NULL` : sql`${col} = ${value}`;

/**
 * One filter per level, type and value (spec §4): the table's unique key is the wall; this says which filter it
 * would repeat, in words, before the insert meets it.
 */
async function refuseDuplicate(
  tx: Tx,
  attrs: Record<string, unknown>,
  viewer: Viewer,
  existing: Row | null,
): Promise<FieldErrors> {
  const f = { ...(existing ?? {}), ...attrs };
  if (!ListFilterType.is(f.listFilterType)) return {};
  const clientId = f.clientId == null || f.clientId === '' ? null : Number(f.clientId);
  const projectId = f.projectId == null || f.projectId === '' ? null : Number(f.projectId);
  // One level a filter: the table's check would refuse both, in words no user should read.
  if (clientId !== null && projectId !== null) return { projectId: [listFilterMessages.oneLevel] };
  const [repeated] = await tx
    .select({ id: listFilters.id })
    .from(listFilters)
    .where(
      and(
        eq(listFilters.organizationId, viewer.organizationId),
        sameAs(listFilters.clientId, clientId),
        sameAs(listFilters.projectId, projectId),
        eq(listFilters.listFilterType, f.listFilterType),
        sameAs(listFilters.carrier, f.carrier),
        sameAs(listFilters.state, f.state),
        existing ? ne(listFilters.id, existing.id) : undefined,
      ),
    )
    .limit(1);
  if (!repeated) return {};
  const level = listFilterLevel({ clientId, projectId });
  const message = listFilterMessages.duplicate(
    { listFilterType: f.listFilterType, carrier: f.carrier as string | null, state: f.state as string | null },
    level,
  );
  return { listFilterType: [message] };
}

/** List filters: the registry's rules (a Carrier filter's carrier, a State filter's state) and no duplicates. */
export const listFiltersService = createResourceService(listFilter, listFilters, tableOf, {
  check: (tx, attrs, { viewer, existing }) => refuseDuplicate(tx, attrs, viewer, existing),
});
