import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesFor, measure } from './bundle-budget.mjs';

// A manifest shaped like Vite's: the entry imports a shared chunk; the page is loaded dynamically.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    css: ['assets/index.css'],
    imports: ['_shared.js'],
    dynamicImports: ['src/page.tsx'],
  },
  '_shared.js': { file: 'assets/shared.js' },
  'src/page.tsx': { file: 'assets/page.js', imports: ['_shared.js'], css: ['assets/page.css'] },
  'src/console.tsx': { file: 'assets/console.js' },
};

describe('bundle budget', () => {
  it("counts a route's static imports and stylesheets once, and not what loads later", () => {
    expect(filesFor(manifest, ['index.html']).sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/shared.js',
    ]);
    expect(filesFor(manifest, ['index.html', 'src/page.tsx']).sort()).toEqual([
      'assets/index.css',
      'assets/index.js',
      'assets/page.css',
      'assets/page.js',
      'assets/shared.js',
    ]);
  });

  it('fails a route over its budget and passes one under it', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-budget-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    // Random bytes do not compress: about 3 kB gzip for the page, next to almost nothing for the rest.
    for (const file of ['index.js', 'index.css', 'shared.js', 'page.css', 'console.js'])
      fs.writeFileSync(path.join(dist, 'assets', file), 'x'.repeat(100));
    fs.writeFileSync(path.join(dist, 'assets/page.js'), crypto.randomBytes(3000));
    const [page, small] = measure(dist, manifest, [
      { name: 'page', modules: ['index.html', 'src/page.tsx'], limitKb: 2 },
      { name: 'console', modules: ['index.html', 'src/console.tsx'], limitKb: 2 },
    ]);
    expect(page.over).toBe(true);
    expect(page.kb).toBeGreaterThan(3);
    expect(small.over).toBe(false);
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names a route module the manifest no longer has', () => {
    expect(() => filesFor(manifest, ['src/renamed.tsx'])).toThrow(/src\/renamed.tsx is not in the Vite manifest/);
  });
});
