import { phoneNumberMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import {
  lockPurchasedPhone,
  NumberRequestError,
  phoneNumbersProvider,
  tenantOf,
  type NumberScope,
} from './number-provider';

const setStatus = (platform: Platform, scope: NumberScope, phoneId: number, status: string) =>
  withTenant(platform.database, tenantOf(scope), (tx) =>
    tx.execute(sql`
      UPDATE phones SET phone_status = ${status}::phone_status, updated_at = now()
       WHERE organization_id = ${scope.organizationId} AND id = ${phoneId}`),
  );

/**
 * Gives a purchased number back to its provider (spec §7 releaseNumber, after 'Are you sure you want to release
 * this number?'). The phone is AwaitingAPIRelease while the provider is asked (outside any transaction), then
 * Released: it stops counting against its campaign's 49 and is kept for its texts' history. When the provider
 * refuses, the phone is as it was and the user reads 'Error releasing number'; a release interrupted half-way
 * (AwaitingAPIRelease) is finished by releasing again. A number that still sends for a project not yet Complete or
 * Cancelled is refused, naming the projects.
 */
export async function releaseNumber(platform: Platform, scope: NumberScope, phoneId: number): Promise<string> {
  const { phone, provider } = await withTenant(platform.database, tenantOf(scope), async (tx) => {
    const found = await lockPurchasedPhone(tx, scope.organizationId, phoneId);
    if (!found) throw new NumberRequestError(phoneNumberMessages.notReleasable);
    if (found.phoneStatus === 'Released') throw new NumberRequestError(phoneNumberMessages.alreadyReleased);
    const projects = await unfinishedProjectsOf(tx, scope.organizationId, phoneId);
    if (projects.length) throw new NumberRequestError(phoneNumberMessages.inUseByProjects(projects));
    const client = await phoneNumbersProvider(tx, platform, scope.organizationId, found);
    await tx.execute(sql`
      UPDATE phones SET phone_status = 'AwaitingAPIRelease', updated_at = now()
       WHERE organization_id = ${scope.organizationId} AND id = ${phoneId}`);
    return { phone: found, provider: client };
  });
  try {
    await provider.releaseNumber(`+1${phone.number}`);
  } catch (err) {
    platform.logger.warn({ err, provider: provider.name, phoneId }, 'number not released');
    await setStatus(platform, scope, phoneId, phone.phoneStatus);
    throw new NumberRequestError(phoneNumberMessages.errorReleasing);
  }
  await setStatus(platform, scope, phoneId, 'Released');
  return phoneNumberMessages.released;
}

/** The projects not yet Complete or Cancelled that send from the phone: releasing it would strand their texts. */
async function unfinishedProjectsOf(tx: Tx, organizationId: number, phoneId: number): Promise<string[]> {
  const { rows } = await tx.execute<{ name: string }>(sql`
    SELECT p.name FROM project_phones pp
      JOIN projects p ON p.organization_id = pp.organization_id AND p.id = pp.project_id
     WHERE pp.organization_id = ${organizationId} AND pp.phone_id = ${phoneId}
       AND p.project_status NOT IN ('Complete', 'Cancelled')
     ORDER BY p.name LIMIT 5`);
  return rows.map((r) => r.name);
}
