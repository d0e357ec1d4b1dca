import type { ProviderValue } from '@canvass/domain';
import type {
  MessagingProvider,
  OutboundMessage,
  ProviderCapabilities,
  ProviderFactory,
  ProviderSettings,
  SendOutcome,
  WebhookEvent,
  WebhookRequest,
} from '../messaging-provider';
import { idempotencyKeyOf } from '../messaging-provider';
import { deliveryFailureWords, deliveryStatusOf } from '../delivery-states';
import { hmacSha256Hex, signatureMatches } from '../hmac-signature';
import { isRetryableStatus, networkRetry, retryAfterMs, retryOutcome } from '../http-retry';
import { requestJson } from '../json-http';
import {
  compileJsonTemplate,
  compileText,
  pathReader,
  placeholdersIn,
  valueAt,
  type TemplateLookup,
} from './json-template';
import { requiredSetting } from '../provider-settings';
import { textRefFromIdempotencyKey } from '../text-ref-codec';

/**
 * A provider whose HTTP API is described by settings instead of code (Telucom, Decantr: no public API documents
 * them). Every setting may use the brand's other settings as placeholders, e.g. "Authorization: Bearer
 * {TELUCOM_API_KEY}"; the body template also gets {from} {to} {body} {mediaUrls} {idempotencyKey}
 * {statusCallbackUrl}. PROVIDERS.md lists the settings.
 */

/** Where the fields of a webhook's JSON body are, each overridable as HTTP_WEBHOOK_{FIELD}_PATH. */
const webhookPaths = {
  EVENT_ID: 'eventId',
  MESSAGE_ID: 'messageId',
  STATUS: 'status',
  ERROR: 'error',
  REFERENCE: 'reference',
  FROM: 'from',
  TO: 'to',
  TEXT: 'text',
  MEDIA: 'mediaUrls',
} as const;

/** Known without settings: an operator-described API promises nothing until it is configured. */
export const httpProviderCapabilities: ProviderCapabilities = {
  sms: true,
  mms: false,
  deliveryReceipts: true,
  inbound: true,
  idempotentSend: false,
  findSent: false,
  lookup: false,
  numbers: false,
  maxMediaBytes: null,
};

function capabilitiesOf(settings: ProviderSettings): ProviderCapabilities {
  const mms = (settings.HTTP_BODY_TEMPLATE ?? '').includes('{mediaUrls}');
  const signed = Boolean(settings.HTTP_WEBHOOK_SECRET);
  return {
    ...httpProviderCapabilities,
    mms,
    maxMediaBytes: mms ? Number(settings.HTTP_MAX_MEDIA_BYTES) || null : null,
    deliveryReceipts: signed,
    inbound: signed,
  };
}

/** The send URL on a mock's origin, keeping its path and query. */
function rebase(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const u = new URL(url);
  return `${baseUrl.replace(/\/$/, '')}${u.pathname}${u.search}`;
}

const asText = (v: unknown): string | null => (typeof v === 'string' || typeof v === 'number' ? String(v) : null);

/**
 * Reads a webhook's events at the configured JSON paths (the defaults without settings, which is how the routes
 * parse before they know whose number it is).
 */
export function httpWebhookParser(settings: ProviderSettings): (request: WebhookRequest) => WebhookEvent[] {
  const path = (field: keyof typeof webhookPaths) => settings[`HTTP_WEBHOOK_${field}_PATH`] || webhookPaths[field];
  return (request) => {
    const body = JSON.parse(request.rawBody.toString('utf8')) as unknown;
    const events = Array.isArray(body) ? body : [body];
    const inbound = new URL(request.url).pathname.endsWith('/inbound');
    return events.flatMap((e): WebhookEvent[] => {
      const messageId = asText(valueAt(e, path('MESSAGE_ID'))) ?? '';
      const occurredAt = new Date();
      if (inbound) {
        const media = valueAt(e, path('MEDIA'));
        return [
          {
            kind: 'inbound',
            eventId: asText(valueAt(e, path('EVENT_ID'))) ?? messageId,
            providerMessageId: messageId,
            from: asText(valueAt(e, path('FROM'))) ?? '',
            to: asText(valueAt(e, path('TO'))) ?? '',
            body: asText(valueAt(e, path('TEXT'))) ?? '',
            mediaUrls: Array.isArray(media) ? media.map(String) : [],
            occurredAt,
          },
        ];
      }
      const state = asText(valueAt(e, path('STATUS')));
      const status = deliveryStatusOf(state);
      if (!status) return [];
      const error = asText(valueAt(e, path('ERROR')));
      return [
        {
          kind: 'status',
          eventId: asText(valueAt(e, path('EVENT_ID'))) ?? `${messageId}:${state}`,
          providerMessageId: messageId,
          ref: textRefFromIdempotencyKey(asText(valueAt(e, path('REFERENCE')))),
          status,
          errorMessage: deliveryFailureWords(status, error),
          providerCode: error,
          senderBlocked: false,
          occurredAt,
        },
      ];
    });
  };
}

