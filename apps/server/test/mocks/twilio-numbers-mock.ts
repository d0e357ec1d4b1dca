import crypto from 'node:crypto';
import { isForm, type MockReply, type MockRequest } from './mock-http-server';

type TwilioError = (status: number, code: number, message: string) => MockReply;

interface OwnedNumber {
  sid: string;
  phone_number: string;
  sms_url: string | null;
  sms_method: string;
  sms_application_sid: string | null;
  emergency_address_sid: string | null;
  date_created: string;
}

/** The list envelope Twilio wraps every page in (the SDK reads the records from the one key that is not these). */
const page = (key: string, uri: string, records: object[], pageSize: number) => ({
  [key]: records,
  end: Math.max(records.length - 1, 0),
  first_page_uri: uri,
  next_page_uri: null,
  page: 0,
  page_size: pageSize,
  previous_page_uri: null,
  start: 0,
  uri,
});

/**
 * Twilio's number APIs as the local Twilio mock speaks them: AvailablePhoneNumbers/US/Local (search by AreaCode,
 * SmsEnabled), and the account's IncomingPhoneNumbers (buy with a form POST, list by PhoneNumber, DELETE to release).
 * The inventory is what the test puts for sale; a bought number leaves it, a released one does not come back.
 */
export function twilioNumbersRoutes(accountSid: string, twilioError: TwilioError) {
  const forSale = new Set<string>();
  const owned = new Map<string, OwnedNumber>();
  const base = `/api.twilio.com/2010-04-01/Accounts/${accountSid}`;
  const incomingUri = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`;

  const asIncoming = (n: OwnedNumber) => ({
    sid: n.sid,
    account_sid: accountSid,
    phone_number: n.phone_number,
    friendly_name: `(${n.phone_number.slice(2, 5)}) ${n.phone_number.slice(5, 8)}-${n.phone_number.slice(8)}`,
    capabilities: { voice: true, sms: true, mms: true, fax: false },
    sms_url: n.sms_url,
    sms_method: n.sms_method,
    sms_application_sid: n.sms_application_sid,
    emergency_address_sid: n.emergency_address_sid,
    status: 'in-use',
    api_version: '2010-04-01',
    date_created: n.date_created,
    date_updated: n.date_created,
    uri: `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers/${n.sid}.json`,
  });

  const asAvailable = (number: string) => ({
    friendly_name: `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`,
    phone_number: number,
    lata: '132',
    locality: 'New York',
    rate_center: 'NWYRCYZN01',
    latitude: '40.7',
    longitude: '-74.0',
    region: 'NY',
    postal_code: null,
    iso_country: 'US',
    address_requirements: 'none',
    beta: false,
    capabilities: { voice: true, SMS: true, MMS: true },
  });

  function handle(req: MockRequest): MockReply | null {
    const path = req.url.pathname;
    if (path === `${base}/AvailablePhoneNumbers/US/Local.json` && req.method === 'GET') {
      const q = req.url.searchParams;
      const areaCode = q.get('AreaCode');
      if (!areaCode || !/^\d{3}$/.test(areaCode)) return twilioError(400, 21452, 'No area code specified');
      const size = Number(q.get('PageSize') ?? 50);
      const found = [...forSale].filter((n) => n.startsWith(`+1${areaCode}`)).slice(0, size);
      const uri = `/2010-04-01/Accounts/${accountSid}/AvailablePhoneNumbers/US/Local.json`;
      return { status: 200, body: page('available_phone_numbers', uri, found.map(asAvailable), size) };
    }
    if (path === `${base}/IncomingPhoneNumbers.json` && req.method === 'POST') {
      if (!isForm(req.headers)) return twilioError(400, 20001, 'Content-Type must be form-encoded');
      const form = new URLSearchParams(req.rawBody.toString('utf8'));
      const number = form.get('PhoneNumber');
      if (!number) return twilioError(400, 21421, 'PhoneNumber is required.');
      if (!forSale.has(number)) return twilioError(400, 21422, `PhoneNumber ${number} is not available.`);
      forSale.delete(number);
      const bought: OwnedNumber = {
        sid: `PN${crypto.randomBytes(16).toString('hex')}`,
        phone_number: number,
        sms_url: form.get('SmsUrl'),
        sms_method: form.get('SmsMethod') ?? 'POST',
        sms_application_sid: form.get('SmsApplicationSid'),
        emergency_address_sid: form.get('EmergencyAddressSid'),
        date_created: new Date().toUTCString(),
      };
      owned.set(bought.sid, bought);
      return { status: 201, body: asIncoming(bought) };
    }
    if (path === `${base}/IncomingPhoneNumbers.json` && req.method === 'GET') {
      const wanted = req.url.searchParams.get('PhoneNumber');
      const size = Number(req.url.searchParams.get('PageSize') ?? 50);
      const found = [...owned.values()].filter((n) => !wanted || n.phone_number === wanted);
      return { status: 200, body: page('incoming_phone_numbers', incomingUri, found.map(asIncoming), size) };
    }
    const one = new RegExp(`^${base}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(path);
    if (one && req.method === 'DELETE') {
      if (!owned.delete(one[1])) return twilioError(404, 20404, `The requested resource ${path} was not found`);
      return { status: 204 };
    }
    return null;
  }

  return {
    handle,
    /** Puts numbers up for sale (E.164). */
    offer(...numbers: string[]) {
      for (const n of numbers) forSale.add(n);
    },
    /** The numbers the account holds, with the inbound URL each was bought with. */
    owned: () => [...owned.values()].map((n) => ({ number: n.phone_number, smsUrl: n.sms_url })),
    /** What a held number was bought with besides its SmsUrl. */
    purchaseOf: (number: string) => {
      const n = [...owned.values()].find((o) => o.phone_number === number);
      return n && { smsApplicationSid: n.sms_application_sid, emergencyAddressSid: n.emergency_address_sid };
    },
  };
}
