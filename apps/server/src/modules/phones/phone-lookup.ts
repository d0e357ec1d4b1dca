import { Carrier, Provider, type EnumValue, type ProviderValue } from '@canvass/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Tx } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { providerCapabilities } from '../sending/providers/index';
import type { LookupResult, MessagingProvider } from '../sending/providers/messaging-provider';
import { organizationSettings, platformSettings, providerFor } from '../sending/resolve-provider';

/** What a user is told when the organization has no provider that looks numbers up. */
export const LOOKUP_UNAVAILABLE = 'Number lookup needs a provider that offers it, such as Twilio';

export class LookupUnavailableError extends Error {
  constructor() {
    super(LOOKUP_UNAVAILABLE);
  }
}

/** Recipients looked up per round: one read, one UPDATE. */
export const LOOKUP_BATCH = 200;
/** Lookups in flight at once: the provider's API is called this many times in parallel, no more. */
export const LOOKUP_CONCURRENCY = 8;

type CarrierValue = EnumValue<typeof Carrier>;

// The carrier enum names the providers (a number hosted at Bandwidth or Twilio), not the mobile networks: a
// lookup's carrier name that names none of them is Unknown, and the name itself is kept as the phone's network.
const providerCarriers = Carrier.values.filter((c) => Provider.is(c));

/** The carrier enum value of a lookup's carrier name: the provider it names, else Unknown. */
export function carrierOf(name: string | null): CarrierValue {
  const lower = (name ?? '').toLowerCase();
  return providerCarriers.find((c) => lower.includes(c.toLowerCase())) ?? 'Unknown';
}

/** Builds a provider client from settings, or null when the settings do not make one (missing keys). */
function tryBuild(
  platform: Platform,
  organizationId: number,
  provider: ProviderValue,
  settings: Record<string, unknown>,
) {
  try {
    return providerFor(platform, { organizationId, provider, settings: settings as Record<string, string> });
  } catch {
    return null;
  }
}

/**
 * The provider an organization looks numbers up through, in the caller's (tenant) transaction: for each provider
 * that offers lookup, the organization's active configuration of it, else the operator's own settings (the
 * Platform source, e.g. TWILIO_ACCOUNT_SID in the environment). Null when there is none.
 */
export async function lookupProviderFor(
  tx: Tx,
  platform: Platform,
  organizationId: number,
): Promise<MessagingProvider | null> {
  const offering = Provider.values.filter((p) => providerCapabilities(p).lookup);
  for (const provider of offering) {
    const own = await organizationSettings(tx, platform, organizationId, provider);
    const built = Object.values(own).some(Boolean) ? tryBuild(platform, organizationId, provider, own) : null;
    if (built?.lookup) return built;
  }
  for (const provider of offering) {
    const operator = platformSettings(provider);
    const built = Object.values(operator).some(Boolean) ? tryBuild(platform, organizationId, provider, operator) : null;
    if (built?.lookup) return built;
  }
  return null;
}

/** Runs fn over items with at most `limit` calls in flight; results in the items' order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Looked {
  id: number;
  found: LookupResult | null;
  error: string | null;
}

export interface LookupSummary {
  lookedUp: number;
  failed: number;
}

/**
 * Fills the carrier and line type of an organization's recipient phones that have no line type yet, through its
 * lookup provider (LookupUnavailableError when it has none, and nothing changes). Recipients are read in id order a
 * batch at a time, looked up with at most LOOKUP_CONCURRENCY calls in flight and written with one UPDATE per batch;
 * no transaction is held open across the provider's calls. A number whose lookup fails keeps its empty line type
 * (the next run tries it again); when every lookup of the first batch fails, the provider is refusing us (bad
 * credentials) and the run stops with its message.
 */
export async function lookUpPhoneCarriers(
  platform: Platform,
  scope: { organizationId: number; userId: number | null },
  progress: (processed: number, total?: number | null) => Promise<void> = async () => {},
): Promise<LookupSummary> {
  const { organizationId } = scope;
  const tenant = { organizationIds: [organizationId], userId: scope.userId };
  const { provider, total } = await withTenant(platform.database, tenant, async (tx) => {
    const found = await lookupProviderFor(tx, platform, organizationId);
    if (!found) throw new LookupUnavailableError();
    const { rows } = await tx.execute<{ n: string }>(sql`
      SELECT count(*) AS n FROM phones
       WHERE organization_id = ${organizationId} AND phone_type = 'ToPhone' AND line_type IS NULL`);
    return { provider: found, total: Number(rows[0].n) };
  });
  await progress(0, total);

  const summary: LookupSummary = { lookedUp: 0, failed: 0 };
  let after = 0;
  for (;;) {
    const batch = await withTenant(platform.database, tenant, async (tx) => {
      const { rows } = await tx.execute<{ id: string; number: string }>(sql`
        SELECT id, number FROM phones
         WHERE organization_id = ${organizationId} AND phone_type = 'ToPhone' AND line_type IS NULL AND id > ${after}
         ORDER BY id
         LIMIT ${LOOKUP_BATCH}`);
      return rows.map((r) => ({ id: Number(r.id), number: r.number }));
    });
    if (!batch.length) break;
    after = batch[batch.length - 1].id;

    const looked = await mapBounded(batch, LOOKUP_CONCURRENCY, async ({ id, number }): Promise<Looked> => {
      try {
        return { id, found: await provider.lookup!(`+1${number}`), error: null };
      } catch (err) {
        return { id, found: null, error: err instanceof Error ? err.message : String(err) };
      }
    });
    const filled = looked.filter((l): l is Looked & { found: LookupResult } => l.found !== null);
    const failures = looked.filter((l) => l.found === null);
    if (summary.lookedUp === 0 && summary.failed === 0 && filled.length === 0) {
      throw new Error(`Number lookup failed at ${provider.name}: ${failures[0].error}`);
    }
    if (failures.length)
      platform.logger.warn(
        { organizationId, failed: failures.length, error: failures[0].error },
        'number lookups failed; those numbers keep no line type',
      );

    if (filled.length) {
      const records = filled.map((l) => ({
        id: l.id,
        carrier: carrierOf(l.found.carrier),
        line_type: l.found.lineType,
        network: l.found.carrier,
      }));
      await withTenant(platform.database, tenant, (tx) =>
        tx.execute(sql`
          UPDATE phones p
             SET carrier = x.carrier, line_type = x.line_type,
                 network = COALESCE(x.network, p.network), updated_at = ${new Date().toISOString()}::timestamptz
            FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
                 AS x(id bigint, carrier carrier, line_type line_type, network text)
           WHERE p.organization_id = ${organizationId} AND p.id = x.id`),
      );
    }
    summary.lookedUp += filled.length;
    summary.failed += failures.length;
    await progress(summary.lookedUp + summary.failed, total);
    if (batch.length < LOOKUP_BATCH) break;
  }
  return summary;
}
