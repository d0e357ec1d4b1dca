// What a first visit to a route downloads, from Vite's manifest: the entry (index.html) and the route's module,
// with every chunk and stylesheet they import statically (dynamic imports load later, on demand).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The first screens and their budgets in gzip kB (1 kB = 1000 bytes, as Vite reports sizes): issue 10's figures.
 * What keeps the login page under its budget: it loads no GraphQL client (session/graphql-request.ts), only the
 * Mantine stylesheets its components need (shell/public-styles.ts), and React Router's production build.
 */
export const budgets = [
  { name: 'login page', modules: ['index.html', 'src/features/auth/login-page.tsx'], limitKb: 150 },
  {
    name: 'console first screen (dashboard)',
    modules: ['index.html', 'src/shell/layout.tsx', 'src/features/dashboard/dashboard-page.tsx'],
    limitKb: 250,
  },
];

/** The files (JS and CSS) of `modules` and their static imports, each once. */
export function filesFor(manifest, modules) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest: was it renamed? Update the bundle budgets.`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  modules.forEach(visit);
  return [...files];
}

/** Each budget with its measured gzip size; `over` when it exceeds its limit. */
export function measure(dist, manifest, list = budgets) {
  return list.map((budget) => {
    const files = filesFor(manifest, budget.modules);
    const bytes = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length, 0);
    const kb = bytes / 1000;
    return { ...budget, files, kb, over: kb > budget.limitKb };
  });
}

export function readManifest(dist) {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
}
