// `npm run bench:yml` (issue #15): writes the Yandex Market feed of the PostgreSQL catalogue at DATABASE_URL
// (apps/api/dist/yml-feed.js: the API's own generator, streamed in keyset batches) and prints the time, the
// file's size, the offers and the generator's peak RSS against the budget (≤ 30 s for 200,000 products). The
// catalogue is only read. The file written is then read back with a streaming XML parser (saxes) and checked
// against YML's structure: well-formed UTF-8, unique offer ids, every offer's categoryId listed, every parentId
// listed, positive prices, absolute URLs.
//   DATABASE_URL=postgres://… npm run bench:yml [-- --budget-seconds 30]
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, TextDecoder } from 'node:util';
import { SaxesParser } from 'saxes';
import { log, mtime, newestMtime, nodeBin, npmCmd, root, run } from './lib.mjs';

const { values: args } = parseArgs({ options: { 'budget-seconds': { type: 'string', default: '30' } } });

if (!process.env.DATABASE_URL) {
  console.error('bench:yml measures PostgreSQL: set DATABASE_URL (it is only read).');
  process.exit(1);
}

const sources = newestMtime(['apps/api/src', 'packages/contract/src']);
if (mtime('apps/api/dist/yml-feed.js') < sources) {
  log('building the API…');
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}

const dataDir = path.join(root, 'data', 'bench-yml');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });
const publicUrl = 'https://podbor.example';
log('writing the feed…');
const child = spawnSync(nodeBin, [path.join(root, 'apps/api/dist/yml-feed.js')], {
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: publicUrl,
    JWT_SECRET: 'bench-only-secret-'.padEnd(40, 'x'),
  },
  encoding: 'utf8',
});
if (child.status !== 0) {
  console.error(child.stderr || child.stdout);
  process.exit(1);
}
const result = JSON.parse(child.stdout.trim().split('\n').pop());

log('checking the structure…');
const checked = await checkFeed(result.path);
const seconds = result.ms / 1000;
const budget = Number(args['budget-seconds']);
console.log(
  [
    '',
    `YML feed of ${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//…@')}`,
    `  offers      ${result.offers.toLocaleString('en')}   categories ${result.categories}`,
    `  time        ${seconds.toFixed(1)} s   (budget ${budget} s: ${seconds <= budget ? 'ok' : 'OVER'})`,
    `  size        ${(result.bytes / 1024 / 1024).toFixed(1)} MB`,
    `  peak RSS    ${result.peakRssMb} MB (the generator's process)`,
    `  structure   ${checked.faults.length === 0 ? 'valid' : `${checked.faults.length} faults, first: ${checked.faults.slice(0, 5).join('; ')}`} (${checked.offers.toLocaleString('en')} offers read back)`,
    '',
  ].join('\n'),
);
process.exit(seconds <= budget && checked.faults.length === 0 && checked.offers === result.offers ? 0 : 1);

/** Streams the file through saxes and checks the YML rules the shop relies on. */
async function checkFeed(file) {
  const faults = [];
  const categories = new Set();
  const parents = [];
  const offerIds = new Set();
  const offerCategories = [];
  const absolute = /^https?:\/\/[^\s/]+\/\S*$/;
  const parser = new SaxesParser();
  const stack = [];
  let text = '';
  let offer = null;
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    stack.push(tag.name);
    text = '';
    const a = tag.attributes;
    if (tag.name === 'category') {
      categories.add(a.id);
      if (a.parentId) parents.push(a.parentId);
    } else if (tag.name === 'offer') {
      if (offerIds.has(a.id)) faults.push(`offer id ${a.id} twice`);
      if (!/^[0-9a-zA-Z]{1,20}$/.test(a.id ?? '')) faults.push(`offer id ${a.id}`);
      offerIds.add(a.id);
      offer = { id: a.id, seen: new Set() };
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    if (tag.name === 'offer') {
      for (const required of ['url', 'price', 'currencyId', 'categoryId', 'name'])
        if (!offer.seen.has(required)) faults.push(`offer ${offer.id} without <${required}>`);
      offer = null;
    } else if (offer && stack[stack.length - 1] === 'offer') {
      offer.seen.add(tag.name);
      if (tag.name === 'price' && !(Number(text) > 0)) faults.push(`offer ${offer.id} price ${text}`);
      if ((tag.name === 'url' || tag.name === 'picture') && !absolute.test(text))
        faults.push(`offer ${offer.id} ${tag.name} ${text}`);
      if (tag.name === 'categoryId') offerCategories.push(text);
    }
    text = '';
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of createReadStream(file)) parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode());
  parser.close();
  for (const id of parents) if (!categories.has(id)) faults.push(`parentId ${id} not listed`);
  for (const id of offerCategories) if (!categories.has(id)) faults.push(`categoryId ${id} not listed`);
  return { faults, offers: offerIds.size };
}
