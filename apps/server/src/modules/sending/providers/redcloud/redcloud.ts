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
import { idempotencyKeyOf } from '../messaging-provider';
import { hmacSha256Hex, signatureMatches } from '../hmac-signature';
import { isRetryableStatus, networkRetry, retryAfterMs, retryOutcome } from '../http-retry';
import { requestJson, type JsonAnswer } from '../json-http';
import { requiredSetting } from '../provider-settings';
import { RedCloudAuthError, RedCloudToken } from './redcloud-token';
import { textRefFromIdempotencyKey } from '../text-ref-codec';

/**
 * RedCloud's CORE API as published at https://dev.redcloud.live (quickstart, messaging/send-message,
 * webhooks/overview, webhooks/signature-verification, errors/overview).
 *
 * Published, and followed here: the client-credentials token; POST /api/core/messages/send with Bearer token,
 * a required Idempotency-Key, { sendFrom: numberId, to: [E.164], messageType, text, externalReference } answered
 * 202 { results: [{ to, messageId, status: 'QUEUED' }], errors: [] }; GET /api/core/numbers listing
 * { numberId, e164 }; the error wrapper { error: { code, message, details }, requestId }; webhook events
 * message.queued / .sent / .delivery / .failed / .inbound, with X-RedCloud-Timestamp and X-RedCloud-Signature =
 * hex HMAC-SHA256(secret, `${timestamp}.${rawBody}`).
 *
 * Assumed, because the pages do not show it:
 * - there is no base URL of record ("the API host provided for your environment"): REDCLOUD_BASE_URL, else
 *   https://api.redcloud.live;
 * - MMS media go as `mediaUrls` with messageType 'MMS', up to 1 MB in all;
 * - an errors[] entry is { to, code, message };
 * - the webhook body is one event { eventId?, type, messageId, externalReference, sequence, occurredAt,
 *   from, to, text, mediaUrls, error: { code, message } } (a `data` envelope is read as well);
 * - the timestamp is Unix seconds (milliseconds and ISO dates are read as well), and events older than five
 *   minutes are refused as replays;
 * - the webhook signing secret is REDCLOUD_PRIVATE_KEY, or REDCLOUD_SECRET when that is not set.
 */

const defaultBaseUrl = 'https://api.redcloud.live';
const replayWindowMs = 5 * 60 * 1000;

export const redCloudCapabilities: ProviderCapabilities = {
  sms: true,
  mms: true,
  deliveryReceipts: true,
  inbound: true,
  idempotentSend: true,
  findSent: false,
  lookup: false,
  numbers: false,
  maxMediaBytes: 1024 * 1024,
};

const statuses: Record<string, TextStatusValue> = {
  'message.queued': 'Queued',
  'message.sent': 'Sent',
  'message.delivery': 'Delivered',
  'message.failed': 'Failed',
};

interface RedCloudEvent {
  eventId?: string;
  id?: string;
  type?: string;
  event?: string;
  messageId?: string;
  externalReference?: string;
  sequence?: number;
  occurredAt?: string;
  from?: string;
  to?: string;
  text?: string;
  mediaUrls?: string[];
  error?: { code?: string; message?: string } | null;
}

interface CoreError {
  error?: { code?: string; message?: string };
  requestId?: string;
}

function timestampMs(value: string): number {
  if (/^\d+$/.test(value)) return value.length > 11 ? Number(value) : Number(value) * 1000;
  return Date.parse(value);
}

function refused(status: number, body: CoreError | null): SendOutcome {
  const code = body?.error?.code ?? String(status);
  const words = body?.error?.message ?? 'no reason given';
  const support = body?.requestId ? ` (RedCloud request ${body.requestId})` : '';
  if (status === 401 || status === 403) {
    return {
      kind: 'failed',
      status: 'Failed',
      providerCode: code,
      errorMessage: `RedCloud refused the send: ${words}${support}. Check REDCLOUD_API_KEY, REDCLOUD_SECRET and that the sending number belongs to this API client.`,
    };
  }
  return {
    kind: 'failed',
    status: 'Failed',
    providerCode: code,
    errorMessage: `RedCloud refused the text: ${words}${support}.`,
  };
}

/** RedCloud's CORE API (REDCLOUD_API_KEY as the OAuth client id, REDCLOUD_SECRET as its secret). */

/** Reads a webhook's events; needs no settings, so the routes parse before they know whose number it is. */
export function parseRedCloudWebhook(request: WebhookRequest): WebhookEvent[] {
  const raw = JSON.parse(request.rawBody.toString('utf8')) as RedCloudEvent & { data?: RedCloudEvent };
  const e: RedCloudEvent = { ...raw, ...raw.data };
  const type = e.type ?? e.event ?? '';
  const messageId = e.messageId ?? '';
  const eventId = e.eventId ?? e.id ?? `${messageId}:${type}:${e.sequence ?? ''}`;
  const occurredAt = e.occurredAt ? new Date(e.occurredAt) : new Date();
  if (type === 'message.inbound') {
    return [
      {
        kind: 'inbound',
        eventId,
        providerMessageId: messageId,
        from: e.from ?? '',
        to: e.to ?? '',
        body: e.text ?? '',
        mediaUrls: e.mediaUrls ?? [],
        occurredAt,
      },
    ];
  }
  const status = statuses[type];
  if (!status) return [];
  const failed = type === 'message.failed';
  return [
    {
      kind: 'status',
      eventId,
      providerMessageId: messageId,
      ref: textRefFromIdempotencyKey(e.externalReference),
      status,
      errorMessage: failed ? `RedCloud could not deliver the text: ${e.error?.message ?? 'no reason given'}.` : null,
      providerCode: failed ? (e.error?.code ?? null) : null,
      senderBlocked: false,
      occurredAt,
    },
  ];
}

