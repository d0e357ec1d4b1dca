import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { whereOrg } from '../../platform/db/organization-scope';
import { backgroundTasks } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';

/** GET /files/tasks/:id?token=…: the file a finished task produced; the signed token is the permission. */
export function exportRoutes(platform: Platform) {
  return (app: FastifyInstance) => {
    app.get<{ Params: { id: string }; Querystring: { token?: string } }>('/files/tasks/:id', async (req, reply) => {
      const claims = req.query.token ? await platform.tokens.verifyFile(req.query.token) : null;
      if (!claims || claims.taskId !== Number(req.params.id)) return reply.code(403).send({ error: 'Link expired' });
      const [task] = await withTenant(platform.database, { organizationIds: [claims.organizationId] }, (tx) =>
        tx
          .select({ filePath: backgroundTasks.filePath, filename: backgroundTasks.filename })
          .from(backgroundTasks)
          .where(
            whereOrg(
              backgroundTasks,
              claims.organizationId,
              eq(backgroundTasks.id, claims.taskId),
              eq(backgroundTasks.status, 'Done'),
            ),
          ),
      );
      if (!task?.filePath || !(await platform.storage.exists(task.filePath)))
        return reply.code(404).send({ error: 'Not found' });
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header(
        'content-disposition',
        `attachment; filename="${(task.filename ?? 'export.csv').replace(/"/g, '')}"`,
      );
      return reply.send(platform.storage.read(task.filePath));
    });
  };
}
