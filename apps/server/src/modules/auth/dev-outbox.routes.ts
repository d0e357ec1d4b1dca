import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxEmails } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';
import { mayReadDevOutbox } from './dev-outbox-access';

/**
 * GET /dev/outbox: the last 50 emails the server would have sent, when no SMTP_URL is configured and the server
 * is not in production. It holds reset and invitation links, so only those mayReadDevOutbox names read it.
 */
export function devOutboxRoutes(platform: Platform) {
  return (app: FastifyInstance) => {
    if (platform.config.SMTP_URL || platform.config.NODE_ENV === 'production') return;
    app.get('/dev/outbox', async (req, reply) => {
      if (!(await mayReadDevOutbox(platform, req)))
        return reply.code(403).send({
          error:
            'The development outbox is for a signed-in platform admin, or for requests from this machine when the server listens on loopback only',
        });
      return withSystem(platform.database, 'dev-outbox-read', (tx) =>
        tx.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(50),
      );
    });
  };
}
