import type { Queryable } from '../../../platform/db/system-at-once';
import type { Platform } from '../../../platform/platform';
import type { MessagingProvider } from '../providers/messaging-provider';
import { providerFor, ProviderUnavailableError, senderIdentity } from '../resolve-provider';
import type { IncomingWebhook } from './incoming-webhook';
import { routeKey, type WebhookRoute } from './webhook-routing';

/**
 * How long a sender number's provider, once read, verifies webhooks without being read again. Resolving it costs
 * two queries inside the ingest transaction (most of a batch's time when callbacks stream in), and a burst of
 * callbacks concerns the same few numbers. Kept short: it is also how long a configuration just replaced (or a
 * number just released) still accepts what its previous settings signed. What the new settings sign is accepted at
 * once: a request the remembered provider refuses is checked again with the provider read afresh.
 */
const REMEMBER_MS = 2_000;
/** Numbers remembered at most; the oldest is forgotten first. */
const MAX_REMEMBERED = 10_000;

interface Remembered {
  provider: MessagingProvider | null;
  until: number;
}

/** The provider client of a sender number, or null when it has none Canvass can use. */
async function senderProvider(
  tx: Queryable,
  platform: Platform,
  route: WebhookRoute,
): Promise<MessagingProvider | null> {
  try {
    const identity = await senderIdentity(tx, platform, route.organizationId, route.phoneId);
    return identity && providerFor(platform, identity);
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return null;
    throw err;
  }
}

async function accepts(provider: MessagingProvider | null, incoming: IncomingWebhook): Promise<boolean> {
  return provider !== null && provider.name === incoming.provider && (await provider.verifyWebhook(incoming.request));
}

/** Checks one batch's requests against the provider settings of the sender numbers they route to. */
export type BatchVerifier = (route: WebhookRoute, incoming: IncomingWebhook) => Promise<boolean>;

/**
 * The sender numbers' providers for webhook verification, remembered briefly across batches (REMEMBER_MS). Each
 * batch reads a number's provider at most once, in its own transaction, and only when none is remembered or the
 * remembered one refuses a request.
 */
export function senderProviders(platform: Platform, rememberMs = REMEMBER_MS) {
  const remembered = new Map<string, Remembered>();

  function remember(key: string, provider: MessagingProvider | null) {
    remembered.delete(key);
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { provider, until: Date.now() + rememberMs });
  }

  return {
    forBatch(tx: Queryable): BatchVerifier {
      const read = new Map<string, Promise<MessagingProvider | null>>();
      const readOnce = (key: string, route: WebhookRoute) => {
        let provider = read.get(key);
        if (!provider) {
          provider = senderProvider(tx, platform, route).then((p) => {
            remember(key, p);
            return p;
          });
          read.set(key, provider);
        }
        return provider;
      };
      return async (route, incoming) => {
        const key = routeKey(route);
        const known = read.has(key) ? undefined : remembered.get(key);
        if (known && known.until > Date.now() && (await accepts(known.provider, incoming))) return true;
        return accepts(await readOnce(key, route), incoming);
      };
    },
  };
}

export type SenderProviders = ReturnType<typeof senderProviders>;
