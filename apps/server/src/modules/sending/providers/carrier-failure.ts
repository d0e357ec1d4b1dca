import type { TextStatusValue } from './messaging-provider';

/** What a provider's error code means for the text, in spec §4's statuses and words a campaign staffer acts on. */
export interface CarrierFailure {
  status: TextStatusValue;
  errorMessage: string;
  /** The carrier blocked the sending number: dispatch stops using it. */
  senderBlocked: boolean;
  /** The recipient opted out at the provider or carrier: the opt-out is imported (without a confirmation). */
  recipientOptedOut: boolean;
}

/** One entry of a provider's error table (twilio/twilio-errors.ts, bandwidth/bandwidth-errors.ts). */
export const carrierFailure = (
  status: TextStatusValue,
  errorMessage: string,
  senderBlocked = false,
  recipientOptedOut = false,
): CarrierFailure => ({ status, errorMessage, senderBlocked, recipientOptedOut });
