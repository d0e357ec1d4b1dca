import { sql } from 'drizzle-orm';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import type { NumberVerification } from '../sending/providers/messaging-provider';
import { lockPurchasedPhone, NumberRequestError, phoneNumbersProvider, tenantOf } from './number-provider';

/**
 * The verify job's work: each phone still AwaitingAPIVerify is asked of its provider (outside any transaction) and
 * becomes Active, validated now, or Invalid (the provider's reason is logged). A provider that does not answer, or
 * is still completing a purchase (pending), makes the job try again; a phone changed meanwhile (released, validated
 * again) is left as it is.
 */
export async function verifyPhoneNumbers(
  platform: Platform,
  organizationId: number,
  phoneIds: number[],
): Promise<{ active: number; invalid: number }> {
  const tenant = tenantOf({ organizationId, userId: null });
  const counts = { active: 0, invalid: 0 };
  const pending: number[] = [];
  for (const phoneId of phoneIds) {
    const found = await withTenant(platform.database, tenant, async (tx) => {
      const phone = await lockPurchasedPhone(tx, organizationId, phoneId);
      if (phone?.phoneStatus !== 'AwaitingAPIVerify') return null;
      return { phone, provider: await phoneNumbersProvider(tx, platform, organizationId, phone) };
    }).catch((err: unknown) => {
      if (err instanceof NumberRequestError) return { unverifiable: err.message };
      throw err;
    });
    if (!found) continue;
    const verdict: NumberVerification =
      'unverifiable' in found
        ? { ok: false, reason: found.unverifiable }
        : await found.provider.verifyNumber(`+1${found.phone.number}`);
    if (!verdict.ok && verdict.pending) {
      pending.push(phoneId);
      continue;
    }
    if (!verdict.ok) platform.logger.warn({ organizationId, phoneId, reason: verdict.reason }, 'phone not verified');
    await withTenant(platform.database, tenant, (tx) =>
      tx.execute(sql`
        UPDATE phones
           SET phone_status = ${verdict.ok ? 'Active' : 'Invalid'}::phone_status,
               validated_at = ${verdict.ok ? sql`now()` : sql`validated_at`}, updated_at = now()
         WHERE organization_id = ${organizationId} AND id = ${phoneId} AND phone_status = 'AwaitingAPIVerify'`),
    );
    counts[verdict.ok ? 'active' : 'invalid'] += 1;
  }
  // The job is tried again later (graphile-worker's backoff); the phones settled above are skipped then.
  if (pending.length) throw new Error(`The provider has not finished buying phones ${pending.join(', ')} yet`);
  return counts;
}