/** The placeholders each text fills itself; every other placeholder is one of the brand's settings. */
const messageFields = new Set(['from', 'to', 'body', 'mediaUrls', 'idempotencyKey', 'statusCallbackUrl']);

export function httpProviderFactory(name: ProviderValue): ProviderFactory {
  return (settings, options = {}) => {
    const method = (settings.HTTP_SEND_METHOD || 'POST').toUpperCase();
    const fillBody = compileJsonTemplate(requiredSetting(settings, 'HTTP_BODY_TEMPLATE'));
    const idPath = requiredSetting(settings, 'HTTP_MESSAGE_ID_PATH');
    const messageId = pathReader(idPath);
    const authHeader = settings.HTTP_AUTH_HEADER ?? '';
    const authColon = authHeader.indexOf(':');
    const authName = authColon > 0 ? authHeader.slice(0, authColon).trim().toLowerCase() : null;
    const secret = settings.HTTP_WEBHOOK_SECRET ?? '';
    const signatureHeader = (settings.HTTP_WEBHOOK_SIGNATURE_HEADER || 'x-signature').toLowerCase();
    const settingValues = new Map(
      Object.entries(settings).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    const settingOf: TemplateLookup = (key) => settingValues.get(key);

    // The text being filled, its own fields first, then the brand's settings: one lookup for every text rather than
    // a closure per text at thousands a second. Filling is synchronous, so no other send's text is current meanwhile.
    let current: OutboundMessage | null = null;
    const lookup: TemplateLookup = (key) => {
      const message = current!;
      switch (key) {
        case 'from':
          return message.from;
        case 'to':
          return message.to;
        case 'body':
          return message.body;
        case 'mediaUrls':
          return message.mediaUrls;
        case 'idempotencyKey':
          return idempotencyKeyOf(message.ref);
        case 'statusCallbackUrl':
          return message.statusCallbackUrl;
        default:
          return settingValues.get(key);
      }
    };
    /** A setting filled for each text, or once when it names only the brand's settings (the usual URL and key). */
    const perText = <T>(text: string, finish: (filled: string) => T): (() => T) => {
      const fill = compileText(text);
      if (placeholdersIn(text).some((key) => messageFields.has(key))) return () => finish(fill(lookup));
      // Filled at the first send, not here: a setting that cannot be filled fails that send (a retry), as per text.
      let fixed: { value: T } | null = null;
      return () => (fixed ??= { value: finish(fill(settingOf)) }).value;
    };
    const urlOf = perText(requiredSetting(settings, 'HTTP_SEND_URL'), (url) => rebase(url, options.baseUrl));
    const headersOf = perText(authColon > 0 ? authHeader.slice(authColon + 1).trim() : '', (authValue) => {
      const h: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (authName) h[authName] = authValue;
      return h;
    });

    async function send(message: OutboundMessage, signal?: AbortSignal): Promise<SendOutcome> {
      current = message;
      const url = urlOf();
      const headers = headersOf();
      const body = fillBody(lookup);
      current = null;
      const answer = await requestJson(url, { method, headers, body }, signal);
      if (isRetryableStatus(answer.status)) {
        return retryOutcome(name, answer.status, retryAfterMs(answer.headers.get('retry-after')));
      }
      if (answer.status >= 200 && answer.status < 300) {
        const id = asText(messageId(answer.body));
        if (id) return { kind: 'accepted', providerMessageId: id };
        return { kind: 'retry', reason: `${name} accepted the text but its answer had no message id at ${idPath}` };
      }
      const said = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const credentials = answer.status === 401 || answer.status === 403;
      return {
        kind: 'failed',
        status: 'Failed',
        providerCode: String(answer.status),
        errorMessage: credentials
          ? `${name} refused the brand's credentials (${answer.status}); check the key in HTTP_AUTH_HEADER and the ${name} settings.`
          : `${name} refused the text (${answer.status}: ${said.slice(0, 200)}).`,
      };
    }

    const provider: MessagingProvider = {
      name,
      capabilities: capabilitiesOf(settings),

      async send(message, signal) {
        try {
          return await send(message, signal);
        } catch (error) {
          return networkRetry(name, error);
        }
      },

      verifyWebhook(request: WebhookRequest): boolean {
        if (!secret) return false;
        return signatureMatches(request.headers[signatureHeader], hmacSha256Hex(secret, request.rawBody));
      },

      parseWebhook: httpWebhookParser(settings),
    };
    return provider;
  };
}
