import { and, eq, inArray } from 'drizzle-orm';
import { providerColors } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { Row } from '../../platform/resources/resource-service';

type Provider = (typeof providerColors.provider.enumValues)[number];

/**
 * Marks each row with its organization's colour for the row's provider (spec §2 provider-colors), as
 * `providerColor`: one query a page, null where the organization chose no colour or the row has no provider.
 */
export async function addProviderColors(
  tx: Tx,
  organizationId: number,
  rows: (Row & { provider: Provider | null })[],
): Promise<void> {
  const providers = [...new Set(rows.flatMap((r) => (r.provider === null ? [] : [r.provider])))];
  const colours = providers.length
    ? await tx
        .select({ provider: providerColors.provider, color: providerColors.color })
        .from(providerColors)
        .where(and(eq(providerColors.organizationId, organizationId), inArray(providerColors.provider, providers)))
    : [];
  const byProvider = new Map(colours.map((c) => [c.provider, c.color]));
  for (const r of rows) r.providerColor = r.provider === null ? null : (byProvider.get(r.provider) ?? null);
}
