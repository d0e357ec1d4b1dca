import { checkAreaCode, phoneDigits, phoneNumberMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import type { CampaignIdentity } from '../sending/resolve-provider';
import {
  campaignNumbersProvider,
  NumberRequestError,
  numbersArray,
  tenantOf,
  type NumberScope,
} from './number-provider';

/** Numbers offered per search: a screenful to pick from. */
export const SEARCH_LIMIT = 20;

/** A typed area code, checked with the spec's words (§5), or a NumberRequestError. */
export function areaCodeOf(input: string): string {
  const checked = checkAreaCode(input);
  if ('areaCode' in checked) return checked.areaCode;
  if ('error' in checked) throw new NumberRequestError(checked.error.message, checked.error.title);
  throw new NumberRequestError(phoneNumberMessages.areaCodeLabel, phoneNumberMessages.cantSearch);
}

/**
 * The numbers for sale in an area code through the campaign's provider (10 digits each), less those the
 * organization already holds; empty when there are none ('No phones available for that area code' on screen).
 * The provider is asked outside any transaction.
 */
export async function searchPhoneNumbers(
  platform: Platform,
  scope: NumberScope,
  campaignId: number,
  areaCodeInput: string,
): Promise<{ numbers: string[]; campaign: CampaignIdentity }> {
  const areaCode = areaCodeOf(areaCodeInput);
  const tenant = tenantOf(scope);
  const { campaign, provider } = await withTenant(platform.database, tenant, (tx) =>
    campaignNumbersProvider(tx, platform, scope.organizationId, campaignId),
  );
  let found: string[];
  try {
    found = (await provider.searchNumbers(areaCode, SEARCH_LIMIT)).map(phoneDigits).filter((n) => /^\d{10}$/.test(n));
  } catch (err) {
    platform.logger.warn({ err, provider: provider.name, areaCode }, 'number search failed');
    throw new NumberRequestError(phoneNumberMessages.errorSearching);
  }
  if (!found.length) return { numbers: [], campaign };
  const held = await withTenant(platform.database, tenant, async (tx) => {
    const { rows } = await tx.execute<{ number: string }>(sql`
      SELECT number FROM phones
       WHERE organization_id = ${scope.organizationId} AND phone_type = 'FromPhone'
         AND phone_status <> 'Released' AND number = ANY(${numbersArray(found)})`);
    return new Set(rows.map((r) => r.number));
  });
  return { numbers: found.filter((n) => !held.has(n)), campaign };
}
