import { Provider, type ProviderValue } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db/system-at-once';
import { bigintArray, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { providers } from './providers/index';
import type { MessagingProvider, ProviderOptions, ProviderSettings } from './providers/messaging-provider';
import { simulatorSigningPurpose } from './providers/simulator/index';
import { storeConnectionEvents } from './webhooks/connection-events';

/**
 * Who sends for a number, and with which credentials (spec §3 Brand.providerConfiguration, §9 keys): a sender
 * number belongs to a campaign, the campaign to a brand, and the brand names its provider and where its settings
 * come from, resolved at send time so a changed configuration takes effect on the next text:
 * - Custom: the brand's own settings (sealed in brands.provider_configuration_values);
 * - Organization: the organization's active provider configuration for that provider (the oldest, when several);
 * - Platform: the process environment (TWILIO_ACCOUNT_SID …), the operator's own account.
 * A number with no campaign sends through the provider it was bought from, with the organization's settings.
 */
export interface SendingIdentity {
  organizationId: number;
  phoneId: number;
  brandId: number | null;
  provider: ProviderValue;
  /** The brand's messages (segments) per second; null when no brand shapes this number. */
  throughput: number | null;
  /** Whether the number's campaign is Registered (10DLC): a number of an Unregistered campaign, or of none, is not. */
  registered: boolean;
  /** Segments the number may send in one of the organization's days (its brand's cap); null: no cap. */
  dailyCap: number | null;
  /** The organization's time zone: where its days (the daily cap's) begin. */
  timeZone: string;
  settings: ProviderSettings;
}

export class ProviderUnavailableError extends Error {}

/** Why the texts of a released sender number are not sent. */
export const releasedSenderMessage =
  'The sender number was released, so this text was not sent: give the project another number and resend it';

interface SenderRow extends Record<string, unknown> {
  phone_provider: string | null;
  phone_status: string;
  brand_id: string | number | null;
  brand_provider: string | null;
  throughput: number | null;
  campaign_type: string | null;
  daily_cap_per_number: number | null;
  time_zone: string;
  configuration_type: string | null;
  configuration_values: { envKey: string; ciphertext?: string; envValue?: string | null }[] | null;
}

const keysOf = (provider: ProviderValue): readonly string[] => (Provider.is(provider) ? providers[provider].keys : []);

function openSetting(platform: Platform, envKey: string, ciphertext?: string | null, plain?: string | null) {
  if (ciphertext) return platform.secrets.open(ciphertext, envKey);
  return plain?.trim() || undefined;
}

/** The organization's active configuration of a provider (the oldest, when several), opened; {} when it has none. */
export async function organizationSettings(
  tx: Queryable,
  platform: Platform,
  organizationId: number,
  provider: ProviderValue,
): Promise<ProviderSettings> {
  const rows = (
    await tx.execute<{ env_key: string; env_value: string | null }>(sql`
      SELECT v.env_key, v.env_value
        FROM provider_configuration_values v
       WHERE v.organization_id = ${organizationId}
         AND v.provider_configuration_id = (
               SELECT c.id FROM provider_configurations c
                WHERE c.organization_id = ${organizationId} AND c.provider = ${provider} AND c.is_active
                ORDER BY c.id LIMIT 1)`)
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.env_key, openSetting(platform, r.env_key, r.env_value)]));
}

/** The operator's own settings of a provider, from the process environment (TWILIO_ACCOUNT_SID …). */
export function platformSettings(provider: ProviderValue): ProviderSettings {
  return Object.fromEntries(keysOf(provider).map((k) => [k, process.env[k]?.trim() || undefined]));
}

type BrandConfiguration = Pick<SenderRow, 'brand_id' | 'configuration_type' | 'configuration_values'>;

