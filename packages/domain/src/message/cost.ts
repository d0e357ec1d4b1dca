import type { CampaignType, MessagingServiceType, PricingType } from '../enums';
import type { EnumValue } from '../enum';
import { formatAmount, formatPrice, parseMoney, type MoneyUnits } from './money';

type ServiceType = EnumValue<typeof MessagingServiceType>;

/** A price row as the API gives it (spec §3 Price); its level is the most specific owner it names. */
export interface PriceRowLike {
  price: string | number | null;
  messagingServiceType: string;
  campaignType: string;
  isSent: boolean;
  startAt: string | Date;
  projectId?: string | null;
  clientId?: string | null;
}

/** Where a price came from: a row at one of the three levels, or spec §9's header figures when no row applies. */
export type PriceLevel = 'project' | 'client' | 'organization' | 'default';

export interface AppliedPrice {
  units: MoneyUnits;
  /** 4 decimals, as stored: '0.0350'. */
  price: string;
  level: PriceLevel;
  /** The row's start; null for the default. */
  startAt: string | null;
}

/** Spec §9 "Messaging costs shown in headers": outbound SMS and MMS 0.035 each, inbound 0.02 each. */
export const DEFAULT_PRICES = { sent: '0.0350', received: '0.0200' } as const;

const LEVEL_ORDER: Exclude<PriceLevel, 'default'>[] = ['project', 'client', 'organization'];

const levelOf = (row: PriceRowLike): Exclude<PriceLevel, 'default'> =>
  row.projectId ? 'project' : row.clientId ? 'client' : 'organization';

const timeOf = (at: string | Date) => (at instanceof Date ? at.getTime() : Date.parse(at));

/**
 * The price of one text (per segment for SMS, per message for MMS), per the contract the load engine follows: among
 * the rows for this service type, campaign type and direction that have started by `at`, the most specific level
 * (project, else client, else organization), and in it the latest start. Rows whose price is not a number are
 * ignored. When no row applies, spec §9's header figure (0.035 sent, 0.02 received) with level 'default', so the
 * screen can say the estimate uses the default price.
 */
export function applicablePrice(
  rows: readonly PriceRowLike[],
  query: {
    messagingServiceType: ServiceType;
    campaignType: EnumValue<typeof CampaignType>;
    isSent?: boolean;
    at?: Date;
  },
): AppliedPrice {
  const isSent = query.isSent ?? true;
  const at = (query.at ?? new Date()).getTime();
  const candidates = rows.filter(
    (r) =>
      r.messagingServiceType === query.messagingServiceType &&
      r.campaignType === query.campaignType &&
      r.isSent === isSent &&
      timeOf(r.startAt) <= at &&
      r.price !== null &&
      parseMoney(r.price) !== null,
  );
  for (const level of LEVEL_ORDER) {
    const atLevel = candidates.filter((r) => levelOf(r) === level);
    if (!atLevel.length) continue;
    const latest = atLevel.reduce((a, b) => (timeOf(b.startAt) > timeOf(a.startAt) ? b : a));
    const units = parseMoney(latest.price as string | number) as MoneyUnits;
    const startAt = latest.startAt instanceof Date ? latest.startAt.toISOString() : latest.startAt;
    return { units, price: formatPrice(units), level, startAt };
  }
  const price = isSent ? DEFAULT_PRICES.sent : DEFAULT_PRICES.received;
  return { units: parseMoney(price) as MoneyUnits, price, level: 'default', startAt: null };
}

/** A project with media goes out as MMS, otherwise as SMS. */
export function messagingServiceTypeFor(hasMedia: boolean): ServiceType {
  return hasMedia ? 'MMS' : 'SMS';
}

/**
 * Who a project texts for the estimate, spec §9: Blended sends to all carriers, so every eligible recipient;
 * Optimized sends only to the two major carriers, the list's optimizedRowsCount (never more than the eligible).
 */
export function estimatedRecipients(
  pricingType: EnumValue<typeof PricingType>,
  counts: { eligible: number; optimized: number },
): number {
  return pricingType === 'Optimized' ? Math.min(counts.optimized, counts.eligible) : counts.eligible;
}

export interface CostEstimate {
  recipients: number;
  /** What each text is billed for: its segments (SMS) or 1 (MMS, one message whatever its length). */
  billedPerText: number;
  unitPrice: string;
  totalUnits: MoneyUnits;
  /** Spec §9: currency formatted to 2 decimals. */
  total: string;
}

// A count still loading (undefined → NaN) or negative estimates nothing rather than throwing in BigInt().
const wholeCount = (n: number) => (Number.isFinite(n) && n > 0 ? Math.trunc(n) : 0);

/** The estimated cost of a project's texts: SMS price × segments per text, MMS price per text; exact to 1/10000. */
export function estimateCost(input: {
  recipients: number;
  segments: number;
  messagingServiceType: ServiceType;
  price: AppliedPrice;
}): CostEstimate {
  const recipients = wholeCount(input.recipients);
  const billedPerText = input.messagingServiceType === 'MMS' ? 1 : wholeCount(input.segments);
  const totalUnits = input.price.units * BigInt(billedPerText) * BigInt(recipients);
  return { recipients, billedPerText, unitPrice: input.price.price, totalUnits, total: formatAmount(totalUnits) };
}
