import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder at or above `dir` holding a package.json. */
function packageFolder(dir: string): string {
  if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  const parent = path.dirname(dir);
  if (parent === dir) throw new Error(`no package.json above ${dir}`);
  return packageFolder(parent);
}

/**
 * The server's package folder (apps/server), found up from this module rather than a fixed number of `..`: the
 * module runs from src/platform/ under tsx (development, tests) and from the bundle in dist/ under `npm start`.
 */
export const serverRoot = packageFolder(path.dirname(fileURLToPath(import.meta.url)));

/** The repository root: .data/ and the web build are found from here whatever the working directory. */
export const repoRoot = path.resolve(serverRoot, '../..');
