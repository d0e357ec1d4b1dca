import { phoneNumberMessages } from '@canvass/domain';
import type { Platform } from '../../platform/platform';
import { NumberRequestError, type NumberScope } from './number-provider';
import { buyNumbers, type PurchaseResult } from './number-purchase';
import { searchPhoneNumbers } from './number-search';

/** Numbers tried, one after another, when the first found is sold before we buy it. */
const TRIES = 3;

/**
 * Spec §7 searchAndBuyNumber / searchAndBuyUnregisteredNumber: one number in an area code for a campaign, with no
 * pick (an Unregistered campaign's numbers are interchangeable). The Unregistered form refuses a Registered campaign,
 * whose numbers are chosen one by one.
 */
export async function searchAndBuyNumber(
  platform: Platform,
  scope: NumberScope,
  request: { campaignId: number; clientId: number | null; areaCode: string; unregisteredOnly: boolean },
): Promise<PurchaseResult> {
  const { numbers, campaign } = await searchPhoneNumbers(platform, scope, request.campaignId, request.areaCode);
  if (request.unregisteredOnly && campaign.campaignType !== 'Unregistered')
    throw new NumberRequestError(phoneNumberMessages.selectPhone, phoneNumberMessages.noPhonesSelected);
  if (!numbers.length) throw new NumberRequestError(phoneNumberMessages.noneAvailable);
  const failed: string[] = [];
  for (const number of numbers.slice(0, TRIES)) {
    const result = await buyNumbers(platform, scope, {
      campaignId: request.campaignId,
      clientId: null,
      numbers: [number],
    });
    if (result.bought.length) return { ...result, failed };
    failed.push(...result.failed);
  }
  return { bought: [], failed, phoneIds: [] };
}
