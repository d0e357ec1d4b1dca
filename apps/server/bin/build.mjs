// The server's production build: src/main.ts and the @canvass/domain sources it imports, bundled by esbuild into
// one ES module that plain `node` runs (bin/canvass.mjs), so no start pays for transpiling TypeScript.
// `npm run build -w @canvass/server` builds; bin/canvass.mjs builds only when the bundle is stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../../../scripts/stale.mjs';

const serverRoot = path.resolve(import.meta.dirname, '..');
const bundle = path.join(serverRoot, 'dist/canvass.mjs');
const sources = ['apps/server/src', 'apps/server/bin', 'packages/domain/src'].map((dir) =>
  path.resolve(serverRoot, '../..', dir),
);

export async function build() {
  // Loaded here, not above: a start with a fresh bundle does not load esbuild.
  const esbuild = await import('esbuild');
  const { dependencies, devDependencies } = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));
  const { outputFiles } = await esbuild.build({
    entryPoints: [path.join(serverRoot, 'src/main.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // The server's declared packages load from node_modules as they do under tsx; what it does not declare
    // (@canvass/domain, TypeScript that node cannot run, and that package's own dependencies) goes in the bundle.
    external: Object.keys({ ...dependencies, ...devDependencies }),
    // Classes and functions keep their source names where bundling would rename one that two files share
    // (errors' names, logs).
    keepNames: true,
    // Stack traces name the bundle's lines; NODE_OPTIONS=--enable-source-maps maps them to the sources, at about
    // 20 MB more memory and 0.3 s more start, which is why it is not on by default.
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
  });
  // Written beside and renamed: servers started together on a stale bundle never import a half-written one.
  for (const file of outputFiles) {
    fs.mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
}

/** Builds when the bundle is missing or older than a source of the server or of @canvass/domain. */
export async function buildIfStale() {
  if (!isStale(bundle, sources)) return;
  console.log('Building the server…');
  await build();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await build();
