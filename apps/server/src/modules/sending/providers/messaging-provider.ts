import type { EnumValue, ProviderValue, TextStatus } from '@canvass/domain';

/**
 * The one interface every messaging provider sits behind (ARCHITECTURE §5). Dispatch, webhooks and number lookup
 * talk only to this; each provider is one folder here that turns it into that provider's wire format.
 * A capability a provider lacks is false here, and the UI reports it unavailable: never faked.
 */

export type TextStatusValue = EnumValue<typeof TextStatus>;

export interface ProviderCapabilities {
  sms: boolean;
  mms: boolean;
  /** The provider reports delivery (status callbacks or delivery receipts). */
  deliveryReceipts: boolean;
  /** The provider forwards inbound messages (replies). */
  inbound: boolean;
  /** The provider dedupes a send by our key, so resending an unknown outcome with the same key is safe. */
  idempotentSend: boolean;
  /** findSent: the provider can tell whether a text it may have received earlier was accepted. */
  findSent: boolean;
  /** lookup: carrier and line type of a number. */
  lookup: boolean;
  /** search, buy and release numbers (the compliance and numbers issue). */
  numbers: boolean;
  /** The largest media the provider accepts for one MMS, in bytes (null: MMS not supported). */
  maxMediaBytes: number | null;
}

/** Our own reference to a text, carried through the provider and back in its callbacks (texts' primary key). */
export interface TextRef {
  organizationId: number;
  textId: number;
  /** texts is partitioned by created_at: the key needs it. Milliseconds since the epoch. */
  createdAtMs: number;
  /** How many times a user resent this text (0 or absent: never): a resend is a new message to the provider. */
  resend?: number;
}

/**
 * Our key for one text at a provider: stable across retries and crash recovery, so an idempotent provider sends it
 * once; a user's resend gets its own.
 */
export const idempotencyKeyOf = (ref: TextRef): string =>
  `canvass-${ref.organizationId}-${ref.textId}-${ref.createdAtMs}${ref.resend ? `-r${ref.resend}` : ''}`;

export interface OutboundMessage {
  ref: TextRef;
  /** E.164, e.g. +15551234567. */
  from: string;
  to: string;
  body: string;
  /** Public URLs the provider fetches the media from (an MMS); empty for an SMS. */
  mediaUrls: string[];
  /** Where the provider posts this text's status callbacks; carries the TextRef, signed by the provider. */
  statusCallbackUrl: string;
}

/** What one send came to. A thrown error is treated as `retry` (network, timeouts). */
export type SendOutcome =
  | { kind: 'accepted'; providerMessageId: string }
  /** Try again later: rate limits, 5xx, timeouts. retryAfterMs when the provider said. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  /**
   * Refused for good. status is spec §4's (NumberFormat, MediaSize, Rejected, Spam, Undelivered, Failed,
   * RateLimited, Expired …); errorMessage in words a staffer acts on; senderBlocked when the carrier blocked the
   * sending number (Twilio 30007, Bandwidth 4470/4770): dispatch then stops using that number; recipientOptedOut
   * when the provider refused because the recipient opted out there (Twilio 21610, Bandwidth 4775): the opt-out is
   * imported.
   */
  | {
      kind: 'failed';
      status: TextStatusValue;
      errorMessage: string;
      providerCode?: string;
      senderBlocked?: boolean;
      recipientOptedOut?: boolean;
    };

/** An HTTP request as it reached us, before any parsing: signatures are over the raw bytes and the public URL. */
export interface WebhookRequest {
  /** The full public URL the provider called, with its query string (Twilio signs it). */
  url: string;
  method: string;
  /** Header names lower-cased. */
  headers: Record<string, string | undefined>;
  rawBody: Buffer;
}

export type WebhookEvent =
  | {
      kind: 'status';
      /** Unique per event at this provider: a redelivery carries the same id and is dropped. */
      eventId: string;
      providerMessageId: string;
      /** Present when the callback carried our reference (our StatusCallback URL, Bandwidth's tag). */
      ref: TextRef | null;
      status: TextStatusValue;
      errorMessage: string | null;
      providerCode: string | null;
      senderBlocked: boolean;
      /** The provider reports the recipient opted out there (see SendOutcome). */
      recipientOptedOut?: boolean;
      occurredAt: Date;
    }
  | {
      kind: 'inbound';
      eventId: string;
      providerMessageId: string;
      /** E.164. */
      from: string;
      to: string;
      body: string;
      mediaUrls: string[];
      occurredAt: Date;
    };

