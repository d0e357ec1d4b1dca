import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestViewerResolver } from '../src/platform/auth/request-viewer';
import { createHttpApp } from '../src/platform/http/app';
import { buildSchema } from '../src/schema';
import { createTestApp } from './harness';

// A web build as Vite writes it: hashed assets under /assets, each with its .br and .gz next to it.
const script = 'console.log("canvass");'.repeat(200);
const shell = '<!doctype html><title>Canvass</title><div id="root"></div>' + ' '.repeat(2000);

let web: FastifyInstance;
let dist: string;

beforeAll(async () => {
  const { platform } = await createTestApp();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'canvass-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
  };
  write('assets/index-AbC123.js', script);
  write('index.html', shell);
  web = await createHttpApp(
    { ...platform, config: { ...platform.config, webDist: dist } },
    buildSchema(),
    requestViewerResolver(platform),
    [],
  );
});

afterAll(async () => {
  await web.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web build as a production site', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for good', async () => {
    const res = await web.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await web.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await web.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets a browser keep index.html without asking, at / and on a client-side route', async () => {
    for (const url of ['/', '/clients/12/overview']) {
      const res = await web.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(shell);
    }
  });

  it("answers a path of the server's own that no route serves with a 404, never the app shell", async () => {
    for (const url of ['/auth/google/start', '/webhooks/Nowhere/status', '/api/nothing', '/graphql/extra']) {
      const res = await web.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found' });
    }
  });
});