export const createRedCloudProvider: ProviderFactory = (settings, options = {}) => {
  const baseUrl = (options.baseUrl ?? settings.REDCLOUD_BASE_URL ?? defaultBaseUrl).replace(/\/$/, '');
  const token = new RedCloudToken(
    baseUrl,
    requiredSetting(settings, 'REDCLOUD_API_KEY'),
    requiredSetting(settings, 'REDCLOUD_SECRET'),
  );
  const webhookSecret = settings.REDCLOUD_PRIVATE_KEY || settings.REDCLOUD_SECRET || '';
  let numberIds: Map<string, string> | null = null;

  /** A CORE call with the cached token; a 401 drops the token and tries once more with a fresh one. */
  async function core(
    path: string,
    init: { method: string; headers?: Record<string, string>; body?: string },
    signal?: AbortSignal,
  ) {
    let answer: JsonAnswer | null = null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const bearer = await token.get(signal);
      answer = await requestJson(
        `${baseUrl}${path}`,
        { ...init, headers: { ...init.headers, authorization: `Bearer ${bearer}` } },
        signal,
      );
      if (answer.status !== 401) break;
      token.forget();
    }
    return answer!;
  }

  /** RedCloud sends from a numberId, not a phone number: the client's numbers, read again when one is missing. */
  async function numberIdOf(e164: string, signal?: AbortSignal): Promise<string | null> {
    if (!numberIds?.has(e164)) {
      const answer = await core('/api/core/numbers', { method: 'GET' }, signal);
      const body = answer.body as { numbers?: { numberId: string; e164: string }[] } | null;
      if (answer.status === 200) numberIds = new Map((body?.numbers ?? []).map((n) => [n.e164, n.numberId]));
    }
    return numberIds?.get(e164) ?? null;
  }

  async function send(message: OutboundMessage, signal?: AbortSignal): Promise<SendOutcome> {
    const sendFrom = await numberIdOf(message.from, signal);
    if (!sendFrom) {
      return {
        kind: 'failed',
        status: 'Failed',
        // No text can go from a number RedCloud does not hold for us: dispatch stops using it.
        senderBlocked: true,
        errorMessage: `The sending number ${message.from} is not assigned to this RedCloud API client; assign it in the RedCloud portal or choose another number.`,
      };
    }
    const key = idempotencyKeyOf(message.ref);
    const mms = message.mediaUrls.length > 0;
    const answer = await core(
      '/api/core/messages/send',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({
          sendFrom,
          to: [message.to],
          messageType: mms ? 'MMS' : 'SMS',
          text: message.body,
          ...(mms ? { mediaUrls: message.mediaUrls } : {}),
          externalReference: key,
        }),
      },
      signal,
    );
    if (isRetryableStatus(answer.status)) {
      return retryOutcome('RedCloud', answer.status, retryAfterMs(answer.headers.get('retry-after')));
    }
    if (answer.status !== 200 && answer.status !== 202) return refused(answer.status, answer.body as CoreError);
    const body = answer.body as {
      results?: { to: string; messageId: string }[];
      errors?: { to?: string; code?: string; message?: string }[];
    };
    const accepted = body.results?.find((r) => r.to === message.to) ?? body.results?.[0];
    if (accepted?.messageId) return { kind: 'accepted', providerMessageId: accepted.messageId };
    const error = body.errors?.[0];
    return {
      kind: 'failed',
      status: error?.code === 'INVALID_NUMBER' ? 'NumberFormat' : 'Failed',
      providerCode: error?.code,
      errorMessage: `RedCloud refused the text: ${error?.message ?? 'no reason given'}.`,
    };
  }

  const provider: MessagingProvider = {
    name: 'RedCloud',
    capabilities: redCloudCapabilities,

    async send(message, signal) {
      try {
        return await send(message, signal);
      } catch (error) {
        if (error instanceof RedCloudAuthError && !isRetryableStatus(error.status)) {
          return {
            kind: 'failed',
            status: 'Failed',
            errorMessage: `${error.message}; check REDCLOUD_API_KEY and REDCLOUD_SECRET in the brand's configuration.`,
          };
        }
        if (error instanceof RedCloudAuthError) return retryOutcome('RedCloud', error.status);
        return networkRetry('RedCloud', error);
      }
    },

    verifyWebhook(request: WebhookRequest): boolean {
      const timestamp = request.headers['x-redcloud-timestamp'];
      const signature = request.headers['x-redcloud-signature'];
      if (!webhookSecret || !timestamp || !signature) return false;
      const at = timestampMs(timestamp);
      if (Number.isNaN(at) || Math.abs(Date.now() - at) > replayWindowMs) return false;
      const signed = Buffer.concat([Buffer.from(`${timestamp}.`), request.rawBody]);
      return signatureMatches(signature, hmacSha256Hex(webhookSecret, signed));
    },

    parseWebhook: parseRedCloudWebhook,
  };
  return provider;
};