export interface LookupResult {
  carrier: string | null;
  /** Mobile, Landline, VOIP or Unknown. */
  lineType: 'Mobile' | 'Landline' | 'VOIP' | 'Unknown';
}

/** Whether a purchased number is the account's and can send (the 'Validate Phone' check). */
export type NumberVerification =
  | { ok: true }
  /** pending: the provider is still completing the purchase (a Bandwidth order): ask again later. */
  | { ok: false; reason: string; pending?: boolean };

/**
 * A number operation the provider refused or could not answer (not ours to retry at once): the message says why,
 * in words a staffer acts on. The screens show the spec's 'Error buying number' and the like; this is logged.
 */
export class NumberOperationError extends Error {}

/**
 * capabilities.numbers: searching, buying and releasing the provider's numbers (spec §5, §7). Numbers are E.164.
 * A provider without the capability leaves all four out.
 */
export interface NumberOperations {
  /** Numbers for sale in a US area code, at most `limit`; empty when the provider has none there. */
  searchNumbers(areaCode: string, limit: number): Promise<string[]>;
  /** Buys one number for the account; returns the provider's id of it. */
  buyNumber(e164: string): Promise<{ providerNumberId: string }>;
  /** Gives a number back to the provider; a number the account no longer holds is already released. */
  releaseNumber(e164: string): Promise<void>;
  verifyNumber(e164: string): Promise<NumberVerification>;
}

export interface MessagingProvider extends Partial<NumberOperations> {
  readonly name: ProviderValue;
  readonly capabilities: ProviderCapabilities;
  send(message: OutboundMessage, signal?: AbortSignal): Promise<SendOutcome>;
  /** False for a forged or unsigned request: the route answers 403 and stores nothing. */
  verifyWebhook(request: WebhookRequest): boolean | Promise<boolean>;
  /** The events of a verified request (one request may carry several, as Bandwidth's do). */
  parseWebhook(request: WebhookRequest): WebhookEvent[];
  /** capabilities.findSent: the provider's message id of a text it accepted, or null if it never got it. */
  findSent?(message: OutboundMessage): Promise<{ providerMessageId: string } | null>;
  /** capabilities.lookup */
  lookup?(e164: string): Promise<LookupResult>;
  /**
   * Events that arrive over a connection rather than as webhooks (SMPP delivery receipts and replies come as
   * deliver_sm on the bind): each batch goes to the listener. Returns a function that stops the listening.
   */
  onEvents?(listener: (events: WebhookEvent[]) => void): () => void;
  /** Closes connections (SMPP binds, keep-alive agents). */
  close?(): Promise<void>;
}

/** A provider's settings, by spec §9 env key (TWILIO_ACCOUNT_SID …), already opened (plain text). */
export type ProviderSettings = Readonly<Record<string, string | undefined>>;

/** What a provider may need of the installation besides its settings. */
export interface ProviderOptions {
  /** Points the provider at a local mock in tests. */
  baseUrl?: string;
  /** Where this installation is reached (PUBLIC_URL): the simulator posts its inbound messages there. */
  publicUrl?: string;
  /** A key of this installation for signatures Canvass makes itself (the simulator's), the same in every process. */
  signingKey?: Buffer;
}

/**
 * Builds a provider from its settings. Built with no settings, a provider must still parse webhooks: the routes
 * read a request's number or reference that way before they know whose settings verify it.
 */
export type ProviderFactory = (settings: ProviderSettings, options?: ProviderOptions) => MessagingProvider;

/**
 * One provider as Canvass knows it, its folder's one entry (index.ts): how its client is built from settings, what
 * it can do known without them, how its webhooks are read before whose settings verify them is known, and the keys
 * it is configured by.
 */
export interface ProviderDefinition {
  create: ProviderFactory;
  /** What the UI may offer for the provider. */
  capabilities: ProviderCapabilities;
  /** Reads webhooks without settings; absent: they are read by a client built without settings. */
  parseWebhook?: (request: WebhookRequest) => WebhookEvent[];
  /** Its settings (spec §9 keys), as the domain offers them to a brand's or organization's configuration. */
  keys: readonly string[];
}
