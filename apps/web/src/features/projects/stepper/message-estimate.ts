import {
  estimatedRecipients,
  messagingServiceTypeFor,
  parseMoney,
  rowColumnKeys,
  type AppliedPrice,
  type PlaceholderContext,
} from '@canvass/domain';
import type { ApplicablePrice } from '../../prices/applicable-prices';
import type { MessageCostInput } from '../message-editor';
import type { StepperListView } from './use-stepper-list';

/**
 * What the stepper's message may name: the chosen list's headers (in their columns' order), the organization's
 * text defaults and its shortened links.
 */
export function placeholderContextOf(
  list: StepperListView | null,
  textDefaults: PlaceholderContext['textDefaults'],
  links: PlaceholderContext['links'] = [],
): PlaceholderContext {
  const headers = rowColumnKeys.map((key) => list?.rowColumns.find((c) => c.field === key)?.header ?? '');
  while (headers.length && headers[headers.length - 1] === '') headers.pop();
  return { listHeaders: headers, textDefaults, links };
}

const LEVELS = { Project: 'project', Client: 'client', Organization: 'organization' } as const;

/**
 * The estimate's price: the server's applicable price of sent texts for this service and campaign type (spec §3
 * precedence decided there), else spec §9's header price; null while prices are not read.
 */
export function appliedPriceOf(
  prices: readonly ApplicablePrice[] | null,
  serviceType: 'SMS' | 'MMS',
  campaignType: string,
): AppliedPrice | null {
  const row = prices?.find(
    (p) => p.isSent && p.messagingServiceType === serviceType && p.campaignType === campaignType,
  );
  if (!row) return null;
  const price = row.price ?? row.headerPrice;
  const units = parseMoney(price);
  if (units === null) return null;
  const level = row.level ? LEVELS[row.level as keyof typeof LEVELS] : undefined;
  return { units, price, level: row.price && level ? level : 'default', startAt: row.price ? row.startAt : null };
}

/** The estimate's inputs: who the list texts (Blended: every valid row; Optimized: the optimized ones) at which price. */
export function costInputOf(
  list: StepperListView | null,
  prices: readonly ApplicablePrice[] | null,
  project: { pricingType: string; campaignType: string; hasMedia: boolean },
): MessageCostInput | null {
  if (!list) return null;
  const serviceType = messagingServiceTypeFor(project.hasMedia);
  const price = appliedPriceOf(prices, serviceType, project.campaignType);
  if (!price) return null;
  const recipients = estimatedRecipients(project.pricingType as 'Blended' | 'Optimized', {
    eligible: list.validRowsCount,
    optimized: list.optimizedRowsCount,
  });
  return { recipients, messagingServiceType: serviceType, price };
}
