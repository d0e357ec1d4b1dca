import type {
  LookupResult,
  MessagingProvider,
  OutboundMessage,
  ProviderCapabilities,
  ProviderFactory,
  ProviderSettings,
  SendOutcome,
  WebhookEvent,
  WebhookRequest,
} from '../messaging-provider';
import { abortable, networkRetry, retryOutcome } from '../http-retry';
import { requiredSetting } from '../provider-settings';
import { textRefFromUrl, withTextRef } from '../text-ref-codec';
import { twilioFailure, twilioStatuses } from './twilio-errors';
import { TwilioBusyError, twilioHttpClient } from './twilio-http-client';
import { twilioNumbers } from './twilio-numbers';
import { twilioSdk } from './twilio-sdk';
import { webhookUrl } from '../webhook-url';

const lineTypes: Record<string, LookupResult['lineType']> = {
  mobile: 'Mobile',
  landline: 'Landline',
  fixedVoip: 'VOIP',
  nonFixedVoip: 'VOIP',
};

/** Twilio's MMS limit: 5 MB in all (https://www.twilio.com/docs/messaging/guides/accepted-mime-types). */
const maxMediaBytes = 5 * 1024 * 1024;

const formParams = (request: WebhookRequest): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(request.rawBody.toString('utf8')));

function sendFailure(error: unknown): SendOutcome {
  if (error instanceof TwilioBusyError) return retryOutcome('Twilio', error.status, error.retryAfterMs);
  if (error instanceof twilioSdk().RestException) {
    const f = twilioFailure(error.code, error.message);
    return { kind: 'failed', ...f, providerCode: error.code === undefined ? undefined : String(error.code) };
  }
  return networkRetry('Twilio', error);
}

export const twilioCapabilities: ProviderCapabilities = {
  sms: true,
  mms: true,
  deliveryReceipts: true,
  inbound: true,
  idempotentSend: false,
  findSent: true,
  lookup: true,
  numbers: true,
  maxMediaBytes,
};

/** Twilio through the official SDK (TWILIO_* settings, spec §9). */

/** Reads a webhook's events; needs no settings, so the routes parse before they know whose number it is. */
export function parseTwilioWebhook(request: WebhookRequest): WebhookEvent[] {
  const p = formParams(request);
  const occurredAt = new Date();
  // A reply carries SmsStatus=received and, on some accounts, MessageStatus=received too: it is not a status.
  const inbound = !p.MessageStatus || p.MessageStatus === 'received' || p.MessageStatus === 'receiving';
  if (!inbound) {
    const known = twilioStatuses[p.MessageStatus];
    if (!known) return [];
    const failed = p.MessageStatus === 'undelivered' || p.MessageStatus === 'failed';
    const f = failed && p.ErrorCode ? twilioFailure(p.ErrorCode, p.ErrorMessage) : null;
    return [
      {
        kind: 'status',
        eventId: `${p.MessageSid}:${p.MessageStatus}`,
        providerMessageId: p.MessageSid,
        ref: textRefFromUrl(request.url),
        status: f?.status ?? known,
        errorMessage: f?.errorMessage ?? null,
        providerCode: failed && p.ErrorCode ? p.ErrorCode : null,
        senderBlocked: f?.senderBlocked ?? false,
        recipientOptedOut: f?.recipientOptedOut ?? false,
        occurredAt,
      },
    ];
  }
  if (!p.MessageSid || !p.From) return [];
  const mediaCount = Number(p.NumMedia ?? 0) || 0;
  const mediaUrls = Array.from({ length: mediaCount }, (_, i) => p[`MediaUrl${i}`]).filter(Boolean);
  return [
    {
      kind: 'inbound',
      eventId: p.MessageSid,
      providerMessageId: p.MessageSid,
      from: p.From,
      to: p.To,
      body: p.Body ?? '',
      mediaUrls,
      occurredAt,
    },
  ];
}

export const createTwilioProvider: ProviderFactory = (settings: ProviderSettings, options = {}) => {
  const accountSid = requiredSetting(settings, 'TWILIO_ACCOUNT_SID');
  const authToken = requiredSetting(settings, 'TWILIO_AUTH_TOKEN');
  const messagingServiceSid = settings.TWILIO_MESSAGING_SERVICE_SID || undefined;
  const httpClient = twilioHttpClient(options.baseUrl, { timeout: 15_000 });
  const client = twilioSdk()(accountSid, authToken, { httpClient });
  const inboundUrl = options.publicUrl ? webhookUrl(options.publicUrl, 'Twilio', 'inbound') : null;

  const provider: MessagingProvider = {
    name: 'Twilio',
    capabilities: twilioCapabilities,
    ...twilioNumbers(client, {
      inboundUrl,
      smsApplicationSid: settings.TWILIO_SMS_APPLICATION_SID || undefined,
      emergencyAddressSid: settings.TWILIO_EMERGENCY_ADDRESS_SID || undefined,
    }),

    async send(message: OutboundMessage, signal?: AbortSignal): Promise<SendOutcome> {
      try {
        const sent = await abortable(
          client.messages.create({
            to: message.to,
            // A messaging service picks the sender from its pool; otherwise the text goes from our number.
            ...(messagingServiceSid ? { messagingServiceSid } : { from: message.from }),
            body: message.body,
            ...(message.mediaUrls.length > 0 ? { mediaUrl: message.mediaUrls } : {}),
            statusCallback: withTextRef(message.statusCallbackUrl, message.ref),
          }),
          signal,
        );
        return { kind: 'accepted', providerMessageId: sent.sid };
      } catch (error) {
        return sendFailure(error);
      }
    },

    verifyWebhook(request: WebhookRequest): boolean {
      const signature = request.headers['x-twilio-signature'];
      if (!signature) return false;
      return twilioSdk().validateRequest(authToken, signature, request.url, formParams(request));
    },

    parseWebhook: parseTwilioWebhook,

    async lookup(e164: string): Promise<LookupResult> {
      const found = await client.lookups.v2.phoneNumbers(e164).fetch({ fields: 'line_type_intelligence' });
      const info = found.lineTypeIntelligence;
      return { carrier: info?.carrierName ?? null, lineType: lineTypes[info?.type ?? ''] ?? 'Unknown' };
    },

    /**
     * Twilio has no idempotency key: a text whose send had no answer is looked for among the messages sent to the
     * recipient since the text was made, matched by body. Twilio filters on DateSent, so a message it still holds
     * in its queue (no DateSent yet) is not found.
     */
    async findSent(message: OutboundMessage) {
      const messages = await client.messages.list({
        to: message.to,
        ...(messagingServiceSid ? {} : { from: message.from }),
        dateSentAfter: new Date(message.ref.createdAtMs),
        limit: 100,
      });
      const match = messages.find((m) => m.body === message.body);
      return match ? { providerMessageId: match.sid } : null;
    },
  };
  return provider;
};
