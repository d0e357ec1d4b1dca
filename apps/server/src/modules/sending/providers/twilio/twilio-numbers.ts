import type { Twilio } from 'twilio';
import { NumberOperationError, type NumberOperations } from '../messaging-provider';
import { twilioSdk } from './twilio-sdk';

/** A refusal from Twilio's API, in its own words (e.g. 21422 "PhoneNumber … is not available"). */
async function asked<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof twilioSdk().RestException)
      throw new NumberOperationError(`Twilio ${error.code}: ${error.message}`);
    throw error;
  }
}

/** Where a bought number's replies go, and the account's other purchase settings (spec §9 TWILIO_* keys). */
export interface TwilioPurchase {
  /** Canvass's inbound webhook, set as the number's SmsUrl (null: PUBLIC_URL unknown). */
  inboundUrl: string | null;
  /** TWILIO_SMS_APPLICATION_SID: the number's messages go to this TwiML app instead of the SmsUrl. */
  smsApplicationSid?: string;
  /** TWILIO_EMERGENCY_ADDRESS_SID: the address Twilio requires on some numbers. */
  emergencyAddressSid?: string;
}

/**
 * Twilio's numbers through the SDK: AvailablePhoneNumbers/US/Local to search (SMS-capable only), and the account's
 * IncomingPhoneNumbers to buy, find and release. A bought number's replies come to Canvass's inbound webhook (its
 * SmsUrl) or the account's SMS application, as they would if set in Twilio's console.
 */
export function twilioNumbers(client: Twilio, purchase: TwilioPurchase): NumberOperations {
  const owned = async (e164: string) =>
    (await asked(() => client.incomingPhoneNumbers.list({ phoneNumber: e164, limit: 1 })))[0] ?? null;

  return {
    async searchNumbers(areaCode, limit) {
      const found = await asked(() =>
        client.availablePhoneNumbers('US').local.list({ areaCode: Number(areaCode), smsEnabled: true, limit }),
      );
      return found.map((n) => n.phoneNumber);
    },

    async buyNumber(e164) {
      const bought = await asked(() =>
        client.incomingPhoneNumbers.create({
          phoneNumber: e164,
          ...(purchase.smsApplicationSid
            ? { smsApplicationSid: purchase.smsApplicationSid }
            : purchase.inboundUrl
              ? { smsUrl: purchase.inboundUrl, smsMethod: 'POST' }
              : {}),
          ...(purchase.emergencyAddressSid ? { emergencyAddressSid: purchase.emergencyAddressSid } : {}),
        }),
      );
      return { providerNumberId: bought.sid };
    },

    async releaseNumber(e164) {
      const number = await owned(e164);
      // Already gone from the account (released in Twilio's console, or a retry after a lost answer): done.
      if (!number) return;
      await asked(() => client.incomingPhoneNumbers(number.sid).remove());
    },

    async verifyNumber(e164) {
      const number = await owned(e164);
      if (!number) return { ok: false, reason: 'The Twilio account does not hold this number' };
      if (!number.capabilities?.sms) return { ok: false, reason: 'Twilio says this number cannot send SMS' };
      return { ok: true };
    },
  };
}
