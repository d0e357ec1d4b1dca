// `npm start` builds the web app only when its build is missing or older than its sources.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');

if (isStale(built, [path.join(root, 'apps/web'), path.join(root, 'packages/domain/src')])) {
  console.log('Building the web app…');
  execSync('npm run build -w @canvass/web', { cwd: root, stdio: 'inherit' });
}
