import crypto from 'node:crypto';
import type { WebhookRequest } from '../../src/modules/sending/providers/messaging-provider';
import { basicCredentials, isForm, isJson, startMockHttpServer, type MockReply } from './mock-http-server';

/**
 * A local RedCloud CORE API as its public docs describe it: client-credentials tokens, bearer-authenticated
 * /api/core routes with the { error: { code, message }, requestId } wrapper, sends deduplicated by their
 * required Idempotency-Key, and webhooks signed with HMAC-SHA256 over `${timestamp}.${rawBody}`.
 */

const e164 = /^\+[1-9]\d{7,14}$/;
const coreError = (status: number, code: string, message: string): MockReply => ({
  status,
  body: { error: { code, message, details: {} }, requestId: `req_${crypto.randomBytes(4).toString('hex')}` },
});

export async function startRedCloudMock(opts: {
  clientId: string;
  clientSecret: string;
  webhookSecret: string;
  numbers: { numberId: string; e164: string }[];
}) {
  const tokens = new Set<string>();
  const byKey = new Map<
    string,
    { messageId: string; to: string; text: string; mediaUrls?: string[]; externalReference: string }
  >();
  const scripted: MockReply[] = [];
  let tokensIssued = 0;

  const server = await startMockHttpServer((req) => {
    if (req.url.pathname === '/api/auth/token' && req.method === 'POST') {
      const form = new URLSearchParams(req.rawBody.toString('utf8'));
      if (!isForm(req.headers) || form.get('grant_type') !== 'client_credentials') {
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Only client_credentials is supported' },
        };
      }
      if (basicCredentials(req.headers) !== `${opts.clientId}:${opts.clientSecret}`) {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client authentication failed' } };
      }
      const token = `rc_token_${crypto.randomBytes(8).toString('hex')}`;
      tokens.add(token);
      tokensIssued += 1;
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 3600 } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return coreError(401, 'UNAUTHORIZED', 'Invalid or missing bearer token');
    const next = scripted.shift();
    if (next) return next;

    if (req.url.pathname === '/api/core/numbers' && req.method === 'GET') {
      return {
        status: 200,
        body: { numbers: opts.numbers.map((n) => ({ ...n, status: 'ACTIVE', smsEnabled: true, mmsEnabled: true })) },
      };
    }
    if (req.url.pathname === '/api/core/messages/send' && req.method === 'POST') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key)
        return coreError(400, 'INVALID_REQUEST', 'Idempotency-Key header is required');
      if (!isJson(req.headers)) return coreError(400, 'INVALID_REQUEST', 'Content-Type must be application/json');
      const body = JSON.parse(req.rawBody.toString('utf8')) as {
        sendFrom?: string;
        to?: string[];
        messageType?: string;
        text?: string;
        mediaUrls?: string[];
        externalReference?: string;
      };
      if (!opts.numbers.some((n) => n.numberId === body.sendFrom)) {
        return coreError(403, 'FORBIDDEN', 'sendFrom is not owned by this API client');
      }
      if (body.messageType !== 'SMS' && body.messageType !== 'MMS') {
        return coreError(400, 'INVALID_REQUEST', 'messageType must be SMS or MMS');
      }
      const results: { to: string; messageId: string; status: string }[] = [];
      const errors: { to: string; code: string; message: string }[] = [];
      for (const to of body.to ?? []) {
        if (!e164.test(to)) {
          errors.push({ to, code: 'INVALID_NUMBER', message: `${to} is not an E.164 number` });
          continue;
        }
        const seen = byKey.get(`${key}:${to}`);
        const messageId = seen?.messageId ?? `msg_${crypto.randomBytes(6).toString('hex')}`;
        if (!seen) {
          byKey.set(`${key}:${to}`, {
            messageId,
            to,
            text: body.text ?? '',
            mediaUrls: body.mediaUrls,
            externalReference: body.externalReference ?? '',
          });
        }
        results.push({ to, messageId, status: 'QUEUED' });
      }
      return { status: 202, body: { results, errors } };
    }
    return coreError(404, 'NOT_FOUND', `No route ${req.url.pathname}`);
  });

  const signed = (url: string, event: object, timestamp = String(Math.floor(Date.now() / 1000))): WebhookRequest => {
    const rawBody = Buffer.from(JSON.stringify(event));
    const signature = crypto
      .createHmac('sha256', opts.webhookSecret)
      .update(`${timestamp}.${rawBody.toString('utf8')}`, 'utf8')
      .digest('hex');
    return {
      url,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-redcloud-timestamp': timestamp,
        'x-redcloud-signature': signature,
      },
      rawBody,
    };
  };

  return {
    url: server.url,
    requests: server.requests,
    /** Accepted messages, one per idempotency key and recipient. */
    messages: () => [...byKey.values()],
    tokensIssued: () => tokensIssued,
    revokeTokens: () => tokens.clear(),
    replyNext(reply: MockReply) {
      scripted.push(reply);
    },
    coreError,
    lifecycleEvent(
      url: string,
      messageId: string,
      type: string,
      sequence: number,
      error?: { code: string; message: string },
      timestamp?: string,
    ) {
      const m = [...byKey.values()].find((x) => x.messageId === messageId)!;
      return signed(
        url,
        {
          eventId: `evt_${messageId}_${sequence}`,
          type,
          messageId,
          externalReference: m.externalReference,
          sequence,
          occurredAt: new Date().toISOString(),
          to: m.to,
          ...(error ? { error } : {}),
        },
        timestamp,
      );
    },
    inboundEvent(url: string, from: string, to: string, text: string) {
      const messageId = `msg_${crypto.randomBytes(6).toString('hex')}`;
      return signed(url, {
        eventId: `evt_${messageId}`,
        type: 'message.inbound',
        messageId,
        from,
        to,
        text,
        occurredAt: new Date().toISOString(),
      });
    },
    close: server.close,
  };
}

export type RedCloudMock = Awaited<ReturnType<typeof startRedCloudMock>>;
