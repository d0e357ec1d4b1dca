import crypto from 'node:crypto';
import type { WebhookRequest } from '../../src/modules/sending/providers/messaging-provider';
import { basicCredentials, isForm, startMockHttpServer, type MockReply } from './mock-http-server';
import { twilioNumbersRoutes } from './twilio-numbers-mock';

/**
 * A local Twilio speaking its REST wire format (form-encoded requests, JSON answers, Basic auth with the account
 * SID and auth token, error bodies with Twilio's codes) for the Messages and Lookup v2 APIs, and signing the
 * status callbacks and inbound messages it posts with X-Twilio-Signature as Twilio does.
 * The adapter reaches it as {url}/{twilio host}/{path}.
 */

interface StoredMessage {
  sid: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  media: string[];
  status_callback: string | null;
  date_sent: string;
  status: string;
}

const e164 = /^\+[1-9]\d{7,14}$/;
const twilioError = (status: number, code: number, message: string, headers?: Record<string, string>): MockReply => ({
  status,
  headers,
  body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
});

export async function startTwilioMock(accountSid: string, authToken: string) {
  const messages: StoredMessage[] = [];
  const scripted: (MockReply | 'hang')[] = [];
  const lineTypes = new Map<string, { carrier_name: string | null; type: string | null }>();
  const messagesPath = `/api.twilio.com/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const numbers = twilioNumbersRoutes(accountSid, twilioError);

  const server = await startMockHttpServer((req) => {
    if (basicCredentials(req.headers) !== `${accountSid}:${authToken}`) {
      return twilioError(401, 20003, 'Authenticate');
    }
    const next = scripted.shift();
    if (next) return next;

    if (req.url.pathname === messagesPath && req.method === 'POST') {
      if (!isForm(req.headers)) return twilioError(400, 20001, 'Content-Type must be form-encoded');
      const form = new URLSearchParams(req.rawBody.toString('utf8'));
      const to = form.get('To');
      const from = form.get('From');
      const service = form.get('MessagingServiceSid');
      const media = form.getAll('MediaUrl');
      if (!to) return twilioError(400, 21604, "A 'To' phone number is required.");
      if (!e164.test(to)) return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!from && !service) return twilioError(400, 21603, "A 'From' phone number is required.");
      if (!form.get('Body') && media.length === 0) return twilioError(400, 21602, 'Message body is required.');
      const message: StoredMessage = {
        sid: `SM${crypto.randomBytes(16).toString('hex')}`,
        to,
        from,
        messaging_service_sid: service,
        body: form.get('Body') ?? '',
        media,
        status_callback: form.get('StatusCallback'),
        date_sent: new Date().toUTCString(),
        status: 'queued',
      };
      messages.push(message);
      return { status: 201, body: asResource(message) };
    }
    if (req.url.pathname === messagesPath && req.method === 'GET') {
      const q = req.url.searchParams;
      const after = q.get('DateSent>') ? Date.parse(q.get('DateSent>')!) : null;
      const found = messages.filter(
        (m) =>
          (!q.get('To') || m.to === q.get('To')) &&
          (!q.get('From') || m.from === q.get('From')) &&
          (after === null || Date.parse(m.date_sent) >= after - 1000),
      );
      return {
        status: 200,
        body: {
          messages: found.map(asResource),
          page: 0,
          page_size: 50,
          start: 0,
          end: found.length,
          first_page_uri: messagesPath,
          next_page_uri: null,
          previous_page_uri: null,
          uri: messagesPath,
        },
      };
    }
    const lookup = /^\/lookups\.twilio\.com\/v2\/PhoneNumbers\/([^/]+)$/.exec(req.url.pathname);
    if (lookup && req.method === 'GET') {
      const number = decodeURIComponent(lookup[1]);
      const wantsLineType = (req.url.searchParams.get('Fields') ?? '').split(',').includes('line_type_intelligence');
      return {
        status: 200,
        body: {
          phone_number: number,
          valid: e164.test(number),
          line_type_intelligence: wantsLineType
            ? { ...(lineTypes.get(number) ?? { carrier_name: null, type: null }), error_code: null }
            : null,
          url: `https://lookups.twilio.com/v2/PhoneNumbers/${number}`,
        },
      };
    }
    return numbers.handle(req) ?? twilioError(404, 20404, `The requested resource ${req.url.pathname} was not found`);
  });

  /** What Twilio posts to a URL: the form body and X-Twilio-Signature (HMAC-SHA1 over URL + sorted params). */
  const signedPost = (url: string, params: Record<string, string>): WebhookRequest => {
    const signed = Object.keys(params)
      .sort()
      .reduce((acc, key) => acc + key + params[key], url);
    const signature = crypto.createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
    return {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      rawBody: Buffer.from(new URLSearchParams(params).toString(), 'utf8'),
    };
  };

  return {
    url: server.url,
    requests: server.requests,
    messages,
    /** The account's numbers: what is for sale and what it holds. */
    numbers,
    /** The next answer, whatever the request (a 429, a 500, an error code, or no answer at all). */
    replyNext(reply: MockReply | 'hang') {
      scripted.push(reply);
    },
    twilioError,
    setLineType(number: string, carrier: string | null, type: string | null) {
      lineTypes.set(number, { carrier_name: carrier, type });
    },
    /** The status callback Twilio posts for a message it holds. */
    statusCallback(sid: string, status: string, errorCode?: number): WebhookRequest {
      const m = messages.find((x) => x.sid === sid)!;
      return signedPost(m.status_callback!, {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: m.from ?? '',
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: m.to,
        ...(errorCode ? { ErrorCode: String(errorCode) } : {}),
      });
    },
    /** An inbound message Twilio posts to the number's messaging webhook. */
    inbound(url: string, from: string, to: string, body: string, mediaUrls: string[] = []): WebhookRequest {
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
      return signedPost(url, {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        Body: body,
        From: from,
        MessageSid: sid,
        NumMedia: String(mediaUrls.length),
        NumSegments: '1',
        SmsMessageSid: sid,
        SmsSid: sid,
        SmsStatus: 'received',
        To: to,
        ...Object.fromEntries(mediaUrls.map((u, i) => [`MediaUrl${i}`, u])),
        ...Object.fromEntries(mediaUrls.map((_, i) => [`MediaContentType${i}`, 'image/jpeg'])),
      });
    },
    close: server.close,
  };

  function asResource(m: StoredMessage) {
    return {
      sid: m.sid,
      account_sid: accountSid,
      messaging_service_sid: m.messaging_service_sid,
      to: m.to,
      from: m.from,
      body: m.body,
      status: m.status,
      num_media: String(m.media.length),
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: m.date_sent,
      date_updated: m.date_sent,
      date_sent: m.date_sent,
      error_code: null,
      error_message: null,
      price: null,
      price_unit: 'USD',
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}.json`,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${m.sid}/Media.json` },
    };
  }
}

export type TwilioMock = Awaited<ReturnType<typeof startTwilioMock>>;
