// `npm run lighthouse [-- URL ...]`: Lighthouse (mobile preset, simulated throttling) on the running storefront.
// Prints performance, accessibility, SEO and best-practices per URL plus the page's JavaScript weight, saves the
// reports under artifacts/lighthouse/, and exits non-zero when a page is under the thresholds below.
// Needs Chromium (CHROME_PATH, default /usr/bin/chromium) and a running storefront (BASE_URL, default :3000).
// LH_RUNS: runs per page (the median is reported); LH_CART_PRODUCTS: slugs to put in the cart first (see below).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { log, root } from './lib.mjs';

const THRESHOLDS = { performance: 90, accessibility: 95, seo: 95 };
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

const base = (process.env.BASE_URL || 'http://127.0.0.1:3000').replace(/\/$/, '');
const args = process.argv.slice(2);
const urls = (args.length ? args : ['/']).map((u) =>
  /^https?:/.test(u) ? u : `${base}${u.startsWith('/') ? u : `/${u}`}`,
);
const runs = Math.max(1, Number(process.env.LH_RUNS || 1));
const outDir = path.join(root, 'artifacts', 'lighthouse');
mkdirSync(outDir, { recursive: true });

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

/**
 * LH_CART_PRODUCTS=slug,slug: a visitor cart holding those products (put in through the storefront's own proxy,
 * as a browser would), its session cookie sent with every audited page — for auditing `/cart` with lines in it.
 */
async function cartCookie(slugs) {
  let cookie = '';
  for (const slug of slugs) {
    const res = await fetch(`${base}/api/v1/payment/cart/add-item/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ product: slug, quantity: 1, with_installation: false, transport: '', city: '' }),
    });
    if (!res.ok) throw new Error(`LH_CART_PRODUCTS: ${slug}: HTTP ${res.status} ${await res.text()}`);
    const jar = new Map(cookie ? cookie.split('; ').map((c) => c.split(/=(.*)/s).slice(0, 2)) : []);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  return cookie;
}
const cartSlugs = (process.env.LH_CART_PRODUCTS || '').split(',').filter(Boolean);
const extraHeaders = cartSlugs.length ? { Cookie: await cartCookie(cartSlugs) } : undefined;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
let failed = false;
try {
  for (const url of urls) {
    // One discarded run first: it warms the server's caches (rendered data, API answers) and this Chrome, as
    // they are for every visitor but the first on a live shop; the reported figure comes from the runs after it.
    await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders,
    });
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: ['json', 'html'],
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        extraHeaders,
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      results.push(result);
    }
    // With several runs the median performance run is reported (performance is the noisy one).
    const perfOf = (r) => r.lhr.categories.performance.score ?? 0;
    const chosen = results.find((r) => perfOf(r) === median(results.map(perfOf))) ?? results[0];
    const { lhr, report } = chosen;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const slug = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    writeFileSync(path.join(outDir, `${slug}.report.json`), report[0]);
    writeFileSync(path.join(outDir, `${slug}.report.html`), report[1]);

    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    );
    const items = lhr.audits['resource-summary']?.details?.items ?? [];
    const script = items.find((i) => i.resourceType === 'script');
    const total = items.find((i) => i.resourceType === 'total');
    const metric = (id) => lhr.audits[id]?.displayValue ?? '?';
    console.log(`\n${url}`);
    for (const c of CATEGORIES) {
      const min = THRESHOLDS[c];
      const ok = min === undefined || scores[c] >= min;
      if (!ok) failed = true;
      console.log(
        `  ${c.padEnd(15)} ${String(scores[c]).padStart(3)}${min !== undefined ? `  (min ${min})${ok ? '' : '  ← below'}` : ''}`,
      );
    }
    console.log(
      `  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    if (script)
      console.log(
        `  JavaScript: ${(script.transferSize / 1024).toFixed(1)} KiB transferred in ${script.requestCount} requests (page total ${((total?.transferSize ?? 0) / 1024).toFixed(1)} KiB)`,
      );
    for (const c of ['accessibility', 'seo']) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          console.log(`  ${c} issue: ${audit.id} — ${audit.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
}
log(
  failed
    ? 'Lighthouse: below the thresholds'
    : `Lighthouse: all pages meet the thresholds (reports in ${path.relative(root, outDir)}/)`,
);
process.exit(failed ? 1 : 0);
