import type { Viewer } from '../../platform/auth/viewer';
import { and, asc, desc, eq } from 'drizzle-orm';
import { prices } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { priceAccess } from './price-access';
import { inScope, scopeOfRow, type PriceRow, type PriceScope } from './price-scope';

/** The rows of one level, by start date then kind. */
export async function loadPrices(tx: Tx, organizationId: number, scope: PriceScope): Promise<PriceRow[]> {
  return tx
    .select()
    .from(prices)
    .where(inScope(organizationId, scope))
    .orderBy(
      asc(prices.startAt),
      asc(prices.messagingServiceType),
      asc(prices.campaignType),
      desc(prices.isSent),
      asc(prices.id),
    );
}

/** One price row by id, when the viewer may see the level it belongs to. */
export async function findPrice(tx: Tx, viewer: Viewer, id: number): Promise<PriceRow | null> {
  const [row] = await tx
    .select()
    .from(prices)
    .where(and(eq(prices.organizationId, viewer.organizationId), eq(prices.id, id)));
  if (!row) return null;
  return (await priceAccess(tx, viewer, scopeOfRow(row), 'View')).ok ? row : null;
}
