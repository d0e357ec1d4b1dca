import crypto from 'node:crypto';
import type { WebhookRequest } from '../../src/modules/sending/providers/messaging-provider';
import { isJson, startMockHttpServer, type MockReply } from './mock-http-server';

/**
 * A provider with a plain JSON API of its own (what an operator describes to the configurable HTTP adapter):
 * POST /v1/customers/{customer}/sms with an X-Api-Key header, answering { data: { id } }, and webhooks signed with
 * hex HMAC-SHA256 of the body in X-Signature.
 */
export async function startHttpProviderMock(opts: { customer: string; apiKey: string; webhookSecret: string }) {
  const received: Record<string, unknown>[] = [];
  const scripted: MockReply[] = [];
  const server = await startMockHttpServer((req) => {
    if (req.headers['x-api-key'] !== opts.apiKey) return { status: 401, body: { message: 'bad api key' } };
    const next = scripted.shift();
    if (next) return next;
    if (req.method !== 'POST' || req.url.pathname !== `/v1/customers/${opts.customer}/sms`) {
      return { status: 404, body: { message: 'no such route' } };
    }
    if (!isJson(req.headers)) return { status: 415, body: { message: 'JSON only' } };
    const body = JSON.parse(req.rawBody.toString('utf8')) as Record<string, unknown>;
    if (!body.destination || !body.source)
      return { status: 422, body: { message: 'destination and source are required' } };
    received.push(body);
    return { status: 201, body: { data: { id: `tx-${received.length}`, state: 'queued' } } };
  });

  const signed = (url: string, payload: object): WebhookRequest => {
    const rawBody = Buffer.from(JSON.stringify(payload));
    return {
      url,
      method: 'POST',
      headers: { 'x-signature': crypto.createHmac('sha256', opts.webhookSecret).update(rawBody).digest('hex') },
      rawBody,
    };
  };

  return {
    url: server.url,
    received,
    replyNext(reply: MockReply) {
      scripted.push(reply);
    },
    signed,
    close: server.close,
  };
}
