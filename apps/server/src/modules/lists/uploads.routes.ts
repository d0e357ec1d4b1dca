import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { Busboy, type BusboyFileStream, type BusboyHeaders } from '@fastify/busboy';
import { listMessages, messages } from '@canvass/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestViewerResolver } from '../../platform/auth/request-viewer';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { uploads } from '../../platform/db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import type { Platform } from '../../platform/platform';

class UploadTooLarge extends Error {}

interface Stored {
  storageKey: string;
  filename: string;
  size: number;
}

/**
 * Streams the request's one file part straight into storage: busboy (the streaming multipart parser Fastify's own
 * plugin is built on) hands over the file as it arrives, so neither Fastify nor this route ever holds the body.
 * Past `maxBytes` the file stream is cut and nothing is kept.
 */
function storeFirstFile(
  platform: Platform,
  viewer: Viewer,
  req: IncomingMessage,
  maxBytes: number,
): Promise<Stored | null> {
  return new Promise((resolve, reject) => {
    const headers = req.headers as BusboyHeaders;
    const parser = Busboy({ headers, limits: { files: 1, fileSize: maxBytes } });
    let stored: Promise<Stored> | null = null;
    parser.on('file', (_field: string, file: BusboyFileStream, filename: string) => {
      if (stored) return file.resume();
      const storageKey = `uploads/${viewer.organizationId}/${randomUUID()}`;
      // Past the limit busboy cuts the file short and skips the rest of it; failing at the end of the stream makes
      // storage discard what it wrote, and the parser still drains the request.
      const guarded = file.pipe(
        new Transform({
          transform: (chunk, _enc, done) => done(null, chunk),
          flush: (done) => done(file.truncated ? new UploadTooLarge() : null),
        }),
      );
      stored = platform.storage.write(storageKey, guarded).then(() => ({
        storageKey,
        filename: filename || 'upload.csv',
        size: file.bytesRead,
      }));
      // Kept until the parser finishes; a failure is reported there.
      stored.catch(() => {});
    });
    parser.on('error', reject);
    parser.on('finish', () => {
      if (!stored) return resolve(null);
      stored.then(resolve, reject);
    });
    req.pipe(parser);
  });
}

/**
 * POST /api/uploads (multipart, one file): the file of a new list, streamed to storage and recorded in the
 * viewer's organization; answers { uploadId } for createList. Authenticated like /graphql (bearer token), and
 * creating lists must be allowed. Files larger than UPLOAD_MAX_BYTES get 413 with what to do.
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
        let file: Stored | null;
        try {
          file = await storeFirstFile(platform, viewer, req.raw, maxBytes);
        } catch (err) {
          if (err instanceof UploadTooLarge) return tooLarge(reply);
          throw err;
        }
        if (!file) return reply.code(400).send({ error: listMessages.uploadMissingFile });
        const [upload] = await withTenant(
          platform.database,
          { organizationIds: [viewer.organizationId], userId: viewer.userId },
          (tx) =>
            tx
              .insert(uploads)
              .values({ organizationId: viewer.organizationId, userId: viewer.userId, ...file })
              .returning({ id: uploads.id }),
        );
        return reply.send({ uploadId: String(upload.id) });
      });
    });
  };
}
