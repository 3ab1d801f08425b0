// `npm run screenshots`: full-page screenshots of the shop's selling pages at a phone, a tablet and a desktop
// width, for looking at layouts (issue #13 item 9) — home, a category, a product, the cart with two products, the
// order form and the payment page of an order placed by card. Runs against a running storefront (SHOP_URL, default
// http://localhost:3000) in Chromium (CHROME_PATH, default /usr/bin/chromium) and writes
// artifacts/screenshots/<page>-<width>.png. Every width gets a fresh visitor with a city and a vehicle chosen (the
// vehicle the product fits), so prices, stock and fit show as a customer sees them. The card order is paid in the
// payment sandbox when the shop offers it (PAYMENT_SANDBOX_ENABLED); otherwise the page the shop leads to is taken.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, log, root } from './lib.mjs';

const base = (process.env.SHOP_URL || 'http://localhost:3000').replace(/\/$/, '');
const outDir = path.join(root, 'artifacts', 'screenshots');
const WIDTHS = [
  { width: 390, height: 844, mobile: true },
  { width: 834, height: 1112, mobile: true },
  { width: 1440, height: 900, mobile: false },
];
mkdirSync(outDir, { recursive: true });

/** GET through the shop's own /api proxy (as its pages' scripts do). */
async function get(request, pathname) {
  const res = await request.get(`${base}${pathname}`);
  if (!res.ok()) throw new Error(`GET ${pathname}: HTTP ${res.status()}`);
  return res.json();
}

async function post(request, pathname, data) {
  const res = await request.post(`${base}${pathname}`, { data });
  return { ok: res.ok(), status: res.status(), body: await res.json().catch(() => null) };
}

/** What every width shows: a top category with goods, two goods of it, the vehicle the first fits, a city. */
async function pickData(request) {
  const tree = await get(request, '/api/v1/catalog/categories/');
  const top = tree.find((n) => n.found > 0);
  if (!top) throw new Error('The catalogue has no goods to show.');
  const listing = (
    await post(request, `/api/v1/catalog/${top.slug}/products/`, {
      page: 1,
      sort: 'popular',
      order: 'desc',
      filter: {},
    })
  ).body;
  const goods = (listing?.results ?? []).filter((p) => p.price > 0 && p.categories?.[0]?.length);
  if (goods.length < 2) throw new Error(`«${top.title}» has fewer than two goods.`);
  const cities = await get(request, '/api/v1/branches/');
  const city =
    cities.find((c) => c.slug === 'moskva' && c.branches.length) ?? cities.find((c) => c.branches.length);
  return { top, goods, city, vehicle: await vehicleOf(request, goods[0].slug) };
}

/** The first vehicle of the product's fitment drill-down (brand → model → year → transport), or none. */
async function vehicleOf(request, slug) {
  try {
    const at = `/api/v1/catalog/products/${slug}`;
    const [brand] = await get(request, `${at}/brands/`);
    const [model] = await get(request, `${at}/brands/${brand.slug}/models/`);
    const [year] = await get(request, `${at}/brands/${brand.slug}/models/${model.slug}/years/`);
    const [transport] = await get(
      request,
      `${at}/brands/${brand.slug}/models/${model.slug}/years/${year.slug}/transport/`,
    );
    return transport?.id ?? null;
  } catch {
    return null;
  }
}

const productPath = (p) => `/catalog/${p.categories[0].join('/')}/product_${p.slug}`;

async function shoot(page, name, width) {
  // Lazy images and the streamed parts of the page: scroll through once, then back to the top.
  const height = await page.evaluate(() => globalThis.document.body.scrollHeight);
  for (let y = 0; y < height; y += 600) {
    await page.evaluate((top) => globalThis.scrollTo(0, top), y);
    await page.waitForTimeout(60);
  }
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  await page.waitForLoadState('networkidle').catch(() => {});
  const file = path.join(outDir, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  log(`  ${path.relative(root, file)}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
let failed = false;
try {
  for (const size of WIDTHS) {
    log(`${size.width} px`);
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: 1,
      isMobile: size.mobile,
      hasTouch: size.mobile,
      locale: 'ru-RU',
      timezoneId: 'Europe/Moscow',
    });
    const page = await context.newPage();
    try {
      const { top, goods, city, vehicle } = await pickData(context.request);
      if (city) {
        await context.addCookies([
          { name: 'selectedCity', value: city.slug, url: base },
          { name: 'selectedBranchId', value: String(city.branches[0].id), url: base },
        ]);
      }
      // The proxy remembers ?transport_id= as the chosen vehicle (SPEC §2–§3).
      await page.goto(vehicle ? `${base}/?transport_id=${vehicle}` : `${base}/`);
      await shoot(page, 'home', size.width);

      await page.goto(`${base}/catalog/${top.slug}`);
      await shoot(page, 'category', size.width);

      await page.goto(`${base}${productPath(goods[0])}`);
      await shoot(page, 'product', size.width);

      let added = 0;
      for (const product of goods) {
        const res = await post(context.request, '/api/v1/payment/cart/add-item/', {
          product: product.slug,
          quantity: 1,
          with_installation: false,
          transport: vehicle ?? '',
          city: city?.slug ?? '',
        });
        if (res.ok && ++added === 2) break;
      }
      if (added < 2) throw new Error('Could not put two goods into the cart.');
      await page.goto(`${base}/cart`);
      await shoot(page, 'cart', size.width);

      await page.goto(`${base}/order`);
      await page.getByLabel('Имя').fill('Иван Петров');
      await page.getByLabel('Телефон').fill('9991234567');
      const card = page.locator('[data-payment-method="sandbox"], [data-payment-method="card"]').first();
      if (await card.count()) {
        await card.click();
        const sms = page.locator('[data-order-receipt-choice="sms"]');
        if (await sms.count()) await sms.check();
      }
      await page.locator('[data-order-consent]').check();
      await shoot(page, 'order', size.width);

      await page.locator('[data-order-submit]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/order'), { timeout: 30_000 });
      if (/\/payment\/sandbox\//.test(page.url())) {
        await page.getByRole('button', { name: 'Оплатить' }).click();
        await page.waitForURL(/\/payment\?/, { timeout: 30_000 });
      }
      await page.getByRole('heading', { level: 1 }).waitFor();
      await shoot(page, 'payment', size.width);
    } catch (error) {
      failed = true;
      console.error(`${size.width} px: ${error.message}`);
      await page.screenshot({ path: path.join(outDir, `failed-${size.width}.png`), fullPage: true });
    } finally {
      await context.close();
    }
  }
} finally {
  await browser.close();
}
log(failed ? 'screenshots: some pages failed (see above)' : `screenshots in ${path.relative(root, outDir)}/`);
process.exit(failed ? 1 : 0);
