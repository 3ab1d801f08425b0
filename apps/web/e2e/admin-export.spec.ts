import { readFile } from 'node:fs/promises';
import { PRODUCT_EXPORT_COLUMNS } from '@podbor/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible, queryDb } from './support';
import { adminScreenshot, createStaff, signInStaff } from './admin-support';

// Issue #15: the back office's products list downloads what it shows (the current search) as CSV for Russian
// Excel or as XLSX; and the storefront serves the Yandex Market feed at /feeds/yandex.yml.

/** A product with a distinctive article, one per project so desktop and tablet never look at the same rows. */
async function target(index: number) {
  const rows = await queryDb<{ id: number; article: string; title: string }>(
    `select p.id, p.article, p.title from products p
     where p.is_active and not p.is_service and p.price > 0 and length(p.article) >= 6
       and not exists (select 1 from categories c where c.id = p.category_id and c.is_hidden)
       and (select count(*) from products o where o.article_normalized = p.article_normalized) = 1
     order by p.id limit 10`,
    [],
  );
  const row = rows?.[index * 3 + 1];
  return row ? { id: Number(row.id), article: row.article, title: row.title } : null;
}

test('the products list downloads its search as CSV and XLSX @tablet', async ({ page }, info) => {
  // Sign-in (argon2 + TOTP) and two downloads on a busy machine.
  test.setTimeout(120_000);
  const t = await target(info.project.name === 'tablet' ? 1 : 0);
  test.skip(!t, 'needs the e2e database (DATABASE_URL)');
  const product = t!;

  const admin = createStaff('admin', { name: 'Орлова Мария' });
  await signInStaff(page, admin, '/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Товары');

  await page.getByLabel('Номер, артикул или название').fill(product.article);
  const rows = page.locator('[data-products] tbody tr');
  await expect(
    rows.filter({ has: page.getByRole('cell', { name: String(product.id), exact: true }) }),
  ).toHaveCount(1);
  const csvLink = page.locator('a[data-export="csv"]');
  await expect(csvLink).toHaveAttribute('href', new RegExp(`q=${encodeURIComponent(product.article)}`));
  await expectAccessible(page);
  await adminScreenshot(page, info, 'products-export');

  const [csv] = await Promise.all([page.waitForEvent('download'), csvLink.click()]);
  expect(csv.suggestedFilename()).toMatch(/^products-\d{4}-\d\d-\d\d\.csv$/);
  const bytes = await readFile((await csv.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  const c = PRODUCT_EXPORT_COLUMNS;
  expect(lines[0]!.split(';').slice(0, 5)).toEqual([c.id, c.article, c.manufacturer, c.title, c.category]);
  const line = lines.find((l) => l.startsWith(`${product.id};`));
  expect(line, lines.slice(0, 3).join('\n')).toBeDefined();
  expect(line).toContain(product.article);

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a[data-export="xlsx"]').click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = await readFile((await xlsx.path())!);
  // An XLSX file is a ZIP archive.
  expect(book.subarray(0, 2).toString('latin1')).toBe('PK');
});

test('the storefront serves the Yandex Market feed on its own origin @tablet', async ({ request }, info) => {
  test.setTimeout(60_000);
  const t = await target(info.project.name === 'tablet' ? 1 : 0);
  test.skip(!t, 'needs the e2e database (DATABASE_URL)');
  const product = t!;
  const feed = await request.get('/feeds/yandex.yml');
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('xml');
  const xml = await feed.text();
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="')).toBe(true);
  expect(xml).toContain(`<offer id="${product.id}" `);
  expect(xml.trimEnd().endsWith('</yml_catalog>')).toBe(true);
});
