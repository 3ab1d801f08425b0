// `npm run bench:vehicle-search` (issue #17): the search test table (vehicle-search-table.ts) through the search
// box's service on DATABASE_URL (only read): each query, the vehicle and category expected and answered, and the
// hit rate. Exits 1 below 95 %.
//   DATABASE_URL=postgres://… npm run bench:vehicle-search
import { createDb } from '../src/db/client';
import { createSearchService } from '../src/modules/search/search.service';
import { runVehicleSearchTable } from './vehicle-search-table';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:vehicle-search reads a seeded catalogue: set DATABASE_URL.');
  process.exit(1);
}
const handle = await createDb({ databaseUrl, poolSize: 2 });
const search = createSearchService(handle.db);
const started = performance.now();
const { rows, hitRate } = await runVehicleSearchTable((query) =>
  search.search({ query, transport: undefined, transport_id: undefined }),
);
const ms = performance.now() - started;
const width = (key: 'query' | 'expected') => Math.max(...rows.map((r) => [...r[key]].length), key.length);
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
console.log(`${pad('query', width('query'))}  ${pad('expected', width('expected'))}  ok  answered`);
for (const r of rows)
  console.log(
    `${pad(r.query, width('query'))}  ${pad(r.expected, width('expected'))}  ${r.hit ? '✓ ' : '✗ '}  ${r.got}`,
  );
const hits = rows.filter((r) => r.hit).length;
console.log(
  `\nhit rate: ${hits}/${rows.length} = ${(hitRate * 100).toFixed(1)} % (target ≥ 95 %); ${(ms / rows.length).toFixed(1)} ms per query, uncached`,
);
await handle.close();
process.exit(hitRate >= 0.95 ? 0 : 1);
