import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config';

/**
 * Security headers on every response, through @fastify/helmet (the Fastify 5 wrapper of helmet, which keeps the
 * header set current). The policy allows no inline script: the web build loads only its own modules. Styles may
 * be inline because Mantine sets style attributes and injects its CSS variables at run time. Avatars may come
 * from any https host. HSTS only when the app is served over https, where browsers honour it.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.publicUrl.startsWith('https://');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * GraphiQL (development only) is a page of Yoga's that runs an inline script and loads its editor from a CDN:
 * its own response gets a policy that lets it, and nothing else does.
 */
export function relaxPolicyForGraphiQL(reply: FastifyReply, contentType: string | null): void {
  if (!contentType?.startsWith('text/html')) return;
  reply.header(
    'content-security-policy',
    "default-src 'self' https://unpkg.com; script-src 'self' 'unsafe-inline' https://unpkg.com; " +
      "style-src 'self' 'unsafe-inline' https://unpkg.com; img-src 'self' data: https:; worker-src 'self' blob: " +
      "https://unpkg.com; frame-ancestors 'none'",
  );
}