/** The settings a brand's configuration names (a number without a brand: the organization's). */
async function brandSettings(
  tx: Queryable,
  platform: Platform,
  organizationId: number,
  provider: ProviderValue,
  brand: BrandConfiguration,
): Promise<ProviderSettings> {
  const type = brand.brand_id === null ? 'Organization' : brand.configuration_type;
  if (type === 'Custom')
    return Object.fromEntries(
      (brand.configuration_values ?? []).map((v) => [
        v.envKey,
        openSetting(platform, v.envKey, v.ciphertext, v.envValue),
      ]),
    );
  if (type === 'Platform') return platformSettings(provider);
  return organizationSettings(tx, platform, organizationId, provider);
}

/** Who a campaign buys its numbers through: its brand's provider and settings, as its numbers send. */
export interface CampaignIdentity {
  organizationId: number;
  campaignId: number;
  clientId: number | null;
  campaignType: string;
  provider: ProviderValue;
  settings: ProviderSettings;
}

/** A campaign's provider and settings, or null when the organization has no such campaign. */
export async function campaignIdentity(
  tx: Tx,
  platform: Platform,
  organizationId: number,
  campaignId: number,
): Promise<CampaignIdentity | null> {
  const [row] = (
    await tx.execute<BrandConfiguration & { client_id: string | null; campaign_type: string; provider: string }>(sql`
      SELECT c.client_id, c.campaign_type, b.id AS brand_id, b.provider,
             b.provider_configuration_type AS configuration_type,
             b.provider_configuration_values AS configuration_values
        FROM campaigns c
        JOIN brands b ON b.organization_id = c.organization_id AND b.id = c.brand_id
       WHERE c.organization_id = ${organizationId} AND c.id = ${campaignId}`)
  ).rows;
  if (!row) return null;
  const provider = row.provider as ProviderValue;
  return {
    organizationId,
    campaignId,
    clientId: row.client_id === null ? null : Number(row.client_id),
    campaignType: row.campaign_type,
    provider,
    settings: await brandSettings(tx, platform, organizationId, provider, row),
  };
}

/** The identity a sender number sends with, or null when the organization has no such number. */
export async function senderIdentity(
  tx: Queryable,
  platform: Platform,
  organizationId: number,
  phoneId: number,
): Promise<SendingIdentity | null> {
  const identity = (await senderIdentities(tx, platform, organizationId, [phoneId])).get(phoneId) ?? null;
  if (identity instanceof Error) throw identity;
  return identity;
}

/**
 * The identities of several sender numbers (a dispatch batch's), in one read, each brand's or the organization's
 * settings opened once: for each number its identity, null when the organization has no such number, or the error
 * that keeps it from sending (ProviderUnavailableError: released, no provider; settings that cannot be opened).
 */
export async function senderIdentities(
  tx: Queryable,
  platform: Platform,
  organizationId: number,
  phoneIds: readonly number[],
): Promise<Map<number, SendingIdentity | Error | null>> {
  const identities = new Map<number, SendingIdentity | Error | null>(phoneIds.map((id) => [id, null]));
  if (!phoneIds.length) return identities;
  const { rows } = await tx.execute<SenderRow & { phone_id: string }>(sql`
    SELECT p.id AS phone_id, p.provider AS phone_provider, p.phone_status, b.id AS brand_id,
           b.provider AS brand_provider, b.throughput, c.campaign_type, b.daily_cap_per_number, o.time_zone,
           b.provider_configuration_type AS configuration_type,
           b.provider_configuration_values AS configuration_values
      FROM phones p
      JOIN organizations o ON o.id = p.organization_id
      LEFT JOIN campaigns c ON c.organization_id = p.organization_id AND c.id = p.campaign_id
      LEFT JOIN brands b ON b.organization_id = c.organization_id AND b.id = c.brand_id
     WHERE p.organization_id = ${organizationId} AND p.id = ANY(${bigintArray(phoneIds)})`);
  // Numbers of one brand (or none) share their settings: opened once.
  const settingsOf = new Map<string, Promise<ProviderSettings>>();
  for (const row of rows) {
    const phoneId = Number(row.phone_id);
    try {
      // A number given back to its provider can no longer send: its texts say so rather than reach the provider.
      if (row.phone_status === 'Released' || row.phone_status === 'AwaitingAPIRelease')
        throw new ProviderUnavailableError(releasedSenderMessage);
      const provider = (row.brand_provider ?? row.phone_provider) as ProviderValue | null;
      if (!provider) throw new ProviderUnavailableError('This number has no provider: assign it to a campaign first');
      const key = JSON.stringify([row.brand_id, provider]);
      let settings = settingsOf.get(key);
      if (!settings) settingsOf.set(key, (settings = brandSettings(tx, platform, organizationId, provider, row)));
      identities.set(phoneId, {
        organizationId,
        phoneId,
        brandId: row.brand_id === null ? null : Number(row.brand_id),
        provider,
        throughput: row.throughput,
        registered: row.campaign_type === 'Registered',
        dailyCap: row.daily_cap_per_number,
        timeZone: row.time_zone,
        settings: await settings,
      });
    } catch (err) {
      identities.set(phoneId, err instanceof Error ? err : new Error(String(err)));
    }
  }
  return identities;
}

