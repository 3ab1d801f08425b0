// `npm run bench:price-lists` (issue #15): how fast the supplier price-list readers read, and in how much memory.
// Generates a 1,000,000-line CSV (Windows-1251, ';') and a 200,000-line XLSX into a temp dir, then reads each in
// its own Node process (the readers bundled like the API is for `npm start`): lines/s, total time and peak RSS.
//   npm run bench:price-lists [-- --csv-lines 1000000 --xlsx-lines 200000 --keep]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { log, nodeBin, root } from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    'csv-lines': { type: 'string', default: '1000000' },
    'xlsx-lines': { type: 'string', default: '200000' },
    keep: { type: 'boolean', default: false },
  },
});

const dir = mkdtempSync(path.join(os.tmpdir(), 'podbor-price-lists-'));
const api = path.join(root, 'apps', 'api');
// Bundled next to the API's own build, so its packages resolve from the API's node_modules.
const bench = path.join(api, 'dist', 'bench-price-lists.mjs');
const { dependencies } = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
await build({
  entryPoints: [path.join(api, 'src', 'cli', 'bench-price-lists.ts')],
  outfile: bench,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: Object.keys(dependencies ?? {}).flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});

/** Runs a step of the bundled bench in its own process; returns its stdout. */
function step(...stepArgs) {
  return execFileSync(nodeBin, [bench, ...stepArgs], {
    cwd: api,
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  });
}

const mb = (file) => `${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`;
const results = [];
try {
  const csv = path.join(dir, 'price.csv');
  const xlsx = path.join(dir, 'price.xlsx');
  let t = performance.now();
  log(`generating ${args['csv-lines']} CSV lines (Windows-1251, ';')…`);
  step('generate-csv', csv, args['csv-lines']);
  log(`  ${mb(csv)} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  log(`generating ${args['xlsx-lines']} XLSX lines…`);
  step('generate-xlsx', xlsx, args['xlsx-lines']);
  log(`  ${mb(xlsx)} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  for (const [format, file] of [
    ['csv', csv],
    ['xlsx', xlsx],
  ]) {
    log(`reading the ${format.toUpperCase()}…`);
    results.push({ ...JSON.parse(step('read', format, file).trim().split('\n').pop()), size: mb(file) });
  }
} finally {
  if (!args.keep) rmSync(dir, { recursive: true, force: true });
  else log(`files kept in ${dir}`);
}

console.log('\nformat  lines      good       bad    size       time, s   lines/s    peak RSS, MB');
for (const r of results) {
  console.log(
    [
      r.format.padEnd(7),
      String(r.lines).padEnd(10),
      String(r.good).padEnd(10),
      String(r.bad).padEnd(6),
      r.size.padEnd(10),
      String(r.seconds).padEnd(9),
      String(r.linesPerSecond).padEnd(9),
      String(r.peakRssMb),
    ].join(' '),
  );
}
