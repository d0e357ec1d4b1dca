import fs from 'node:fs';
import path from 'node:path';
import { benchmarks } from './benchmarks';

/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME` one; `--list` names them. Each prints its figure
 * and its ratio to a baseline measured in the same run, and writes bench/results/NAME.json.
 */
const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const b of benchmarks) console.log(`${b.name.padEnd(24)} ${b.description}`);
  process.exit(0);
}
const chosen = args.length ? benchmarks.filter((b) => args.includes(b.name)) : benchmarks;
if (chosen.length === 0) {
  console.error(`unknown benchmark: ${args.join(' ')} (see --list)`);
  process.exit(2);
}
const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
for (const b of chosen) {
  const r = await b.run();
  const result = {
    name: b.name,
    value: r.value,
    unit: r.unit,
    baseline: r.baseline,
    ratio: r.value / r.baseline,
    target: r.target,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  };
  fs.writeFileSync(path.join(resultsDir, `${b.name}.json`), JSON.stringify(result, null, 2) + '\n');
  console.log(
    `${b.name}: ${r.value.toFixed(1)} ${r.unit} (baseline ${r.baseline.toFixed(1)} ${r.unit}, ratio ${result.ratio.toFixed(2)}, target ${r.target})`,
  );
}
process.exit(0);
