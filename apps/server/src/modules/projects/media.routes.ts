import { randomUUID } from 'node:crypto';
import { isFieldLocked, mediaMessages, messages, project, projectMessages, TextMimeType } from '@canvass/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestViewerResolver } from '../../platform/auth/request-viewer';
import { viewerCan, type Viewer } from '../../platform/auth/viewer';
import { withTenant, type Tx } from '../../platform/db/tenant';
import { streamFirstFile, UploadRefused, UploadTooLarge, type StreamedFile } from '../../platform/http/stream-upload';
import type { Platform } from '../../platform/platform';
import type { FieldErrors } from '@canvass/domain';
import { MEDIA_HEAD_BYTES, mediaContentMatches, mediaExtension, mediaTypeOfExtension } from './media-types';
import { projectsService } from './projects.service';

/** A stored media file's public name: an unguessable id and the extension that gives its content type. */
const MEDIA_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,5}$/;
const mediaKey = (name: string) => `media/${name}`;

type Refusal = { code: number; error: string; errors?: FieldErrors };

const firstMessage = (errors: FieldErrors) => Object.values(errors).flat()[0] ?? messages.notAuthorized;

/**
 * Project media (spec §5 "Media: upload", §7 mediaInput/mediaDestroy), over HTTP because the file is streamed:
 *  - POST /api/projects/:id/media (multipart, one file): straight to storage, refused unless its declared type is
 *    one of the TextMimeType options and its first bytes agree, and unless it fits MEDIA_MAX_BYTES; then the
 *    project's media fields point at it (its position is kept).
 *  - DELETE /api/projects/:id/media: clears them, and the projects service resets the position to no preference.
 *  - GET /api/media/:name: the stored file with its content type, without a session: MMS providers fetch it. The
 *    name is a random UUID, so only whoever was given the URL can read it.
 * Writing needs Update on Project, the project visible to the viewer, and media not locked (a Complete project).
 */
export function projectMediaRoutes(platform: Platform) {
  const resolveViewer = requestViewerResolver(platform);
  const maxBytes = platform.config.MEDIA_MAX_BYTES;
  const allowed = TextMimeType.values;
  const base = platform.config.PUBLIC_URL?.replace(/\/$/, '') ?? '';
  const inTenant = <T>(viewer: Viewer, fn: (tx: Tx) => Promise<T>) =>
    withTenant(platform.database, { organizationIds: [viewer.organizationId], userId: viewer.userId }, fn);

  /** Who may change this project's media, before anything is read from the request. */
  async function refusal(req: FastifyRequest): Promise<{ viewer: Viewer; id: number } | Refusal> {
    const viewer = await resolveViewer(req);
    if (!viewer) return { code: 401, error: messages.notAuthenticated };
    if (!viewerCan(viewer, 'Update', 'Project')) return { code: 403, error: messages.notAuthorized };
    const id = Number((req.params as { id: string }).id);
    const existing = Number.isSafeInteger(id)
      ? await inTenant(viewer, (tx) => projectsService.get(tx, viewer, id))
      : null;
    if (!existing) return { code: 404, error: 'Not found' };
    if (isFieldLocked(existing.projectStatus as never, 'mediaUrl'))
      return { code: 422, error: projectMessages.locked(project.fields.mediaUrl.label) };
    return { viewer, id };
  }

  /** Saves the media fields through the projects service, so its rules (locks, position reset) apply here too. */
  async function save(viewer: Viewer, id: number, attrs: Record<string, unknown>) {
    return inTenant(viewer, (tx) => projectsService.update(tx, viewer, id, attrs, { platform }));
  }

  const answer = (reply: FastifyReply, row: Record<string, unknown>) =>
    reply.send({
      mediaUrl: row.mediaUrl ?? null,
      mediaFilename: row.mediaFilename ?? null,
      mediaFiletype: row.mediaFiletype ?? null,
      mediaSize: row.mediaSize ?? null,
      mediaPosition: row.mediaPosition,
    });

  return async (app: FastifyInstance) => {
    await app.register(async (scope) => {
      // The handler reads multipart bodies itself, as a stream; Fastify must not buffer or parse them.
      scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));

      scope.post('/api/projects/:id/media', async (req, reply) => {
        const who = await refusal(req);
        if ('code' in who) return reply.code(who.code).send({ error: who.error });
        const tooLarge = () => reply.code(413).send({ error: mediaMessages.tooLarge(maxBytes) });
        if (!req.headers['content-type']?.startsWith('multipart/form-data'))
          return reply.code(415).send({ error: mediaMessages.missingFile });
        // A declared length over the limit (plus room for the multipart framing) is refused before reading.
        if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) return tooLarge();
        let file: StreamedFile | null;
        try {
          file = await streamFirstFile(platform.storage, req.raw, {
            storageKey: ({ mimeType }) => mediaKey(`${randomUUID()}.${mediaExtension(mimeType)}`),
            maxBytes,
            defaultFilename: 'media',
            accept: ({ mimeType }) =>
              TextMimeType.is(mimeType.split(';')[0].trim().toLowerCase())
                ? null
                : mediaMessages.typeNotAllowed(allowed),
            head: {
              bytes: MEDIA_HEAD_BYTES,
              check: (head, mimeType) =>
                mediaContentMatches(mimeType, head) ? null : mediaMessages.contentMismatch(mimeType),
            },
          });
        } catch (err) {
          if (err instanceof UploadTooLarge) return tooLarge();
          if (err instanceof UploadRefused) return reply.code(415).send({ error: err.message });
          throw err;
        }
        if (!file) return reply.code(400).send({ error: mediaMessages.missingFile });
        const name = file.storageKey.slice(mediaKey('').length);
        const saved = await save(who.viewer, who.id, {
          mediaUrl: `${base}/api/media/${name}`,
          mediaFilename: file.filename.slice(0, 255),
          mediaFiletype: mediaTypeOfExtension(name.split('.')[1]),
          mediaSize: file.size,
        });
        if (!saved.row || Object.keys(saved.errors).length) {
          await platform.storage.remove(file.storageKey);
          return reply.code(422).send({ error: firstMessage(saved.errors), errors: saved.errors });
        }
        return answer(reply, saved.row);
      });

      scope.delete('/api/projects/:id/media', async (req, reply) => {
        const who = await refusal(req);
        if ('code' in who) return reply.code(who.code).send({ error: who.error });
        const saved = await save(who.viewer, who.id, { mediaUrl: null });
        if (!saved.row || Object.keys(saved.errors).length)
          return reply.code(422).send({ error: firstMessage(saved.errors), errors: saved.errors });
        return answer(reply, saved.row);
      });

      scope.get('/api/media/:name', async (req, reply) => {
        const { name } = req.params as { name: string };
        const type = MEDIA_NAME.test(name) ? mediaTypeOfExtension(name.split('.')[1]) : null;
        if (!type || !(await platform.storage.exists(mediaKey(name))))
          return reply.code(404).send({ error: 'Not found' });
        // A name is never reused for other content, so caches may keep it.
        return reply
          .header('content-type', type)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(platform.storage.read(mediaKey(name)));
      });
    });
  };
}
