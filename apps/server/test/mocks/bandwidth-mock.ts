import crypto from 'node:crypto';
import type { WebhookRequest } from '../../src/modules/sending/providers/messaging-provider';
import { bandwidthNumbersRoutes } from './bandwidth-numbers-mock';
import { basicCredentials, isJson, startMockHttpServer, type MockReply } from './mock-http-server';

/**
 * A local Bandwidth messaging v2 (POST /api/v2/users/{accountId}/messages with Basic auth and a JSON body, 202 with
 * the message, Bandwidth's error bodies), and the callbacks Bandwidth posts to the application's callback URL:
 * JSON arrays of events, with the application's callback credentials as Basic auth.
 */

interface StoredMessage {
  id: string;
  applicationId: string;
  to: string[];
  from: string;
  text: string;
  media: string[];
  tag?: string;
  time: string;
}

const e164 = /^\+[1-9]\d{7,14}$/;
const bandwidthError = (status: number, type: string, description: string, extra?: object): MockReply => ({
  status,
  body: { type, description, ...extra },
});

export async function startBandwidthMock(opts: {
  accountId: string;
  apiUser: string;
  apiPassword: string;
  callbackUser: string;
  callbackPassword: string;
}) {
  const messages: StoredMessage[] = [];
  const scripted: (MockReply | 'hang')[] = [];
  const numbers = bandwidthNumbersRoutes(opts.accountId);
  const server = await startMockHttpServer((req) => {
    if (basicCredentials(req.headers) !== `${opts.apiUser}:${opts.apiPassword}`) {
      return bandwidthError(401, 'unauthorized', 'Authentication Failed');
    }
    const next = scripted.shift();
    if (next) return next;
    const numbersReply = numbers.handle(req);
    if (numbersReply) return numbersReply;
    if (req.method !== 'POST' || req.url.pathname !== `/api/v2/users/${opts.accountId}/messages`) {
      return bandwidthError(404, 'not-found', `No route for ${req.method} ${req.url.pathname}`);
    }
    if (!isJson(req.headers)) return bandwidthError(415, 'unsupported-media-type', 'Content-Type must be JSON');
    const body = JSON.parse(req.rawBody.toString('utf8')) as Partial<StoredMessage> & { to?: unknown };
    const to = Array.isArray(body.to) ? (body.to as string[]) : [];
    const fieldErrors = [
      ...(body.applicationId ? [] : [{ fieldName: 'applicationId', description: 'applicationId is required' }]),
      ...(body.from ? [] : [{ fieldName: 'from', description: 'from is required' }]),
      ...(to.length > 0 && to.every((n) => e164.test(n))
        ? []
        : [{ fieldName: 'to', description: `'${to.join(',')}' must be a valid E164 formatted telephone number` }]),
      ...(body.text || body.media?.length ? [] : [{ fieldName: 'text', description: 'text or media is required' }]),
    ];
    if (fieldErrors.length) {
      return bandwidthError(400, 'request-validation', 'Your request could not be accepted', { fieldErrors });
    }
    const message: StoredMessage = {
      id: `${Date.now()}${crypto.randomBytes(6).toString('hex')}`,
      applicationId: body.applicationId!,
      to,
      from: body.from!,
      text: body.text ?? '',
      media: body.media ?? [],
      tag: body.tag,
      time: new Date().toISOString(),
    };
    messages.push(message);
    return {
      status: 202,
      body: { ...message, owner: message.from, direction: 'out', segmentCount: 1 },
    };
  });

  const callbackPost = (url: string, events: object[]): WebhookRequest => ({
    url,
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      authorization: `Basic ${Buffer.from(`${opts.callbackUser}:${opts.callbackPassword}`).toString('base64')}`,
    },
    rawBody: Buffer.from(JSON.stringify(events)),
  });

  const statusEvent = (id: string, type: string, errorCode?: number) => {
    const m = messages.find((x) => x.id === id)!;
    return {
      type,
      time: new Date().toISOString(),
      description: errorCode ? 'rejected-spam-detected' : 'ok',
      to: m.to[0],
      ...(errorCode ? { errorCode } : {}),
      message: {
        id: m.id,
        owner: m.from,
        applicationId: m.applicationId,
        time: m.time,
        segmentCount: 1,
        direction: 'out',
        to: m.to,
        from: m.from,
        text: '',
        tag: m.tag,
      },
    };
  };

  return {
    url: server.url,
    requests: server.requests,
    messages,
    /** The Dashboard API's numbers: what is for sale, the orders taken, what is in service. */
    numbers,
    replyNext(reply: MockReply | 'hang') {
      scripted.push(reply);
    },
    bandwidthError,
    /** One callback request carrying several status events, as Bandwidth batches them. */
    statusCallbacks(url: string, ...events: [id: string, type: string, errorCode?: number][]): WebhookRequest {
      return callbackPost(
        url,
        events.map(([id, type, errorCode]) => statusEvent(id, type, errorCode)),
      );
    },
    inbound(url: string, from: string, to: string, text: string, media: string[] = []): WebhookRequest {
      const time = new Date().toISOString();
      return callbackPost(url, [
        {
          type: 'message-received',
          time,
          description: 'Incoming message received',
          to,
          message: {
            id: `${Date.now()}${crypto.randomBytes(6).toString('hex')}`,
            owner: to,
            applicationId: 'app',
            time,
            segmentCount: 1,
            direction: 'in',
            to: [to],
            from,
            text,
            media,
          },
        },
      ]);
    },
    close: server.close,
  };
}

export type BandwidthMock = Awaited<ReturnType<typeof startBandwidthMock>>;
