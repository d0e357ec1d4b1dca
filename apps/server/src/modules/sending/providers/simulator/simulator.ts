import crypto from 'node:crypto';
import { simulatorSettings, type SimulatorSettings } from '@canvass/domain';
import {
  idempotencyKeyOf,
  type MessagingProvider,
  type ProviderCapabilities,
  type OutboundMessage,
  type ProviderFactory,
  type SendOutcome,
  type TextRef,
  type WebhookEvent,
  type WebhookRequest,
} from '../messaging-provider';
import { simulatorNumbers } from './simulator-numbers';
import { webhookUrl } from '../webhook-url';

/**
 * The built-in simulator (ARCHITECTURE §5): a fake carrier for the demo, tests and benchmarks, so a newcomer can
 * send a project and watch it deliver and get replies with no account anywhere. It behaves as a real carrier does
 * towards Canvass: send() answers at once with a message id, and later the carrier calls back, over HTTP and
 * signed, with the text's status and with the recipient's replies.
 *
 * Each text's fate (delivered or not, the error, a reply or a STOP) is drawn from its idempotency key, so the same
 * text always meets the same fate: a resend gets the same message id and the same callbacks with the same event
 * ids, which the webhook route drops as redeliveries, whichever process sent it.
 */

export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';
/** What the simulator's signing key is derived for (SecretsCipher.derive): one key per organization. */
export const simulatorSigningPurpose = (organizationId: number) => `simulator-webhooks:${organizationId}`;

/** The simulator's signature of a body: HMAC-SHA256 under the installation's simulator key, base64. */
export const simulatorSignature = (key: Buffer, body: Buffer | string) =>
  crypto.createHmac('sha256', key).update(body).digest('base64');

/** A status callback's body, as the simulator posts it. */
interface SimulatorStatusBody {
  type: 'status';
  eventId: string;
  messageId: string;
  status: 'sent' | 'delivered' | 'failed' | 'undelivered';
  errorCode: string | null;
  errorMessage: string | null;
  timestamp: string;
  ref: TextRef;
}

/** An inbound message's body: the recipient answering the sender. */
interface SimulatorInboundBody {
  type: 'inbound';
  eventId: string;
  messageId: string;
  from: string;
  to: string;
  body: string;
  mediaUrls: string[];
  timestamp: string;
}

type SimulatorBody = SimulatorStatusBody | SimulatorInboundBody;

const statusOf = {
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  undelivered: 'Undelivered',
} as const;

// What carriers answer for texts that do not arrive (the codes are Twilio's, the ones staff meet most).
const undeliveredErrors = [
  { code: '30003', message: 'Unreachable destination handset: the phone is off or out of coverage' },
  { code: '30005', message: 'Unknown destination handset: the number may no longer be in service' },
  { code: '30006', message: 'Landline or unreachable carrier: the number cannot receive texts' },
];
const failedError = { code: '30008', message: 'Unknown error: the carrier could not deliver the message' };

const replies = [
  'Who is this?',
  'Yes, count me in!',
  'Already voted, thanks',
  'Where is my polling place?',
  'Not interested',
  'Can I volunteer?',
  'Thanks for the reminder',
];

const E164_NANP = /^\+1\d{10}$/;

/** The fate of one text, drawn from bytes that only its idempotency key decides. */
interface Fate {
  messageId: string;
  outcome: 'delivered' | 'failed' | 'undelivered';
  error: { code: string; message: string } | null;
  reply: string | null;
  /** Multiplies the latency (0.5–1.5), so callbacks do not all arrive in lockstep. */
  jitter: number;
}

function fateOf(key: Buffer, idempotencyKey: string, s: SimulatorSettings): Fate {
  const h = crypto.createHmac('sha256', key).update(idempotencyKey).digest();
  const draw = (i: number) => h.readUInt32BE(i * 4) / 2 ** 32;
  const [outcomeDraw, replyDraw, pickDraw, jitterDraw] = [draw(0), draw(1), draw(2), draw(3)];
  const outcome =
    outcomeDraw < s.deliveryRate
      ? 'delivered'
      : outcomeDraw < s.deliveryRate + s.failureRate
        ? 'failed'
        : 'undelivered';
  const error =
    outcome === 'failed'
      ? failedError
      : outcome === 'undelivered'
        ? undeliveredErrors[Math.floor(pickDraw * undeliveredErrors.length)]
        : null;
  const reply =
    outcome !== 'delivered'
      ? null
      : replyDraw < s.stopRate
        ? 'STOP'
        : replyDraw < s.stopRate + s.replyRate
          ? replies[Math.floor(pickDraw * replies.length)]
          : null;
  return { messageId: `SIM${h.subarray(16).toString('hex')}`, outcome, error, reply, jitter: 0.5 + jitterDraw };
}

