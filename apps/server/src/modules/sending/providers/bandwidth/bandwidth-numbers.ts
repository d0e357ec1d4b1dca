import type { Client } from '@bandwidth/numbers';
import crypto from 'node:crypto';
import { lazyRequire } from '../../../../platform/lazy-require';
import { NumberOperationError, type NumberOperations, type ProviderSettings } from '../messaging-provider';
import { requiredSetting } from '../provider-settings';

// Loaded when a Bandwidth brand first searches, buys or releases numbers (lazy-require.ts).
const numbersApi = lazyRequire<typeof import('@bandwidth/numbers').default>('@bandwidth/numbers');

const dashboardApi = 'https://dashboard.bandwidth.com/api';

/** What Bandwidth said when it refused (its XML <Description>), else the HTTP status. */
function refusal(error: unknown): never {
  const e = error as { status?: number; response?: { text?: string } };
  if (e.status === undefined) throw error;
  const description = /<Description>([^<]*)<\/Description>/i.exec(e.response?.text ?? '')?.[1];
  throw new NumberOperationError(`Bandwidth ${e.status}: ${description ?? 'the request was refused'}`);
}

const tenDigits = (e164: string) => e164.replace(/^\+1/, '');
const asList = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Bandwidth's numbers through its Dashboard (Numbers) API with the official @bandwidth/numbers client (XML, the
 * same API user as messaging): availableNumbers to search, an order to buy into the brand's site (sub-account) and
 * location (SIP peer), a disconnect to release, inserviceNumbers to verify. An order is taken at once and completed
 * by Bandwidth shortly after: until the number is in service, verifying it says so (pending), and the verify job
 * asks again later.
 */
export function bandwidthNumbers(settings: ProviderSettings, baseUrl: string | undefined): NumberOperations {
  let client: Client | null = null;
  // Built on first use: a brand that only sends needs no site, and its settings may lack one.
  const dashboard = () =>
    (client ??= new (numbersApi().Client)(
      requiredSetting(settings, 'BANDWIDTH_ACCOUNT_ID'),
      requiredSetting(settings, 'BANDWIDTH_API_USER'),
      requiredSetting(settings, 'BANDWIDTH_API_PASSWORD'),
      undefined,
      undefined,
      { apiEndPoint: baseUrl ? `${baseUrl.replace(/\/$/, '')}/dashboard/api` : dashboardApi },
    ));

  return {
    async searchNumbers(areaCode, limit) {
      const found = await numbersApi()
        .AvailableNumbers.listAsync(dashboard(), { areaCode, quantity: limit })
        .catch(refusal);
      return asList(found.telephoneNumberList?.telephoneNumber).map((n) => `+1${n}`);
    },

    async buyNumber(e164) {
      const placed = await numbersApi()
        .Order.createAsync(dashboard(), {
          name: `Canvass ${tenDigits(e164)}`,
          customerOrderId: crypto.randomUUID(),
          siteId: requiredSetting(settings, 'BANDWIDTH_SITE_ID'),
          ...(settings.BANDWIDTH_LOCATION_ID ? { peerId: settings.BANDWIDTH_LOCATION_ID } : {}),
          existingTelephoneNumberOrderType: { telephoneNumberList: { telephoneNumber: [tenDigits(e164)] } },
        })
        .catch(refusal);
      return { providerNumberId: placed.order.id };
    },

    async releaseNumber(e164) {
      await numbersApi()
        .Disconnect.createAsync(dashboard(), `Canvass release ${tenDigits(e164)}`, [tenDigits(e164)])
        .catch(refusal);
    },

    async verifyNumber(e164) {
      try {
        await numbersApi().InServiceNumber.getAsync(dashboard(), tenDigits(e164));
        return { ok: true };
      } catch (error) {
        if ((error as { status?: number }).status === 404)
          return { ok: false, pending: true, reason: 'Bandwidth does not have this number in service (yet)' };
        return refusal(error);
      }
    },
  };
}
