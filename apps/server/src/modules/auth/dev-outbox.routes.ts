import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outboxEmails } from '../../platform/db/schema/index';
import { withSystem } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';

/**
 * GET /dev/outbox: the last 50 emails the server would have sent, when no SMTP_URL is configured and the server
 * is not in production. Public on purpose (it is how a developer reads a reset link), hence never in production.
 */
export function devOutboxRoutes(platform: Platform) {
  return (app: FastifyInstance) => {
    if (platform.config.SMTP_URL || platform.config.NODE_ENV === 'production') return;
    app.get('/dev/outbox', async () =>
      withSystem(platform.database, 'dev-outbox-read', (tx) =>
        tx.select().from(outboxEmails).orderBy(desc(outboxEmails.id)).limit(50),
      ),
    );
  };
}
