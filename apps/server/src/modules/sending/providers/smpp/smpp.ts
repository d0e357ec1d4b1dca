import type { ProviderValue } from '@canvass/domain';
import smpp from 'smpp';
import type {
  MessagingProvider,
  OutboundMessage,
  ProviderCapabilities,
  ProviderSettings,
  SendOutcome,
  TextStatusValue,
  WebhookEvent,
} from '../messaging-provider';
import { networkRetry } from '../http-retry';
import { requiredSetting } from '../provider-settings';
import { SmppBindError, SmppLink } from './smpp-link';
import { eventsOfDeliverSm, fromE164 } from './smpp-events';

/**
 * An SMSC reached over SMPP 3.4 with the `smpp` package (Copaco, or any provider that offers only SMPP).
 * Statuses and replies do not come as webhooks: the SMSC sends them as deliver_sm on our bind, and they are handed
 * to the listener given to onEvents. verifyWebhook refuses every HTTP request, since none is expected.
 */

export const smppCapabilities: ProviderCapabilities = {
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

/** submit_sm_resp statuses worth telling apart (SMPP 3.4 §5.1.3); the rest are failures with their code. */
function submitFailure(status: number): SendOutcome {
  const code = `0x${status.toString(16).padStart(8, '0')}`;
  if (status === smpp.ESME_RTHROTTLED || status === smpp.ESME_RMSGQFUL) {
    return { kind: 'retry', reason: `The SMSC is throttling our sends (${code})` };
  }
  const failed = (s: TextStatusValue, words: string): SendOutcome => ({
    kind: 'failed',
    status: s,
    providerCode: code,
    errorMessage: words,
  });
  if (status === smpp.ESME_RINVDSTADR) {
    return failed('NumberFormat', "The SMSC refused the recipient's number as invalid; correct it or leave it out.");
  }
  if (status === smpp.ESME_RINVSRCADR) {
    return failed('Failed', 'The SMSC refused the sending number; choose a number this SMPP account may send from.');
  }
  return failed('Failed', `The SMSC refused the text (status ${code}).`);
}

/** SMS over 254 bytes goes in the message_payload TLV, which has no such limit (SMPP 3.4 §4.4.1). */
const messageField = (body: string) =>
  Buffer.byteLength(body, 'utf8') > 254 ? { message_payload: body } : { short_message: body };

export function createSmppProvider(
  name: ProviderValue,
  settings: ProviderSettings,
  options: { baseUrl?: string } = {},
): MessagingProvider {
  const listeners = new Set<(events: WebhookEvent[]) => void>();
  const link = new SmppLink(
    options.baseUrl ?? requiredSetting(settings, 'SMPP_URL'),
    {
      system_id: requiredSetting(settings, 'SMPP_SYSTEM_ID'),
      password: requiredSetting(settings, 'SMPP_PASSWORD'),
      ...(settings.SMPP_SYSTEM_TYPE ? { system_type: settings.SMPP_SYSTEM_TYPE } : {}),
    },
    (session, pdu) => {
      const events = eventsOfDeliverSm(pdu);
      try {
        for (const listener of listeners) listener(events);
      } catch {
        // Not acknowledged: the SMSC delivers it again later, when it may be stored.
        return;
      }
      // Acknowledged only once handed over, for the same reason.
      session.send(pdu.response());
    },
  );

  function submit(session: smpp.Session, message: OutboundMessage, signal?: AbortSignal): Promise<smpp.PDU> {
    return new Promise((resolve, reject) => {
      const onClose = () => reject(new Error('The SMSC connection closed before it answered'));
      const onAbort = () => reject(signal?.reason instanceof Error ? signal.reason : new Error('The send was aborted'));
      const settle = () => {
        session.off('close', onClose);
        signal?.removeEventListener('abort', onAbort);
      };
      session.once('close', onClose);
      signal?.addEventListener('abort', onAbort, { once: true });
      const written = session.submit_sm(
        {
          source_addr: fromE164(message.from),
          source_addr_ton: 1,
          source_addr_npi: 1,
          destination_addr: fromE164(message.to),
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          registered_delivery: 1,
          ...messageField(message.body),
        },
        (pdu) => {
          settle();
          resolve(pdu);
        },
      );
      if (!written) {
        settle();
        reject(new Error('The SMSC connection is not writable'));
      }
    });
  }

  return {
    name,
    capabilities: smppCapabilities,

    async send(message, signal) {
      if (message.mediaUrls.length > 0) {
        return {
          kind: 'failed',
          status: 'MediaSize',
          errorMessage: `${name} sends over SMPP, which carries text only; remove the media or use an MMS provider.`,
        };
      }
      try {
        const answer = await submit(await link.session(), message, signal);
        if (answer.command_status !== smpp.ESME_ROK) return submitFailure(answer.command_status);
        return { kind: 'accepted', providerMessageId: answer.message_id ?? '' };
      } catch (error) {
        if (error instanceof SmppBindError) {
          return {
            kind: 'failed',
            status: 'Failed',
            errorMessage: `${error.message}; check SMPP_SYSTEM_ID and SMPP_PASSWORD in the brand's configuration.`,
          };
        }
        return networkRetry(name, error);
      }
    },

    verifyWebhook: () => false,
    parseWebhook: () => [],

    onEvents(listener) {
      listeners.add(listener);
      // Bind now: receipts and replies only arrive while we are bound. A failed bind is retried on the next send.
      link.session().catch(() => undefined);
      return () => listeners.delete(listener);
    },

    close: () => link.close(),
  };
}

export const smppProviderFactory =
  (name: ProviderValue) =>
  (settings: ProviderSettings, options?: { baseUrl?: string }): MessagingProvider =>
    createSmppProvider(name, settings, options);
