import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../platform/paths';
import { printedSchema } from '../schema';

// `npm run schema:print` writes schema.graphql; `--check` fails when the committed file is stale.
const file = path.join(repoRoot, 'schema.graphql');
const printed = printedSchema();
if (process.argv.includes('--check')) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== printed) {
    console.error('schema.graphql is stale: run `npm run schema:print` and commit the result.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date');
} else {
  fs.writeFileSync(file, printed);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
