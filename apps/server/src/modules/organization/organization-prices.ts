import type { PriceRowInput } from '@canvass/domain';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { prices } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';

/** The organization-wide prices (spec §3 Price): rows with neither client nor project. */
const organizationWide = (organizationId: number) =>
  and(eq(prices.organizationId, organizationId), isNull(prices.clientId), isNull(prices.projectId));

export async function loadOrganizationPrices(tx: Tx, organizationId: number) {
  return tx
    .select()
    .from(prices)
    .where(organizationWide(organizationId))
    .orderBy(asc(prices.startAt), asc(prices.messagingServiceType), asc(prices.campaignType), asc(prices.id));
}

const blank = (v: unknown) => v == null || String(v).trim() === '';

/** A date (YYYY-MM-DD) starts at that day's first second; a full time is taken as it is. */
const startOf = (v: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(v.trim()) ? `${v.trim()}T00:00:00Z` : v);

/**
 * Spec §5 Prices: a saved row without a value is removed, a new one ignored (all-empty rows too); the others are
 * updated or added. Rows were validated before (start date, service, campaign type).
 */
export async function saveOrganizationPrices(
  tx: Tx,
  organizationId: number,
  rows: readonly PriceRowInput[] | null | undefined,
): Promise<void> {
  const remove: number[] = [];
  for (const row of rows ?? []) {
    const id = row.id == null || row.id === '' ? null : Number(row.id);
    if (row._destroy || blank(row.price)) {
      if (id !== null) remove.push(id);
      continue;
    }
    const values = {
      price: Number(row.price),
      isSent: row.isSent ?? true,
      campaignType: row.campaignType as 'Registered' | 'Unregistered',
      messagingServiceType: row.messagingServiceType as 'SMS' | 'MMS',
      startAt: startOf(String(row.startAt)),
    };
    if (id === null) await tx.insert(prices).values({ ...values, organizationId });
    else
      await tx
        .update(prices)
        .set({ ...values, updatedAt: new Date() })
        .where(and(organizationWide(organizationId), eq(prices.id, id)));
  }
  if (remove.length) await tx.delete(prices).where(and(organizationWide(organizationId), inArray(prices.id, remove)));
}
