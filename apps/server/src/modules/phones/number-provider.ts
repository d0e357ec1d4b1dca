import { phoneNumberMessages, type ProviderValue } from '@canvass/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { providerCapabilities } from '../sending/providers/index';
import type { MessagingProvider, NumberOperations } from '../sending/providers/messaging-provider';
import {
  campaignIdentity,
  organizationSettings,
  providerFor,
  ProviderUnavailableError,
  senderIdentity,
  type CampaignIdentity,
  type SendingIdentity,
} from '../sending/resolve-provider';

/** Who a number request acts for: one organization, and the user (for the audit of RLS and jobs). */
export interface NumberScope {
  organizationId: number;
  userId: number | null;
}

export const tenantOf = (scope: NumberScope) => ({ organizationIds: [scope.organizationId], userId: scope.userId });

/** A request the user can fix (a bad area code, a full campaign): its message is shown as is, with a title. */
export class NumberRequestError extends Error {
  constructor(
    message: string,
    readonly title: string = phoneNumberMessages.error,
  ) {
    super(message);
  }
}

export type NumbersProvider = MessagingProvider & NumberOperations;

/** A built client that can do number operations, or the reason it cannot (provider lacks them, settings missing). */
function numbersClient(
  platform: Platform,
  identity: { organizationId: number; provider: ProviderValue; settings: Record<string, string | undefined> },
): NumbersProvider {
  // Asked of the provider's capabilities first: a provider that cannot is said so, whatever its settings.
  if (!providerCapabilities(identity.provider).numbers)
    throw new NumberRequestError(phoneNumberMessages.numbersUnavailable(identity.provider));
  let client: MessagingProvider;
  try {
    client = providerFor(platform, identity);
  } catch (err) {
    throw new NumberRequestError(err instanceof Error ? err.message : String(err));
  }
  if (!client.searchNumbers || !client.buyNumber || !client.releaseNumber || !client.verifyNumber)
    throw new NumberRequestError(phoneNumberMessages.numbersUnavailable(identity.provider));
  return client as NumbersProvider;
}

/** The provider a campaign buys through (its brand's, with the brand's settings); 'Campaign not found' otherwise. */
export async function campaignNumbersProvider(
  tx: Tx,
  platform: Platform,
  organizationId: number,
  campaignId: number,
): Promise<{ campaign: CampaignIdentity; provider: NumbersProvider }> {
  const campaign = await campaignIdentity(tx, platform, organizationId, campaignId);
  if (!campaign) throw new NumberRequestError(phoneNumberMessages.campaignNotFound);
  return { campaign, provider: numbersClient(platform, campaign) };
}

export interface PurchasedPhone {
  id: number;
  number: string;
  phoneStatus: string;
  /** The provider it was bought from; null for a sender number added by hand (it sends through its brand's). */
  provider: ProviderValue | null;
}

/**
 * A sender (provider-type) number of the organization, locked for the caller's change (release, validate), or null
 * when it has no such phone or the phone is a client's or a recipient's.
 */
export async function lockPurchasedPhone(
  tx: Tx,
  organizationId: number,
  phoneId: number,
): Promise<PurchasedPhone | null> {
  const [row] = (
    await tx.execute<{ id: string; number: string; phone_status: string; provider: string | null }>(sql`
      SELECT id, number, phone_status, provider FROM phones
       WHERE organization_id = ${organizationId} AND id = ${phoneId} AND phone_type = 'FromPhone'
       FOR UPDATE`)
  ).rows;
  if (!row) return null;
  return {
    id: Number(row.id),
    number: row.number,
    phoneStatus: row.phone_status,
    provider: row.provider as ProviderValue | null,
  };
}

/**
 * The provider holding a sender number: the one it was bought from, with its campaign's brand settings while the
 * brand still uses that provider, else the organization's own configuration of it; a number added by hand is its
 * brand's provider's.
 */
export async function phoneNumbersProvider(
  tx: Tx,
  platform: Platform,
  organizationId: number,
  phone: PurchasedPhone,
): Promise<NumbersProvider> {
  let sender: SendingIdentity | null;
  try {
    sender = await senderIdentity(tx, platform, organizationId, phone.id);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw new NumberRequestError(err.message);
    throw err;
  }
  const provider = phone.provider ?? sender!.provider;
  const settings =
    sender?.provider === provider
      ? sender.settings
      : await organizationSettings(tx, platform, organizationId, provider);
  return numbersClient(platform, { organizationId, provider, settings });
}

/** A text[] parameter of 10-digit numbers (digits only, so the array literal needs no quoting). */
export function numbersArray(numbers: readonly string[]): SQL {
  for (const n of numbers) if (!/^\d{10}$/.test(n)) throw new Error(`not a 10-digit number: ${n}`);
  return sql`${`{${numbers.join(',')}}`}::text[]`;
}