// Texts this process has already scheduled callbacks for, so a resend in the same process does not post them twice
// (one in another process would: the route drops the duplicates by event id). Bounded: only a recent resend matters.
const MAX_REMEMBERED = 100_000;

/** A fake carrier can do what a real one does, except find a lost send or look numbers up. */
export const simulatorCapabilities: ProviderCapabilities = {
  sms: true,
  mms: true,
  deliveryReceipts: true,
  inbound: true,
  idempotentSend: true,
  findSent: false,
  lookup: false,
  numbers: true,
  maxMediaBytes: 5 * 1024 * 1024,
};

export const createSimulator: ProviderFactory = (settings, options = {}) => {
  const behaviour = simulatorSettings(settings);
  const key = options.signingKey ?? Buffer.alloc(0);
  const inboundUrl = webhookUrl(options.publicUrl ?? '', 'Simulator', 'inbound');
  const scheduled = new Set<string>();

  async function post(url: string, body: SimulatorBody) {
    const raw = JSON.stringify(body);
    // A carrier retries a callback it could not deliver; three tries, a second apart, then it gives up.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SIMULATOR_SIGNATURE_HEADER]: simulatorSignature(key, raw) },
          body: raw,
        });
        if (res.ok || res.status === 403) return;
      } catch {
        // Unreachable for now: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 1000).unref());
    }
  }

  // Callbacks still due when the client is dropped from providerFor's cache are posted all the same (no close()),
  // and they never keep a process alive that is shutting down.
  function later(delayMs: number, fn: () => Promise<void>) {
    setTimeout(() => void fn(), delayMs).unref();
  }

  function scheduleCallbacks(message: OutboundMessage, fate: Fate) {
    const latency = behaviour.latencyMs * fate.jitter;
    const status = (status: SimulatorStatusBody['status'], error: Fate['error']): SimulatorStatusBody => ({
      type: 'status',
      eventId: `${fate.messageId}-${status}`,
      messageId: fate.messageId,
      status,
      errorCode: error?.code ?? null,
      errorMessage: error?.message ?? null,
      timestamp: new Date().toISOString(),
      ref: message.ref,
    });
    // Sent, then the outcome, then (for some delivered texts) the recipient's answer, each a latency apart.
    later(latency, async () => {
      await post(message.statusCallbackUrl, status('sent', null));
      later(latency, async () => {
        await post(message.statusCallbackUrl, status(fate.outcome, fate.error));
        if (fate.reply === null) return;
        const reply = fate.reply;
        later(latency, () =>
          post(inboundUrl, {
            type: 'inbound',
            eventId: `${fate.messageId}-reply`,
            messageId: `${fate.messageId}R`,
            from: message.to,
            to: message.from,
            body: reply,
            mediaUrls: [],
            timestamp: new Date().toISOString(),
          }),
        );
      });
    });
  }

  const provider: MessagingProvider = {
    name: 'Simulator',
    capabilities: simulatorCapabilities,
    ...simulatorNumbers,

    async send(message): Promise<SendOutcome> {
      if (!E164_NANP.test(message.to) || !E164_NANP.test(message.from))
        return { kind: 'failed', status: 'NumberFormat', errorMessage: 'The number is not a valid US phone number' };
      const idempotencyKey = idempotencyKeyOf(message.ref);
      const fate = fateOf(key, idempotencyKey, behaviour);
      if (!scheduled.has(idempotencyKey)) {
        if (scheduled.size >= MAX_REMEMBERED) scheduled.clear();
        scheduled.add(idempotencyKey);
        scheduleCallbacks(message, fate);
      }
      return { kind: 'accepted', providerMessageId: fate.messageId };
    },

    verifyWebhook(request: WebhookRequest) {
      const given = Buffer.from(request.headers[SIMULATOR_SIGNATURE_HEADER] ?? '', 'base64');
      const expected = Buffer.from(simulatorSignature(key, request.rawBody), 'base64');
      return key.length > 0 && given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },

    parseWebhook(request: WebhookRequest): WebhookEvent[] {
      const body = JSON.parse(request.rawBody.toString('utf8')) as SimulatorBody;
      if (body.type === 'inbound')
        return [
          {
            kind: 'inbound',
            eventId: body.eventId,
            providerMessageId: body.messageId,
            from: body.from,
            to: body.to,
            body: body.body,
            mediaUrls: body.mediaUrls ?? [],
            occurredAt: new Date(body.timestamp),
          },
        ];
      return [
        {
          kind: 'status',
          eventId: body.eventId,
          providerMessageId: body.messageId,
          ref: body.ref,
          status: statusOf[body.status],
          errorMessage: body.errorMessage,
          providerCode: body.errorCode,
          senderBlocked: false,
          occurredAt: new Date(body.timestamp),
        },
      ];
    },
  };
  return provider;
};
