import type { InboundCallback, StatusCallback } from 'bandwidth-sdk';
import { lazyRequire } from '../../../../platform/lazy-require';
import crypto from 'node:crypto';
import type {
  MessagingProvider,
  OutboundMessage,
  ProviderCapabilities,
  ProviderFactory,
  SendOutcome,
  TextStatusValue,
  WebhookEvent,
  WebhookRequest,
} from '../messaging-provider';
import { bandwidthFailure, bandwidthRequestFailure } from './bandwidth-errors';
import { bandwidthNumbers } from './bandwidth-numbers';
import { isRetryableStatus, networkRetry, retryAfterMs, retryOutcome } from '../http-retry';
import { requiredSetting } from '../provider-settings';
import { textRefFromTag, textRefTag } from '../text-ref-codec';

const bandwidthApi = 'https://messaging.bandwidth.com/api/v2';

const statuses: Record<string, TextStatusValue> = {
  'message-sending': 'Sending',
  'message-sent': 'Sent',
  'message-delivered': 'Delivered',
  'message-read': 'Delivered',
  'message-failed': 'Failed',
};

interface HttpError {
  response?: { status: number; headers: Record<string, string | undefined>; data?: unknown };
}

function sendFailure(error: unknown): SendOutcome {
  const response = (error as HttpError).response;
  if (!response) return networkRetry('Bandwidth', error);
  if (isRetryableStatus(response.status)) {
    return retryOutcome('Bandwidth', response.status, retryAfterMs(response.headers['retry-after']));
  }
  const f = bandwidthRequestFailure(response.status, response.data as Parameters<typeof bandwidthRequestFailure>[1]);
  return { kind: 'failed', ...f, providerCode: String(response.status) };
}

const sameSecret = (a: string, b: string) => {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
};

function statusEvent(e: StatusCallback): WebhookEvent | null {
  const status = statuses[e.type];
  if (!status) return null;
  const failed = e.type === 'message-failed' ? bandwidthFailure(e.errorCode, e.description) : null;
  return {
    kind: 'status',
    eventId: `${e.message.id}:${e.type}`,
    providerMessageId: e.message.id,
    ref: textRefFromTag(e.message.tag),
    status: failed?.status ?? status,
    errorMessage: failed?.errorMessage ?? null,
    providerCode: failed && e.errorCode ? String(e.errorCode) : null,
    senderBlocked: failed?.senderBlocked ?? false,
    recipientOptedOut: failed?.recipientOptedOut ?? false,
    occurredAt: new Date(e.eventTime ?? e.time),
  };
}

const inboundEvent = (e: InboundCallback): WebhookEvent => ({
  kind: 'inbound',
  eventId: e.message.id,
  providerMessageId: e.message.id,
  from: e.message.from,
  to: e.to,
  body: e.message.text ?? '',
  mediaUrls: e.message.media ?? [],
  occurredAt: new Date(e.time),
});

export const bandwidthCapabilities: ProviderCapabilities = {
  sms: true,
  mms: true,
  deliveryReceipts: true,
  inbound: true,
  idempotentSend: false,
  // Bandwidth's message list carries no text body to match a send by: an unknown outcome cannot be resolved.
  findSent: false,
  lookup: false,
  numbers: true,
  // Bandwidth refuses MMS whose media add up to more than 3.5 MB (error 4411).
  maxMediaBytes: 3.5 * 1024 * 1024,
};

/**
 * Bandwidth's messaging v2 through bandwidth-sdk, with basic auth (BANDWIDTH_API_USER / BANDWIDTH_API_PASSWORD):
 * the SDK's OAuth token URL is fixed and could not be pointed at a mock (ARCHITECTURE §9). Callbacks are sent by
 * Bandwidth with basic auth too, as the application's callback credentials BANDWIDTH_MESSAGING_USER / _PASSWORD.
 */

/** Reads a webhook's events; needs no settings, so the routes parse before they know whose number it is. */
export function parseBandwidthWebhook(request: WebhookRequest): WebhookEvent[] {
  const events = JSON.parse(request.rawBody.toString('utf8')) as (StatusCallback | InboundCallback)[];
  return events.flatMap((e) => {
    if (e.type === 'message-received') return [inboundEvent(e as InboundCallback)];
    return [statusEvent(e as StatusCallback)].filter((x): x is WebhookEvent => x !== null);
  });
}

// Loaded when a Bandwidth provider is first made (lazy-require.ts).
const bandwidthSdk = lazyRequire<typeof import('bandwidth-sdk')>('bandwidth-sdk');

export const createBandwidthProvider: ProviderFactory = (settings, options = {}) => {
  const { Configuration, MessagesApi } = bandwidthSdk();
  const accountId = requiredSetting(settings, 'BANDWIDTH_ACCOUNT_ID');
  const applicationId = requiredSetting(settings, 'BANDWIDTH_APPLICATION_ID');
  const api = new MessagesApi(
    new Configuration({
      username: requiredSetting(settings, 'BANDWIDTH_API_USER'),
      password: requiredSetting(settings, 'BANDWIDTH_API_PASSWORD'),
      basePath: options.baseUrl ? `${options.baseUrl.replace(/\/$/, '')}/api/v2` : bandwidthApi,
      baseOptions: { timeout: 15_000 },
    }),
  );
  const callbackUser = settings.BANDWIDTH_MESSAGING_USER ?? '';
  const callbackPassword = settings.BANDWIDTH_MESSAGING_PASSWORD ?? '';

  const provider: MessagingProvider = {
    name: 'Bandwidth',
    capabilities: bandwidthCapabilities,
    ...bandwidthNumbers(settings, options.baseUrl),

    async send(message: OutboundMessage, signal?: AbortSignal): Promise<SendOutcome> {
      try {
        const { data } = await api.createMessage(
          accountId,
          {
            applicationId,
            to: new Set([message.to]),
            from: message.from,
            text: message.body,
            ...(message.mediaUrls.length > 0 ? { media: message.mediaUrls } : {}),
            tag: textRefTag(message.ref),
          },
          { signal },
        );
        if (!data.id) return { kind: 'retry', reason: 'Bandwidth accepted the text without a message id' };
        return { kind: 'accepted', providerMessageId: data.id };
      } catch (error) {
        return sendFailure(error);
      }
    },

    verifyWebhook(request: WebhookRequest): boolean {
      if (!callbackUser || !callbackPassword) return false;
      const m = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      if (!m) return false;
      return sameSecret(Buffer.from(m[1], 'base64').toString('utf8'), `${callbackUser}:${callbackPassword}`);
    },

    parseWebhook: parseBandwidthWebhook,
  };
  return provider;
};
