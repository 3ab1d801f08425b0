// `npm run js-budget [-- PATH ...]`: first-load JavaScript of storefront pages, gzipped, as a browser gets it.
// Fetches each page from the running storefront (BASE_URL, default :3000), takes every <script src> of the HTML
// except `nomodule` polyfills (the scripts a first visit downloads; lazily imported chunks are not in the HTML
// and not counted), fetches them and gzips each at level 6 (what servers send). Inline scripts (the RSC payload)
// are printed separately. Exits non-zero when a page is over the budget (JS_BUDGET_KB, default 170).
import { gzipSync } from 'node:zlib';
import { log } from './lib.mjs';

const base = (process.env.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const budgetKb = Number(process.env.JS_BUDGET_KB || 170);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];

const kb = (bytes) => (bytes / 1024).toFixed(1);
const gz = (buf) => gzipSync(buf, { level: 6 }).length;

async function fetchOk(url) {
  const res = await fetch(url, { headers: { 'user-agent': 'podbor-js-budget' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return res;
}

let failed = false;
for (const p of paths) {
  const url = /^https?:/.test(p) ? p : `${base}${p.startsWith('/') ? p : `/${p}`}`;
  const html = await (await fetchOk(url)).text();
  // `nomodule` scripts (legacy polyfills) are never downloaded by the module-capable browsers Next supports.
  const tags = [...html.matchAll(/<script\b([^>]*)>/g)]
    .map((m) => m[1])
    .filter((a) => /\bsrc="/.test(a) && !/\bnomodule/i.test(a));
  const srcs = [...new Set(tags.map((a) => /\bsrc="([^"]+)"/.exec(a)[1].replace(/&amp;/g, '&')))];
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join('');
  let raw = 0;
  let zipped = 0;
  const rows = [];
  for (const src of srcs) {
    const body = Buffer.from(await (await fetchOk(new URL(src, url))).arrayBuffer());
    raw += body.length;
    const z = gz(body);
    zipped += z;
    rows.push([z, body.length, new URL(src, url).pathname]);
  }
  const over = zipped / 1024 > budgetKb;
  if (over) failed = true;
  console.log(`\n${url}`);
  for (const [z, r, name] of rows.sort((a, b) => b[0] - a[0]))
    console.log(`  ${kb(z).padStart(7)} KB gz  ${kb(r).padStart(7)} KB  ${name}`);
  console.log(
    `  first-load JavaScript: ${kb(zipped)} KB gzipped (${kb(raw)} KB raw) in ${srcs.length} files — budget ${budgetKb} KB${over ? '  ← over' : ''}`,
  );
  console.log(`  inline scripts (RSC payload, JSON-LD): ${kb(gz(Buffer.from(inline)))} KB gzipped`);
}
log(failed ? `JS budget: over ${budgetKb} KB` : `JS budget: every page within ${budgetKb} KB`);
process.exit(failed ? 1 : 0);
