import { CampaignType, headerPrice, MessagingServiceType, type PriceLevel } from '@canvass/domain';
import { and, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { clients, prices, projects } from '../../platform/db/schema/index';
import type { Tx } from '../../platform/db/tenant';
import { levelOf, type PriceRow } from './price-scope';

/** The price that applies to one kind of message, and where it comes from; null price and level when none does. */
export interface ApplicablePrice {
  messagingServiceType: PriceRow['messagingServiceType'];
  campaignType: PriceRow['campaignType'];
  isSent: boolean;
  price: string | null;
  level: PriceLevel | null;
  startAt: Date | null;
  priceId: number | null;
  /** Spec §9's header price, what an estimate uses when no row applies. */
  headerPrice: string;
}

/** What applicable prices are asked for: a project (its own, its client's, the organization's) or a client. */
export type PricedTarget = { projectId: number } | { clientId: number };

/**
 * For each kind of message (service × campaign type × direction), the price of the most specific level (project,
 * else client, else organization) that has one started by `at`, the latest start within that level. One query,
 * in the organization named; the target must exist (null otherwise).
 */
export async function applicablePrices(
  tx: Tx,
  organizationId: number,
  target: PricedTarget,
  at: Date,
): Promise<ApplicablePrice[] | null> {
  let clientId: number;
  let projectId: number | null = null;
  if ('projectId' in target) {
    const [project] = await tx
      .select({ clientId: projects.clientId })
      .from(projects)
      .where(and(eq(projects.organizationId, organizationId), eq(projects.id, target.projectId)));
    if (!project) return null;
    ({ clientId } = project);
    projectId = target.projectId;
  } else {
    const [client] = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, target.clientId)));
    if (!client) return null;
    clientId = client.id;
  }
  const levels = [
    and(isNull(prices.clientId), isNull(prices.projectId)),
    and(eq(prices.clientId, clientId), isNull(prices.projectId)),
    ...(projectId !== null ? [eq(prices.projectId, projectId)] : []),
  ];
  const rank = sql<number>`CASE WHEN ${prices.projectId} IS NOT NULL THEN 2 WHEN ${prices.clientId} IS NOT NULL THEN 1 ELSE 0 END`;
  const found = await tx
    .selectDistinctOn([prices.messagingServiceType, prices.campaignType, prices.isSent])
    .from(prices)
    .where(and(eq(prices.organizationId, organizationId), lte(prices.startAt, at), or(...levels)))
    .orderBy(
      prices.messagingServiceType,
      prices.campaignType,
      prices.isSent,
      desc(rank),
      desc(prices.startAt),
      desc(prices.id),
    );
  const key = (s: string, c: string, sent: boolean) => `${s}/${c}/${sent}`;
  const byKind = new Map(found.map((r) => [key(r.messagingServiceType, r.campaignType, r.isSent), r]));
  return MessagingServiceType.values.flatMap((service) =>
    CampaignType.values.flatMap((campaignType) =>
      [true, false].map((isSent): ApplicablePrice => {
        const row = byKind.get(key(service, campaignType, isSent));
        return {
          messagingServiceType: service,
          campaignType,
          isSent,
          price: row?.price ?? null,
          level: row ? levelOf(row) : null,
          startAt: row?.startAt ?? null,
          priceId: row?.id ?? null,
          headerPrice: headerPrice(isSent),
        };
      }),
    ),
  );
}
