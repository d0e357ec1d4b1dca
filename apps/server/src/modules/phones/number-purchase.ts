import { isValidUsPhone, MAX_CAMPAIGN_PHONES, normalizePhone, phoneNumberMessages } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { bigintArray, withTenant, type Tx } from '../../platform/db/tenant';
import { enqueue } from '../../platform/jobs/registry';
import type { Platform } from '../../platform/platform';
import {
  campaignNumbersProvider,
  NumberRequestError,
  numbersArray,
  tenantOf,
  type NumberScope,
  type NumbersProvider,
} from './number-provider';
import { verifyPhoneNumbersJob } from './number-verify.job';

export interface PurchaseRequest {
  campaignId: number;
  /** The client the numbers are for, when the campaign has none (Unregistered campaigns). */
  clientId: number | null;
  /** As typed or picked: 10 digits after stripping punctuation. */
  numbers: string[];
}

export interface PurchaseResult {
  /** 10 digits each, in the order asked. */
  bought: string[];
  failed: string[];
  phoneIds: number[];
}

interface Reserved {
  id: number;
  number: string;
  /** The row was a released number of the organization, taken up again: a failed buy gives it back as Released. */
  reused: boolean;
}

/** The numbers asked for, as 10 digits, or the spec's words for an empty or a bad selection (§5). */
function wantedNumbers(numbers: string[]): string[] {
  if (!numbers.length)
    throw new NumberRequestError(phoneNumberMessages.selectPhone, phoneNumberMessages.noPhonesSelected);
  const digits = numbers.map((n) => {
    const normal = normalizePhone(n);
    if ('error' in normal || !isValidUsPhone(normal.number))
      throw new NumberRequestError(phoneNumberMessages.invalidPhone);
    return normal.number;
  });
  return [...new Set(digits)];
}

async function clientOf(tx: Tx, organizationId: number, campaignClientId: number | null, askedClientId: number | null) {
  if (askedClientId === null || askedClientId === campaignClientId) return campaignClientId;
  // A campaign of one client does not buy for another.
  if (campaignClientId !== null) throw new NumberRequestError(phoneNumberMessages.campaignNotFound);
  const { rows } = await tx.execute(
    sql`SELECT 1 FROM clients WHERE organization_id = ${organizationId} AND id = ${askedClientId}`,
  );
  if (!rows.length) throw new NumberRequestError(phoneNumberMessages.clientNotLoaded);
  return askedClientId;
}

/**
 * Step one, in one transaction under a lock on the campaign (so two buyers cannot both fill its last places): the
 * campaign's provider, its room under the 49-number limit (spec §9; its numbers not released), and a Pending row per
 * number, so a number bought a moment later is never one Canvass does not know about. A number the organization
 * already holds is not bought again.
 */
async function reserve(tx: Tx, platform: Platform, scope: NumberScope, request: PurchaseRequest, numbers: string[]) {
  const { organizationId } = scope;
  const locked = await tx.execute(
    sql`SELECT id FROM campaigns WHERE organization_id = ${organizationId} AND id = ${request.campaignId} FOR UPDATE`,
  );
  if (!locked.rows.length) throw new NumberRequestError(phoneNumberMessages.campaignNotFound);
  const { campaign, provider } = await campaignNumbersProvider(tx, platform, organizationId, request.campaignId);
  const clientId = await clientOf(tx, organizationId, campaign.clientId, request.clientId);

  const { rows: counted } = await tx.execute<{ n: string }>(sql`
    SELECT count(*) AS n FROM phones
     WHERE organization_id = ${organizationId} AND campaign_id = ${request.campaignId}
       AND phone_type = 'FromPhone' AND phone_status <> 'Released'`);
  const room = MAX_CAMPAIGN_PHONES - Number(counted[0].n);
  if (numbers.length > room)
    throw new NumberRequestError(phoneNumberMessages.campaignFullFor(MAX_CAMPAIGN_PHONES, room));

  const { rows: known } = await tx.execute<{ number: string; phone_status: string }>(sql`
    SELECT number, phone_status FROM phones
     WHERE organization_id = ${organizationId} AND phone_type = 'FromPhone' AND number = ANY(${numbersArray(numbers)})`);
  const released = new Set(known.filter((k) => k.phone_status === 'Released').map((k) => k.number));
  const held = new Set(known.filter((k) => k.phone_status !== 'Released').map((k) => k.number));
  const toBuy = numbers.filter((n) => !held.has(n));
  if (!toBuy.length) return { provider, reserved: [] as Reserved[] };

  // A released number of the organization is its row taken up again (the number is unique per organization and type).
  // The excluded row's own updated_at (its default, now()): Citus takes only IMMUTABLE functions in DO UPDATE SET.
  const { rows } = await tx.execute<{ id: string; number: string }>(sql`
    INSERT INTO phones (organization_id, number, phone_status, phone_type, phone_class, campaign_id, client_id, provider)
    SELECT ${organizationId}, n, 'Pending', 'FromPhone', 'Provider', ${request.campaignId}, ${clientId},
           ${campaign.provider}::provider
      FROM unnest(${numbersArray(toBuy)}) AS n
        ON CONFLICT (organization_id, number, phone_type) DO UPDATE
       SET phone_status = 'Pending', campaign_id = EXCLUDED.campaign_id, client_id = EXCLUDED.client_id,
           provider = EXCLUDED.provider, validated_at = NULL, updated_at = EXCLUDED.updated_at
     WHERE phones.phone_status = 'Released'
    RETURNING id, number`);
  const reserved = rows.map((r) => ({ id: Number(r.id), number: r.number, reused: released.has(r.number) }));
  return { provider, reserved };
}

