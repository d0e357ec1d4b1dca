// `npm run check:bundle`: fails when a first screen of the built web app loads more than its budget.
import path from 'node:path';
import { measure, readManifest } from './bundle-budget.mjs';

const dist = path.resolve(import.meta.dirname, '../dist');
const results = measure(dist, readManifest(dist));
for (const r of results) {
  const verdict = r.over ? 'OVER BUDGET' : 'ok';
  console.log(`${r.name}: ${r.kb.toFixed(1)} kB gzip of ${r.limitKb} kB (${r.files.length} files) ${verdict}`);
}
if (results.some((r) => r.over)) process.exit(1);
