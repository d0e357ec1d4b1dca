// Whether a build must be made again: it is missing, or a file under its sources is newer than it.
import fs from 'node:fs';
import path from 'node:path';

/** The latest modification time of a file under `dir`, build outputs and installed packages aside. */
function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

/** True when `built` (a file) is missing or older than a file in any of the `sources` folders. */
export function isStale(built, sources) {
  if (!fs.existsSync(built)) return true;
  return fs.statSync(built).mtimeMs < Math.max(...sources.map(newest));
}
