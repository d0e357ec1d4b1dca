import { randomUUID } from 'node:crypto';
import { listMessages, messages } from '@canvass/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestViewerResolver } from '../../platform/auth/request-viewer';
import { viewerCan } from '../../platform/auth/viewer';
import { uploads } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { streamFirstFile, UploadTooLarge, type StreamedFile } from '../../platform/http/stream-upload';
import type { Platform } from '../../platform/platform';
import { whyNotAList } from './upload-check';

/**
 * POST /api/uploads (multipart, one file): the file of a new list, streamed to storage and recorded in the
 * viewer's organization; answers { uploadId } for createList. Authenticated like /graphql (bearer token), and
 * creating lists must be allowed. Files larger than UPLOAD_MAX_BYTES get 413 with what to do; a file that cannot be
 * a list (empty, not a spreadsheet, a header and no rows) 422 with why.
 */
export function uploadRoutes(platform: Platform) {
  const resolveViewer = requestViewerResolver(platform);
  const maxBytes = platform.config.UPLOAD_MAX_BYTES;
  const tooLarge = (reply: FastifyReply) => reply.code(413).send({ error: listMessages.uploadTooLarge(maxBytes) });
  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // The handler reads multipart bodies itself, as a stream; Fastify must not buffer or parse them.
      scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
      scope.post('/api/uploads', async (req, reply) => {
        const viewer = await resolveViewer(req);
        if (!viewer) return reply.code(401).send({ error: messages.notAuthenticated });
        if (!viewerCan(viewer, 'Create', 'List')) return reply.code(403).send({ error: messages.notAuthorized });
        if (!req.headers['content-type']?.startsWith('multipart/form-data'))
          return reply.code(415).send({ error: listMessages.uploadMissingFile });
        // A declared length over the limit (plus room for the multipart framing) is refused before reading.
        if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) return tooLarge(reply);
        let file: StreamedFile | null;
        try {
          file = await streamFirstFile(platform.storage, req.raw, {
            storageKey: () => `uploads/${viewer.organizationId}/${randomUUID()}`,
            maxBytes,
            defaultFilename: 'upload.csv',
          });
        } catch (err) {
          if (err instanceof UploadTooLarge) return tooLarge(reply);
          throw err;
        }
        if (!file) return reply.code(400).send({ error: listMessages.uploadMissingFile });
        // A file that cannot be a list is refused now, with its reason, and not kept: no list is made of it.
        const refusal = await whyNotAList(platform, file);
        if (refusal) {
          await platform.storage.remove(file.storageKey);
          return reply.code(422).send({ error: refusal });
        }
        const [upload] = await withTenant(
          platform.database,
          { organizationIds: [viewer.organizationId], userId: viewer.userId },
          (tx) =>
            tx
              .insert(uploads)
              .values({
                organizationId: viewer.organizationId,
                userId: viewer.userId,
                storageKey: file.storageKey,
                filename: file.filename,
                size: file.size,
              })
              .returning({ id: uploads.id }),
        );
        return reply.send({ uploadId: String(upload.id) });
      });
    });
  };
}
