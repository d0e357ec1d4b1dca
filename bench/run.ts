import fs from 'node:fs';
import path from 'node:path';
import { benchmarks, type BenchResult, type Target } from './benchmarks';

/**
 * `npm run bench` runs every benchmark; `npm run bench -- NAME` one; `--list` names them; `--check` exits non-zero
 * when a result misses its target. Each prints its figure and its ratio to a baseline measured in the same run,
 * marks a miss with MISSED, and writes bench/results/NAME.json.
 */
const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const b of benchmarks) console.log(`${b.name.padEnd(24)} ${b.description}`);
  process.exit(0);
}
const check = args.includes('--check');
const names = args.filter((a) => !a.startsWith('--'));
const chosen = names.length ? benchmarks.filter((b) => names.includes(b.name)) : benchmarks;
if (chosen.length === 0 || chosen.length < names.length) {
  console.error(
    `unknown benchmark: ${names.filter((n) => !benchmarks.some((b) => b.name === n)).join(' ')} (see --list)`,
  );
  process.exit(2);
}

/** Each bound of the target as text, and whether the result meets it. */
function checks(r: BenchResult, ratio: number): { text: string; met: boolean }[] {
  const t: Target = r.target;
  const growth = (r.extra?.rssPeakMb ?? 0) - (r.extra?.rssStartMb ?? 0);
  const out: { text: string; met: boolean }[] = [];
  if (t.valueAtMost !== undefined) out.push({ text: `≤ ${t.valueAtMost} ${r.unit}`, met: r.value <= t.valueAtMost });
  if (t.valueAtLeast !== undefined) out.push({ text: `≥ ${t.valueAtLeast} ${r.unit}`, met: r.value >= t.valueAtLeast });
  if (t.ratioAtMost !== undefined) out.push({ text: `ratio ≤ ${t.ratioAtMost}`, met: ratio <= t.ratioAtMost });
  if (t.ratioAtLeast !== undefined) out.push({ text: `ratio ≥ ${t.ratioAtLeast}`, met: ratio >= t.ratioAtLeast });
  if (t.rssGrowthMbAtMost !== undefined)
    out.push({ text: `RSS growth ≤ ${t.rssGrowthMbAtMost} MB`, met: growth <= t.rssGrowthMbAtMost });
  return out;
}

// Counts as they are (50 columns, not 50.00); large figures rounded, small ones to two decimals.
const fmt = (n: number) => (Number.isInteger(n) || n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));

const resultsDir = path.join(import.meta.dirname, 'results');
fs.mkdirSync(resultsDir, { recursive: true });
const missed: string[] = [];
for (const b of chosen) {
  for (const r of await b.run()) {
    const ratio = r.value / r.baseline;
    const bounds = checks(r, ratio);
    const met = bounds.every((c) => c.met);
    const target = bounds.map((c) => c.text).join(' and ');
    const result = {
      name: r.name,
      value: r.value,
      unit: r.unit,
      baseline: r.baseline,
      ratio,
      target,
      met,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      ...r.extra,
    };
    fs.writeFileSync(path.join(resultsDir, `${r.name}.json`), JSON.stringify(result, null, 2) + '\n');
    const extra = Object.entries(r.extra ?? {})
      .map(([k, v]) => `${k} ${fmt(v)}`)
      .join(', ');
    console.log(
      `${met ? '' : 'MISSED '}${r.name}: ${fmt(r.value)} ${r.unit} (baseline ${fmt(r.baseline)} ${r.unit}, ratio ${ratio.toFixed(2)}; target ${target}${
        met
          ? ''
          : ': ' +
            bounds
              .filter((c) => !c.met)
              .map((c) => `missed ${c.text}`)
              .join(', ')
      }${extra ? `; ${extra}` : ''}; peak RSS ${result.peakRssMb} MB)`,
    );
    if (!met) missed.push(r.name);
  }
}
if (missed.length) console.log(`\n${missed.length} result(s) missed their target: ${missed.join(', ')}`);
process.exit(check && missed.length ? 1 : 0);