/**
 * Where each provider's API is, when not its public one: PROVIDER_BASE_URLS, a JSON object such as
 * {"Twilio":"http://127.0.0.1:4010"}, points a provider at a local mock (tests, benchmarks) or a sandbox.
 */
function baseUrlOf(platform: Platform, provider: ProviderValue): string | undefined {
  return platform.config.providerBaseUrls[provider];
}

/**
 * What a provider may need of this installation (ProviderOptions). The simulator signs with a key of the
 * installation and the organization, as each organization has its own account at a real carrier: a request signed
 * for one organization does not verify for another's numbers.
 */
function optionsFor(platform: Platform, provider: ProviderValue, organizationId?: number): ProviderOptions {
  return {
    baseUrl: baseUrlOf(platform, provider),
    publicUrl: platform.config.publicUrl,
    signingKey:
      provider === 'Simulator' && organizationId !== undefined
        ? platform.secrets.derive(simulatorSigningPurpose(organizationId))
        : undefined,
  };
}

/**
 * A provider built without settings, only to read webhooks (the number or reference that routes them) before
 * whose settings verify them is known; null when it cannot be built so.
 */
export function webhookParserFor(
  platform: Platform,
  provider: ProviderValue,
): Pick<MessagingProvider, 'parseWebhook'> | null {
  const { parseWebhook, create } = providers[provider];
  if (parseWebhook) return { parseWebhook };
  try {
    return create({}, optionsFor(platform, provider));
  } catch {
    return null;
  }
}

// Built clients hold connection pools, binds and tokens: one per organization, provider and settings, reused across
// texts. Keyed by the settings themselves, so a changed configuration builds a new client; the organization is in
// the key because a connection's events (SMPP receipts) belong to the organization whose settings opened it.
const built = new Map<string, MessagingProvider>();
const MAX_BUILT = 200;

/** The provider client for an identity, built once for its settings and reused. */
export function providerFor(
  platform: Platform,
  identity: Pick<SendingIdentity, 'organizationId' | 'provider' | 'settings'>,
) {
  const options = optionsFor(platform, identity.provider, identity.organizationId);
  const key = JSON.stringify([
    identity.organizationId,
    identity.provider,
    options.baseUrl ?? null,
    options.publicUrl,
    options.signingKey?.toString('base64') ?? null,
    identity.settings,
  ]);
  let provider = built.get(key);
  if (!provider) {
    if (built.size >= MAX_BUILT) {
      const [oldestKey, oldest] = built.entries().next().value!;
      built.delete(oldestKey);
      void oldest.close?.();
    }
    provider = providers[identity.provider].create(identity.settings, options);
    // A provider whose events come over its own connection (SMPP) hands them to the organization that opened it.
    provider.onEvents?.((events) => {
      storeConnectionEvents(platform, identity.organizationId, identity.provider, events).catch((err: unknown) =>
        platform.logger.error({ err, provider: identity.provider }, 'connection events not stored'),
      );
    });
    built.set(key, provider);
  }
  return provider;
}
