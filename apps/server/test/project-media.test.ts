import fs from 'node:fs';
import path from 'node:path';
import { mediaMessages, messages, projectMessages, TextMimeType } from '@canvass/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, gql, type TestApp } from './harness';
import { createProject, setStatus } from './projects-helpers';

let app: TestApp;
let org: BuiltOrganization;
let other: BuiltOrganization;
let token: string;

const MAX_MEDIA = 64 * 1024;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)]);

function multipart(filename: string, type: string, body: Buffer) {
  const boundary = '----canvass-media-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(bearer: string, projectId: string, filename = 'flyer.png', type = 'image/png', body = PNG) {
  const { payload, headers } = multipart(filename, type, body);
  return app.api.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/media`,
    payload,
    headers: { ...headers, authorization: `Bearer ${bearer}` },
  });
}

/** The stored media files: a refused upload leaves none behind. */
const storedFiles = () => {
  const dir = path.join(app.platform.config.filesDir, 'media');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
};

async function mediaOf(projectId: string) {
  const { rows } = await app.sql(
    `SELECT media_url, media_filename, media_filetype, media_size, media_position FROM projects WHERE id = $1`,
    [projectId],
  );
  return rows[0];
}

beforeAll(async () => {
  app = await createTestApp({ MEDIA_MAX_BYTES: String(MAX_MEDIA) });
  org = await buildOrganization(app, 'Media');
  other = await buildOrganization(app, 'Other media');
  token = await org.tokenFor('Admin');
}, 60_000);

describe('project media', () => {
  it('stores the uploaded file, records it on the project and serves it back without a session', async () => {
    const id = await createProject(app, org, token, { mediaPosition: 'Before' });
    const res = await upload(token, id);
    expect(res.statusCode).toBe(200);
    const stored = await mediaOf(id);
    expect(stored).toMatchObject({
      media_filename: 'flyer.png',
      media_filetype: 'image/png',
      media_size: PNG.length,
      media_position: 'Before',
    });
    expect(res.json()).toMatchObject({ mediaUrl: stored.media_url, mediaSize: PNG.length, mediaPosition: 'Before' });
    expect(stored.media_url).toMatch(/\/api\/media\/[0-9a-f-]{36}\.png$/);

    const served = await app.api.inject({ method: 'GET', url: new URL(stored.media_url, 'http://x').pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const project = await gql(
      app,
      `query($id: ID!) { project(id: $id) { mediaUrl mediaFilename mediaSize } }`,
      { id },
      { token },
    );
    expect(project.data?.project).toEqual({
      mediaUrl: stored.media_url,
      mediaFilename: 'flyer.png',
      mediaSize: PNG.length,
    });
  });

  it('answers 404 for a media name nobody was given', async () => {
    const res = await app.api.inject({ method: 'GET', url: '/api/media/00000000-0000-4000-8000-000000000000.png' });
    expect(res.statusCode).toBe(404);
    expect((await app.api.inject({ method: 'GET', url: '/api/media/..%2F..%2Fsecret' })).statusCode).toBe(404);
  });

  it('refuses a type outside the allowed options, and a file whose content is not its declared type, changing nothing', async () => {
    const id = await createProject(app, org, token);
    await upload(token, id);
    const before = await mediaOf(id);
    const filesBefore = storedFiles();

    const text = await upload(token, id, 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toBe(mediaMessages.typeNotAllowed(TextMimeType.values));

    const fake = await upload(token, id, 'fake.png', 'image/png', Buffer.from('<html>not an image</html>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toBe(mediaMessages.contentMismatch('image/png'));

    expect(await mediaOf(id)).toEqual(before);
    expect(storedFiles()).toBe(filesBefore);
  });

  it('refuses a file over the size limit', async () => {
    const id = await createProject(app, org, token);
    const filesBefore = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_MEDIA, 1)]);
    const res = await upload(token, id, 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(mediaMessages.tooLarge(MAX_MEDIA));
    expect((await mediaOf(id)).media_url).toBeNull();
    expect(storedFiles()).toBe(filesBefore);
  });

  it("refuses another organization's project, and a viewer who may not update projects", async () => {
    const id = await createProject(app, org, token);
    const foreign = await upload(await other.tokenFor('Admin'), id);
    expect(foreign.statusCode).toBe(404);
    const texter = await upload(await org.tokenFor('Texter'), id);
    expect(texter.statusCode).toBe(403);
    expect(texter.json().error).toBe(messages.notAuthorized);
    expect((await mediaOf(id)).media_url).toBeNull();
  });

  it('refuses changing the media of a Complete project', async () => {
    const id = await createProject(app, org, token);
    await upload(token, id);
    const before = await mediaOf(id);
    await setStatus(app, id, 'Complete');
    const res = await upload(token, id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe(projectMessages.locked('Media'));
    const removal = await app.api.inject({
      method: 'DELETE',
      url: `/api/projects/${id}/media`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(removal.statusCode).toBe(422);
    expect(await mediaOf(id)).toEqual(before);
  });

  it('removal clears the media and resets its position to no preference', async () => {
    const id = await createProject(app, org, token, { mediaPosition: 'After' });
    await upload(token, id);
    const res = await app.api.inject({
      method: 'DELETE',
      url: `/api/projects/${id}/media`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await mediaOf(id)).toEqual({
      media_url: null,
      media_filename: null,
      media_filetype: null,
      media_size: null,
      media_position: 'NoPreference',
    });
  });
});
