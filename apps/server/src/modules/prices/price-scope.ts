import type { PriceLevel } from '@canvass/domain';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { prices } from '../../platform/db/schema/index';

/**
 * Prices at the three levels of spec §3 (organization, client, project): one path that reads, checks and saves
 * a level's rows (spec §5), and the price that applies to a project or client (the most specific level, then the
 * latest start). Prices are decimal text from the column to the API (numeric(12, 4)): never a float.
 */

export type PriceRow = typeof prices.$inferSelect;

/** The rows of one level: the organization's own, a client's, or a project's. */
export type PriceScope =
  { level: 'Organization' } | { level: 'Client'; clientId: number } | { level: 'Project'; projectId: number };

/** The scope a client id or a project id names (neither: the organization's); null when both are given. */
export function priceScopeOf(clientId: number | null, projectId: number | null): PriceScope | null {
  if (clientId !== null && projectId !== null) return null;
  if (clientId !== null) return { level: 'Client', clientId };
  if (projectId !== null) return { level: 'Project', projectId };
  return { level: 'Organization' };
}

/** The level a stored row belongs to. */
export const levelOf = (row: Pick<PriceRow, 'clientId' | 'projectId'>): PriceLevel =>
  row.projectId !== null ? 'Project' : row.clientId !== null ? 'Client' : 'Organization';

export const scopeOfRow = (row: PriceRow): PriceScope =>
  row.projectId !== null
    ? { level: 'Project', projectId: row.projectId }
    : row.clientId !== null
      ? { level: 'Client', clientId: row.clientId }
      : { level: 'Organization' };

/** The rows of one level, in the organization named. */
export function inScope(organizationId: number, scope: PriceScope): SQL {
  const org = eq(prices.organizationId, organizationId);
  if (scope.level === 'Client') return and(org, eq(prices.clientId, scope.clientId), isNull(prices.projectId))!;
  if (scope.level === 'Project') return and(org, eq(prices.projectId, scope.projectId), isNull(prices.clientId))!;
  return and(org, isNull(prices.clientId), isNull(prices.projectId))!;
}
