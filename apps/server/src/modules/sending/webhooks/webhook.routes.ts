import type { ProviderValue } from '@canvass/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../../platform/platform';
import type { MessagingProvider, TextRef, WebhookRequest } from '../providers/messaging-provider';
import { providerOfWebhookPath, type WebhookKind } from '../providers/webhook-url';
import { webhookParserFor } from '../resolve-provider';
import { createWebhookIngest, type WebhookIngest } from './webhook-ingest';

/** What each provider expects in answer to a webhook it delivered; a plain 204 for the others. */
function acknowledge(reply: FastifyReply, provider: ProviderValue, kind: WebhookKind) {
  // Twilio reads an inbound answer as TwiML, the messages to send back: an empty Response sends none.
  if (provider === 'Twilio' && kind === 'inbound')
    return reply.code(200).type('text/xml').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  return reply.code(204).send();
}

/** Our reference from the status callback URL dispatch gives each text: ?o=organization&t=text&c=createdAtMs. */
function queryRef(query: Record<string, string | undefined>): TextRef | null {
  const [o, t, c] = [Number(query.o), Number(query.t), Number(query.c)];
  return [o, t, c].every((n) => Number.isSafeInteger(n) && n > 0)
    ? { organizationId: o, textId: t, createdAtMs: c }
    : null;
}

function webhookRequest(platform: Platform, req: FastifyRequest): WebhookRequest {
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers))
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return {
    // The URL the provider called, as the public sees it and exactly as requested (the provider's name in the case it
    // was sent, never normalised): providers that sign the URL (Twilio) signed that one.
    url: `${platform.config.publicUrl.replace(/\/$/, '')}${req.url}`,
    method: req.method,
    headers,
    rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
  };
}

/**
 * Provider webhooks (ARCHITECTURE §5), public: the provider's signature is their only authentication.
 *  - POST /webhooks/:provider/status: delivery reports of the texts Canvass sent;
 *  - POST /webhooks/:provider/inbound: messages recipients send to the organization's numbers;
 * the provider named in any case (webhookUrl's lower case is the documented form).
 * The body is read raw (form-encoded, JSON or anything else: signatures are over the exact bytes), parsed to find
 * the text or number it concerns, then stored only once verified with that number's provider settings, and
 * answered right away; a job applies it. A request that is forged, unsigned or concerns no text or number Canvass
 * has gets 403 and stores nothing.
 */
export function webhookRoutes(platform: Platform, ingest: WebhookIngest = createWebhookIngest(platform)) {
  // Parsers read without settings; built once per provider (not a correctness matter: each verifies nothing).
  const parsers = new Map<ProviderValue, Pick<MessagingProvider, 'parseWebhook'> | null>();
  const parserOf = (provider: ProviderValue) => {
    if (!parsers.has(provider)) parsers.set(provider, webhookParserFor(platform, provider));
    return parsers.get(provider)!;
  };

  const handle = (kind: WebhookKind) => async (req: FastifyRequest, reply: FastifyReply) => {
    const refused = () => reply.code(403).send({ error: 'Forbidden' });
    const provider = providerOfWebhookPath((req.params as { provider: string }).provider);
    if (!provider) return refused();
    const parser = parserOf(provider);
    if (!parser) return refused();
    const request = webhookRequest(platform, req);
    let events;
    try {
      events = parser.parseWebhook(request);
    } catch {
      return refused();
    }
    const outcome = await ingest.store({
      provider,
      request,
      events,
      queryRef: queryRef(req.query as Record<string, string | undefined>),
    });
    return outcome === 'stored' ? acknowledge(reply, provider, kind) : refused();
  };

  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // Every body arrives as its raw bytes: the signature is checked over them before anything is trusted.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      // Providers are not browsers: the security headers (a policy helmet builds per response) are skipped here.
      scope.post('/webhooks/:provider/status', { helmet: false }, handle('status'));
      scope.post('/webhooks/:provider/inbound', { helmet: false }, handle('inbound'));
      scope.addHook('onClose', () => ingest.drain());
    });
  };
}
