import { effectiveListFilters, listFilterLevel, type ListFilterLevel } from '@canvass/domain';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { listFilters } from '../../platform/db/schema/index';

export interface EffectiveListFilter {
  id: number;
  listFilterType: (typeof listFilters.$inferSelect)['listFilterType'];
  carrier: (typeof listFilters.$inferSelect)['carrier'];
  state: string | null;
  level: ListFilterLevel;
}

/**
 * The filters a send of this client's (and project's) list goes through, after spec §9's precedence
 * (effectiveListFilters): the three levels in one query, the organization named (row-level security is the second
 * wall). For the project load; the system decides them, so no viewer's client limit applies.
 */
export async function listFiltersInEffect(
  tx: Tx,
  organizationId: number,
  scope: { clientId?: number | null; projectId?: number | null } = {},
): Promise<EffectiveListFilter[]> {
  const levels: SQL[] = [and(isNull(listFilters.clientId), isNull(listFilters.projectId))!];
  if (scope.clientId != null) levels.push(eq(listFilters.clientId, scope.clientId));
  if (scope.projectId != null) levels.push(eq(listFilters.projectId, scope.projectId));
  const rows = await tx
    .select({
      id: listFilters.id,
      listFilterType: listFilters.listFilterType,
      carrier: listFilters.carrier,
      state: listFilters.state,
      clientId: listFilters.clientId,
      projectId: listFilters.projectId,
    })
    .from(listFilters)
    .where(and(eq(listFilters.organizationId, organizationId), or(...levels)))
    .orderBy(listFilters.listFilterType, listFilters.id);
  const filters = rows.map(({ clientId, projectId, ...f }) => ({
    ...f,
    level: listFilterLevel({ clientId, projectId }),
  }));
  const at = (level: ListFilterLevel) => filters.filter((f) => f.level === level);
  return effectiveListFilters({ organization: at('organization'), client: at('client'), project: at('project') });
}
