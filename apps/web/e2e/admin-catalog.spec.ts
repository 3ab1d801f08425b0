import { CATALOG_MESSAGES, formatPrice } from '@podbor/contract';
import { expect, test } from '@playwright/test';
import { expectAccessible, queryDb } from './support';
import { adminScreenshot, createStaff, signInStaff, seenWithin } from './admin-support';

// Issue #14, must show: a price edited in the back office appears in the category listing and on the product page
// within 5 s (the API clears its caches in every process on commit; the storefront keeps no catalogue answers).
// Also: the product screen's conflict message when someone else saved first.

interface Target {
  id: number;
  slug: string;
  path: string[];
  price: number;
  categoryId: number;
  manufacturerId: number | null;
}

/** The most popular product of a leaf category (first on its listing), one per project so they do not collide. */
async function target(index: number): Promise<Target | null> {
  const rows = await queryDb<{
    id: number;
    slug: string;
    path: string[];
    price: string;
    category_id: number;
    manufacturer_id: number | null;
  }>(
    `select distinct on (c.id) p.id, p.slug, c.path, p.price, p.category_id, p.manufacturer_id
     from products p join categories c on c.id = p.category_id
     where p.is_active and not p.is_service and not exists (select 1 from categories k where k.parent_id = c.id)
     order by c.id, p.popularity desc, p.id`,
    [],
  );
  const row = rows?.[index * 7 + 3];
  return row
    ? {
        id: Number(row.id),
        slug: row.slug,
        path: row.path,
        price: Number(row.price),
        categoryId: Number(row.category_id),
        manufacturerId: row.manufacturer_id === null ? null : Number(row.manufacturer_id),
      }
    : null;
}

const listingUrl = (t: Target) => `/catalog/${t.path.join('/')}`;
const productUrl = (t: Target) => `${listingUrl(t)}/product_${t.slug}`;

test('a price edited in the back office shows in the category listing and on the product page within 5 s', async ({
  page,
  context,
}, info) => {
  // Sign-in, two screens with axe, two storefront pages reloaded until they show the price, a second tab.
  test.setTimeout(240_000);
  const t = await target(info.project.name === 'tablet' ? 1 : 0);
  test.skip(!t, 'needs the e2e database (DATABASE_URL)');
  const product = t!;
  const newPrice = Math.round(product.price) + 1_234 + (info.project.name === 'tablet' ? 1 : 0);
  const priceText = formatPrice(newPrice);

  // The storefront has shown the old price (so every cache on the way holds it).
  const shop = await context.newPage();
  await shop.goto(listingUrl(product));
  const card = shop
    .locator('article')
    .filter({ has: shop.locator(`a[href$="/product_${product.slug}"]`) })
    .first();
  await expect(card).toBeVisible();
  await shop.goto(productUrl(product));
  await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();

  const admin = createStaff('admin', { name: 'Орлова Мария' });
  await signInStaff(page, admin, '/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Товары');
  await expectAccessible(page);
  await adminScreenshot(page, info, 'products');

  // The list finds it by its number, as by its article or title.
  await page.getByLabel('Номер, артикул или название').fill(String(product.id));
  await page
    .locator('[data-products] tbody tr')
    .filter({ has: page.getByRole('cell', { name: String(product.id), exact: true }) })
    .getByRole('link')
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/products/${product.id}$`));
  const form = page.locator('[data-product-form]');
  await expect(form).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Описание' })).toBeVisible();
  // The product's category and manufacturer are shown in their fields (offered as choices to change). A label
  // around a select is named with the chosen option too: hence the patterns.
  await expect(form.getByLabel(/^Категория/)).toHaveValue(String(product.categoryId));
  await expect(form.getByLabel(/^Производитель/)).toHaveValue(String(product.manufacturerId ?? ''));
  await expectAccessible(page);
  await adminScreenshot(page, info, 'product');

  // A second tab opened before the save: its later save is refused with the conflict message, nothing lost.
  const other = await context.newPage();
  await other.goto(`/admin/products/${product.id}`);
  await expect(other.locator('[data-product-form]')).toBeVisible();

  await page.getByLabel('Цена, ₽', { exact: true }).fill(String(newPrice));
  await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Сохранено');
  const savedAt = Date.now();

  // Both storefront pages are asked at once, each from its own tab.
  const productTab = await context.newPage();
  const [inListing, onPage] = await Promise.all([
    seenWithin(
      shop,
      listingUrl(product),
      async () => ((await card.textContent()) ?? '').includes(priceText),
      savedAt,
    ),
    seenWithin(
      productTab,
      productUrl(product),
      async () => ((await productTab.locator('main').textContent()) ?? '').includes(priceText),
      savedAt,
    ),
  ]);
  expect(inListing, 'listing').toBeLessThan(5_000);
  expect(onPage, 'product page').toBeLessThan(5_000);
  info.annotations.push({ type: 'seen', description: `listing ${inListing} ms, product page ${onPage} ms` });

  await other
    .getByLabel('Название', { exact: true })
    .fill(`${(await other.getByLabel('Название', { exact: true }).inputValue()).trim()} `);
  await other.getByLabel('Старая цена, ₽ (необязательно)').fill(String(newPrice + 500));
  await other.getByRole('button', { name: 'Сохранить', exact: true }).click();
  await expect(other.locator('[data-conflict]')).toContainText(CATALOG_MESSAGES.stale);
  await adminScreenshot(other, info, 'product-conflict');
  await other.getByRole('button', { name: 'Загрузить свежую версию' }).click();
  await expect(other.getByLabel('Цена, ₽', { exact: true })).toHaveValue(String(newPrice));
});
