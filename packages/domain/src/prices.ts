import { defineEnum } from './enum';
import { CampaignType, MessagingServiceType } from './enums';
import { messages } from './messages';
import type { ChildRowInput } from './resource';
import { isMoneyText, type FieldErrors } from './validate';

/**
 * Prices (spec §3 Price, §5, §8): rows at organization, client or project level, one per service (SMS, MMS),
 * campaign type and direction from a start date. One set of rules for the three levels, run by the forms and the
 * server alike.
 */

export const priceMessages = {
  updated: 'Prices Updated Successfully',
  failed: 'Error Updating Prices',
  invalidPrice: 'Price must be a number of at most 8 digits and 4 decimals (0.035)',
  notFound: 'Price not found',
  twice: 'This service, campaign type and direction already has a price from that date',
  locked: 'The prices of a Complete project cannot change',
} as const;

/** Where a price row belongs: the organization's own rows, a client's or a project's. */
export type PriceScope = { clientId?: string | number | null; projectId?: string | number | null };

/** The level a price comes from, most specific last (spec §3: the most specific applies). */
export const PriceLevel = defineEnum('PriceLevel', ['Organization', 'Client', 'Project']);
export type PriceLevel = (typeof PriceLevel.values)[number];

/**
 * Spec §9 header prices, the estimate's fallback where no price row applies: outbound SMS and MMS 0.035 each,
 * inbound 0.02 each. Decimal text, like every price.
 */
export const headerPrice = (isSent: boolean): string => (isSent ? '0.035' : '0.02');

/** A price row as the form and the API carry it (spec §7 price attributes); the price as exact decimal text. */
export interface PriceRowInput extends ChildRowInput {
  price?: string | null;
  isSent?: boolean | null;
  campaignType?: string | null;
  messagingServiceType?: string | null;
  startAt?: string | null;
}

const blank = (v: unknown) => v == null || String(v).trim() === '';

/** Spec §5: a row without a value is removed (a saved one) or ignored (a new one, all-empty rows too). */
export const isDroppedPriceRow = (row: PriceRowInput): boolean => row._destroy === true || blank(row.price);

/** The price of a row as numeric(12, 4) takes it: at most 8 whole digits and 4 decimals, never negative. */
export const isPriceText = (value: string): boolean => isMoneyText(value, 4, 12);

/** A start date (YYYY-MM-DD) starts at that day's first second (UTC); a full time is taken as it is. */
export function priceStart(value: string): Date {
  const v = value.trim();
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00Z` : v);
}

/**
 * Spec §5 Prices, keyed `prices.{i}.{field}`: a kept row needs a valid price, a start date, a service and a
 * campaign type; two kept rows may not give the same kind of message a price from the same moment.
 */
export function priceRowErrors(rows: readonly PriceRowInput[] | null | undefined, name = 'prices'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: string, message: string) => (errors[path] ??= []).push(message);
  const seen = new Set<string>();
  (rows ?? []).forEach((row, i) => {
    if (isDroppedPriceRow(row)) return;
    const at = `${name}.${i}`;
    if (!isPriceText(String(row.price))) add(`${at}.price`, priceMessages.invalidPrice);
    if (blank(row.startAt)) add(`${at}.startAt`, messages.required('Start date'));
    else if (Number.isNaN(priceStart(String(row.startAt)).getTime())) add(`${at}.startAt`, 'Start date is not a date');
    if (!MessagingServiceType.is(row.messagingServiceType))
      add(`${at}.messagingServiceType`, messages.required('Service'));
    if (!CampaignType.is(row.campaignType)) add(`${at}.campaignType`, messages.required('Campaign type'));
    if (errors[`${at}.startAt`]) return;
    const key = [
      row.messagingServiceType,
      row.campaignType,
      row.isSent !== false,
      priceStart(String(row.startAt)).getTime(),
    ];
    if (seen.has(key.join())) add(`${at}.startAt`, priceMessages.twice);
    seen.add(key.join());
  });
  return errors;
}
