import { phoneNumberMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenant';
import { enqueue } from '../../platform/jobs/registry';
import type { Platform } from '../../platform/platform';
import {
  lockPurchasedPhone,
  NumberRequestError,
  phoneNumbersProvider,
  tenantOf,
  type NumberScope,
} from './number-provider';
import { verifyPhoneNumbersJob } from './number-verify.job';

/**
 * 'Validate Phone' (spec §4): a purchased number goes back to AwaitingAPIVerify and the verify job asks its provider
 * again. Only provider (purchased) numbers, and not a released one.
 */
export async function validatePhone(platform: Platform, scope: NumberScope, phoneId: number): Promise<string> {
  await withTenant(platform.database, tenantOf(scope), async (tx) => {
    const phone = await lockPurchasedPhone(tx, scope.organizationId, phoneId);
    if (!phone || phone.phoneStatus === 'Released' || phone.phoneStatus === 'AwaitingAPIRelease')
      throw new NumberRequestError(phoneNumberMessages.notValidatable);
    // A provider that cannot verify numbers (or cannot be reached with these settings) is said at once, and the
    // number keeps its status rather than turn Invalid for a check that was never possible.
    await phoneNumbersProvider(tx, platform, scope.organizationId, phone);
    await tx.execute(sql`
      UPDATE phones SET phone_status = 'AwaitingAPIVerify', updated_at = now()
       WHERE organization_id = ${scope.organizationId} AND id = ${phoneId}`);
    await enqueue(tx, verifyPhoneNumbersJob, { organizationId: scope.organizationId, phoneIds: [phoneId] });
  });
  return phoneNumberMessages.validating;
}
