import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import { phones } from '../../platform/db/schema/index';

/**
 * Whether a number lookup has filled any recipient's carrier or line type yet: until one has, Carrier and Landline
 * filters leave nobody out, and the filters screens say so. EXISTS on a partial index (phones_org_looked_up_idx),
 * never a count.
 */
export async function carrierDataAvailable(tx: Tx, organizationId: number): Promise<boolean> {
  const lookedUp = tx
    .select({ one: sql`1` })
    .from(phones)
    .where(
      and(
        eq(phones.organizationId, organizationId),
        eq(phones.phoneType, 'ToPhone'),
        or(isNotNull(phones.carrier), isNotNull(phones.lineType)),
      ),
    );
  const { rows } = await tx.execute<{ available: boolean }>(sql`SELECT EXISTS (${lookedUp}) AS available`);
  return rows[0].available;
}