/** Step two, outside any transaction: the provider buys each reserved number, one at a time. */
async function buyAtProvider(platform: Platform, provider: NumbersProvider, reserved: Reserved[]) {
  const bought: Reserved[] = [];
  const failed: Reserved[] = [];
  for (const r of reserved) {
    try {
      await provider.buyNumber(`+1${r.number}`);
      bought.push(r);
    } catch (err) {
      platform.logger.warn({ err, provider: provider.name, number: r.number }, 'number not bought');
      failed.push(r);
    }
  }
  return { bought, failed };
}

/**
 * Step three: the bought numbers await the provider's verification (a job sets them Active), the failed ones are
 * undone (a new row removed, a taken-up released row Released again).
 */
async function settle(tx: Tx, organizationId: number, bought: Reserved[], failed: Reserved[]) {
  const ids = (rs: Reserved[]) => bigintArray(rs.map((r) => r.id));
  if (bought.length) {
    await tx.execute(sql`
      UPDATE phones SET phone_status = 'AwaitingAPIVerify', updated_at = now()
       WHERE organization_id = ${organizationId} AND id = ANY(${ids(bought)})`);
    await enqueue(tx, verifyPhoneNumbersJob, { organizationId, phoneIds: bought.map((r) => r.id) });
  }
  const dropped = failed.filter((r) => !r.reused);
  const given = failed.filter((r) => r.reused);
  if (dropped.length)
    await tx.execute(sql`DELETE FROM phones WHERE organization_id = ${organizationId} AND id = ANY(${ids(dropped)})`);
  if (given.length)
    await tx.execute(sql`
      UPDATE phones SET phone_status = 'Released', updated_at = now()
       WHERE organization_id = ${organizationId} AND id = ANY(${ids(given)})`);
}

/**
 * Buys numbers for a campaign through its brand's provider (spec §7 buyNumber). Each bought number becomes a
 * FromPhone of the campaign and its client, AwaitingAPIVerify until the verify job asks the provider. Numbers the
 * provider would not sell (or the organization already holds) are reported as failed: 'Could not buy: {numbers}.'.
 */
export async function buyNumbers(
  platform: Platform,
  scope: NumberScope,
  request: PurchaseRequest,
): Promise<PurchaseResult> {
  const numbers = wantedNumbers(request.numbers);
  const tenant = tenantOf(scope);
  const { provider, reserved } = await withTenant(platform.database, tenant, (tx) =>
    reserve(tx, platform, scope, request, numbers),
  );
  const { bought, failed } = await buyAtProvider(platform, provider, reserved);
  await withTenant(platform.database, tenant, (tx) => settle(tx, scope.organizationId, bought, failed));
  const boughtNumbers = new Set(bought.map((r) => r.number));
  return {
    bought: numbers.filter((n) => boughtNumbers.has(n)),
    failed: numbers.filter((n) => !boughtNumbers.has(n)),
    phoneIds: bought.map((r) => r.id),
  };
}
