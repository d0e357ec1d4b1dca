// `npm start` builds the web app only when its build is missing or older than its sources.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = Math.max(newest(path.join(root, 'apps/web')), newest(path.join(root, 'packages/domain/src')));
if (!fs.existsSync(built) || fs.statSync(built).mtimeMs < sources) {
  console.log('Building the web app…');
  execSync('npm run build -w @canvass/web', { cwd: root, stdio: 'inherit' });
}
