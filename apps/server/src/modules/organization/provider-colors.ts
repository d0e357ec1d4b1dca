import { and, eq, inArray } from 'drizzle-orm';
import { providerColors } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import type { Row } from '../../platform/resources/resource-service';

/**
 * Marks each row with its organization's colour for the row's provider (spec §2 provider-colors), as
 * `providerColor`: one query a page, null where the organization chose no colour or the row has no provider.
 */
export async function addProviderColors(tx: Tx, organizationId: number, rows: Row[]): Promise<void> {
  const providers = [...new Set(rows.map((r) => r.provider).filter((p): p is string => typeof p === 'string'))];
  const colours = providers.length
    ? await tx
        .select({ provider: providerColors.provider, color: providerColors.color })
        .from(providerColors)
        .where(
          and(
            eq(providerColors.organizationId, organizationId),
            inArray(providerColors.provider, providers as (typeof providerColors.provider.enumValues)[number][]),
          ),
        )
    : [];
  const byProvider = new Map(colours.map((c) => [c.provider as string, c.color]));
  for (const r of rows) r.providerColor = typeof r.provider === 'string' ? (byProvider.get(r.provider) ?? null) : null;
}
