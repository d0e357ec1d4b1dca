import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganization, type BuiltOrganization } from './factories';
import { createTestApp, type TestApp } from './harness';
import { createProject } from './projects-helpers';

/**
 * Uploads that go wrong on the wire: a client that drops the connection halfway, resets it, or sends a broken
 * multipart body must leave no partial file in storage and no file descriptor open; a file name the database
 * cannot store is the client's error (400), never a 500 carrying SQL. The server listens on a real port in this
 * process, so the test sees its descriptors and its storage folder.
 */
let app: TestApp;
let prod: TestApp;
let org: BuiltOrganization;
let token: string;
let projectId: string;
let port: number;

const BOUNDARY = '----canvass-hardening';
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function partHead(filename: string, type: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    'latin1',
  );
}

const routes = () => [
  {
    name: 'a list upload',
    url: '/api/uploads',
    head: partHead('voters.csv', 'text/csv'),
    body: Buffer.alloc(64 * 1024, 'a'),
  },
  {
    name: 'project media',
    url: `/api/projects/${projectId}/media`,
    head: partHead('flyer.png', 'image/png'),
    body: Buffer.concat([PNG_HEAD, Buffer.alloc(64 * 1024, 7)]),
  },
];

/** Descriptors of this process that point into the storage folder (a partial file left open). */
function storageFds(dir: string): number {
  let n = 0;
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    try {
      if (fs.readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir)) n += 1;
    } catch {
      // Closed between the listing and the read.
    }
  }
  return n;
}

/** Every file under the storage folder (partial .tmp files included). */
function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await sleep(20);
  }
  return check();
}

/** Opens a POST to `url`, declares a body larger than what is then written, and writes `sent`. */
async function openUpload(url: string, sent: Buffer): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.on('error', () => {});
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${sent.length + 1_000_000}\r\n\r\n`,
  );
  socket.write(sent);
  return socket;
}

/** Sends a whole request and reads the whole answer: status and body. */
async function rawRequest(url: string, body: Buffer): Promise<{ status: number; body: string }> {
  const socket = net.connect(port, '127.0.0.1');
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body);
  await new Promise((resolve) => socket.once('close', resolve));
  const text = Buffer.concat(chunks).toString();
  const [head, ...rest] = text.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') };
}

beforeAll(async () => {
  app = await createTestApp();
  org = await buildOrganization(app, 'Uploads');
  token = await org.tokenFor('Admin');
  projectId = await createProject(app, org, token);
  await app.api.listen({ port: 0, host: '127.0.0.1' });
  port = (app.api.server.address() as net.AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await app.api.close();
});

describe('an upload that goes wrong on the wire', () => {
  const cases = [
    { how: 'aborted', end: (s: net.Socket) => s.destroy() },
    { how: 'reset', end: (s: net.Socket) => s.resetAndDestroy() },
  ];
  for (const { how, end } of cases) {
    it(`leaves no partial file and no open descriptor when ${how} halfway`, async () => {
      const dir = app.platform.config.filesDir;
      for (const route of routes()) {
        const fdsBefore = storageFds(dir);
        const socket = await openUpload(route.url, Buffer.concat([route.head, route.body]));
        // The partial file exists (storage is writing it) before the client goes away.
        expect(await until(() => storedFiles(dir).some((f) => f.endsWith('.tmp'))), route.name).toBe(true);
        end(socket);
        expect(await until(() => storedFiles(dir).length === 0), `${route.name}: ${storedFiles(dir)}`).toBe(true);
        expect(await until(() => storageFds(dir) === fdsBefore), route.name).toBe(true);
      }
    });
  }

  it('answers a malformed multipart body with a 400 and keeps nothing of it', async () => {
    const dir = app.platform.config.filesDir;
    for (const route of routes()) {
      const fdsBefore = storageFds(dir);
      // The part never ends: the closing boundary is missing.
      const res = await rawRequest(route.url, Buffer.concat([route.head, route.body]));
      expect(res.status, route.name).toBe(400);
      expect(JSON.parse(res.body), route.name).toEqual({ error: expect.any(String) });
      expect(await until(() => storedFiles(dir).length === 0), route.name).toBe(true);
      expect(await until(() => storageFds(dir) === fdsBefore), route.name).toBe(true);
    }
  });
});

describe('a file name with a control character', () => {
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' });
  }, 60_000);

  for (const env of ['development', 'production'] as const) {
    it(`is refused with a 400 and a plain message, never the SQL (${env})`, async () => {
      const target = env === 'production' ? prod : app;
      const prodOrg = env === 'production' ? await buildOrganization(prod, 'Uploads prod') : org;
      const bearer = env === 'production' ? await prodOrg.tokenFor('Admin') : token;
      const project = env === 'production' ? await createProject(prod, prodOrg, bearer) : projectId;
      const bodies = [
        { url: '/api/uploads', type: 'text/csv', body: Buffer.from('Phone\r\n2125550101\r\n') },
        { url: `/api/projects/${project}/media`, type: 'image/png', body: Buffer.concat([PNG_HEAD, Buffer.alloc(64)]) },
      ];
      for (const name of ['vot\u0000ers.csv', 'vot\u0001ers.csv', 'tab\tname.csv', 'del\u007f.csv']) {
        for (const { url, type, body } of bodies) {
          const payload = Buffer.concat([partHead(name, type), body, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
          const res = await target.api.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${bearer}` },
          });
          expect(res.statusCode, `${url} ${JSON.stringify(name)}`).toBe(400);
          expect(res.json()).toEqual({ error: 'The file name may not contain control characters' });
        }
      }
      const dir = target.platform.config.filesDir;
      expect(storedFiles(path.join(dir, 'uploads')).concat(storedFiles(path.join(dir, 'media')))).toEqual([]);
      const { rows } = await target.sql('SELECT count(*)::int AS n FROM uploads');
      expect(rows[0].n).toBe(0);
    });
  }
});
