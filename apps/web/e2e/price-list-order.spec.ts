import { expect as baseExpect, test } from '@playwright/test';
import { apiGet, expectAccessible, queryDb, screenshot } from './support';
import { adminScreenshot, createStaff, signInStaff } from './admin-support';

// Issue #15, the must-show flow end to end through the UI: a manager creates a supplier, maps its columns from a
// sample, sets the supplier's markup and uploads its price list; the run's bar goes to «Готово». Then a customer
// (another browser context) finds the product — which the city has none of — at the supplier's price with the
// markup, «Под заказ, 3 дня», puts it in the cart, orders it (cash, pickup) and sees the day it is expected:
// today in Moscow plus the list's 3 days. Desktop only (CI time); its product is one no other spec takes.

// The waits are generous: a shared 2-core machine under load takes seconds for a first render and for the job.
const expect = baseExpect.configure({ timeout: 30_000 });

interface City {
  slug: string;
  branches: { id: number }[];
}

const MARKUP_PERCENT = 20;

/** The customer's price as the shop computes it: the purchase price plus the markup, in kopecks rounded. */
const withMarkup = (purchase: number, percent: number) =>
  Math.round((Math.round(purchase * 100) * (10_000 + Math.round(percent * 100))) / 10_000) / 100;

/** A date (YYYY-MM-DD) as the shop writes it in the order: «29 ноября». */
const dayMonth = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
};

/** Today in Moscow plus `days` calendar days, as YYYY-MM-DD. */
function moscowTodayPlus(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

test('a price list uploaded in the back office sells a product «под заказ» at the marked-up price, and the order shows the expected day @desktop', async ({
  browser,
  page,
  baseURL,
}, info) => {
  test.setTimeout(180_000);

  // A product matched by its article and brand alone (no other product shares the article), in a visible
  // category, from the end of the catalogue at an offset no other spec takes (offers: 3–5, suppliers: 40–43).
  const [product] =
    (await queryDb<{ id: number; slug: string; article: string; brand: string; price: string }>(
      `select p.id, p.slug, p.article, m.title as brand, p.price::text as price
       from products p
       join manufacturers m on m.id = p.manufacturer_id
       join categories c on c.id = p.category_id and not c.is_hidden
       where p.is_active and not p.is_service and p.price > 0
         and not exists (select 1 from products q where q.article_normalized = p.article_normalized and q.id <> p.id)
       order by p.id desc
       offset 60 limit 1`,
      [],
    )) ?? [];
  test.skip(!product, 'needs the e2e database (DATABASE_URL)');
  const { id: productId, slug, article, brand } = product!;

  // No own stock anywhere, and no offer of an earlier run's supplier: only this run's price list sells it.
  await queryDb(`update stock set quantity = reserved where product_id = $1`, [productId]);
  await queryDb(`delete from supplier_offers where product_id = $1`, [productId]);

  // The supplier's price: a multiple of 5 roubles near the shop's own price, so the 20 % markup gives whole
  // roubles, and never the price the product had.
  const ownPrice = Number(product!.price);
  let purchase = Math.max(5, Math.round((ownPrice * 0.7) / 5) * 5);
  if (withMarkup(purchase, MARKUP_PERCENT) === ownPrice) purchase += 5;
  const expectedPrice = withMarkup(purchase, MARKUP_PERCENT);
  expect(expectedPrice).not.toBe(ownPrice);
  const priceText = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(expectedPrice);

  const supplier = `Поставщик сквозной ${Date.now()}`;
  const csv = [
    'Артикул;Бренд;Наименование;Цена;Остаток;Дней до склада',
    `${article};${brand};Деталь из прайс-листа;${String(purchase).replace('.', ',')};8;3`,
  ].join('\r\n');
  const file = { name: 'price-list-order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') };

  // ---- the manager, in the back office ----
  const staffContext = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1280, height: 800 },
  });
  const desk = await staffContext.newPage();
  const staff = createStaff('manager', { name: 'Кузнецова Анна' });
  await signInStaff(desk, staff, '/admin/suppliers');
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Поставщики');

  // A new supplier whose own term (7 days) the list's lines override.
  await desk.getByLabel('Название').fill(supplier);
  await desk.getByLabel('Срок поставки, дней').fill('7');
  await desk.getByRole('button', { name: 'Добавить' }).click();
  const row = desk.locator('tr[data-supplier]').filter({ hasText: supplier });
  await expect(row).toBeVisible();
  const [created] = (await queryDb<{ id: number }>(`select id from suppliers where title = $1`, [supplier]))!;
  expect(created).toBeTruthy();

  // Its columns from a sample: the usual titles are suggested, the delivery column is chosen by hand.
  await row.getByRole('link', { name: supplier }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(supplier);
  const mapping = desk.locator('[data-mapping-form]');
  await mapping.getByLabel('Образец файла (CSV или XLSX)').setInputFiles(file);
  await expect(
    mapping.locator('[data-preview]').getByRole('cell', { name: 'Деталь из прайс-листа' }),
  ).toBeVisible();
  await expect(mapping.locator('select[data-field="article"]')).toHaveValue('t:Артикул');
  await expect(mapping.locator('select[data-field="brand"]')).toHaveValue('t:Бренд');
  await expect(mapping.locator('select[data-field="price"]')).toHaveValue('t:Цена');
  await expect(mapping.locator('select[data-field="quantity"]')).toHaveValue('t:Остаток');
  await expect(mapping.locator('select[data-field="delivery_days"]')).toHaveValue('');
  await mapping
    .locator('select[data-field="delivery_days"]')
    .selectOption({ label: 'Дней до склада (столбец 6)' });
  await mapping.getByRole('button', { name: 'Сохранить столбцы' }).click();
  await expect(mapping.getByRole('status')).toHaveText('Сохранено');

  // The supplier's own markup rule: it is more specific than any rule for every supplier, so it is the one applied.
  await desk.getByRole('link', { name: '← Все поставщики' }).click();
  await desk.getByRole('link', { name: 'Наценки' }).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Наценки');
  const ruleForm = desk.locator('[data-markup-form]');
  await ruleForm.getByLabel('Поставщик').selectOption({ label: supplier });
  await ruleForm.getByLabel('Наценка, %').fill(String(MARKUP_PERCENT));
  await ruleForm.getByRole('button', { name: 'Добавить правило' }).click();
  await expect(ruleForm.getByRole('status')).toHaveText('Правило добавлено');
  await expect(desk.locator('tr[data-rule]').filter({ hasText: supplier })).toContainText(
    `+${MARKUP_PERCENT} %`,
  );
  // No other rule names this supplier (with a brand it would be more specific still).
  const rules = (await queryDb<{ n: number }>(
    `select count(*)::int as n from markup_rules where supplier_id = $1`,
    [created!.id],
  ))!;
  expect(rules[0]!.n).toBe(1);

  // The price list: uploaded, its bar runs to the end.
  await desk.getByRole('link', { name: 'Поставщики', exact: true }).first().click();
  await desk
    .locator('tr[data-supplier]')
    .filter({ hasText: supplier })
    .getByRole('link', { name: supplier })
    .click();
  const upload = desk.locator('[data-price-list-form]');
  await upload.getByLabel('Файл прайс-листа').setInputFiles(file);
  await upload.getByRole('button', { name: 'Загрузить прайс-лист' }).click();
  const run = desk.locator('[data-run]');
  await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(run).toHaveAttribute('data-status', 'done');
  await expect(run.getByText('Готово')).toBeVisible();
  await expect(run.locator('[data-count="matched"]')).toHaveText('1');
  await expect(run.locator('[data-count="errors"]')).toHaveText('0');
  await expectAccessible(desk);
  await adminScreenshot(desk, info, 'price-list-order-supplier');
  await staffContext.close();

  // ---- the customer, in a browser of their own, in Moscow ----
  const cities = await apiGet<City[]>('/api/v1/branches/');
  const city = cities.find((c) => c.slug === 'moskva' && c.branches.length > 0)!;
  expect(city).toBeTruthy();
  const host = new URL(baseURL!).hostname;
  await page.context().addCookies([
    { name: 'selectedCity', value: city.slug, domain: host, path: '/' },
    { name: 'selectedBranchId', value: String(city.branches[0]!.id), domain: host, path: '/' },
  ]);
  const expected = moscowTodayPlus(3);
  const expectedText = dayMonth(expected);

  const detail = await apiGet<{ categories: string[][] }>(`/api/v1/catalog/products/${slug}/`);
  await page.goto(`/catalog/${detail.categories[0]!.join('/')}/product_${slug}`);
  const offer = page.getByTestId('offer');
  await expect(offer).toContainText('Под заказ, 3 дня');
  await expect(offer).toContainText(`ожидается ${expectedText}`);
  await expect(page.getByTestId('price')).toContainText(priceText);
  await screenshot(page, info, 'price-list-order-product');
  await expectAccessible(page);

  await page
    .getByRole('button', { name: /В корзину/ })
    .first()
    .click();
  await expect(page.getByText('Товар в корзине')).toBeVisible();
  await page.goto('/cart');
  const line = page.locator(`[data-cart-line="${slug}"]`);
  await expect(line).toContainText('под заказ, 3 дня');
  await expect(line).toContainText(priceText);
  await expect(page.locator('[data-cart-checkout]')).not.toHaveAttribute('aria-disabled', 'true');
  await page.locator('[data-cart-checkout]').click();
  await expect(page).toHaveURL(/\/order$/);

  // Cash, picked up at the Moscow branch chosen above.
  await expect(page.locator('[data-order-branch]')).toHaveAttribute(
    'data-order-branch',
    String(city.branches[0]!.id),
  );
  await page.getByLabel('Имя').fill('Анна');
  await page.getByLabel('Телефон').fill('9991234517');
  await page.locator('[data-payment-method="cash"]').click();
  await page.locator('[data-order-consent]').check();
  await page.locator('[data-order-submit]').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));
  await expect(page.locator(`[data-summary-line="${slug}"] [data-summary-line-offer]`)).toHaveText(
    `под заказ, ожидается ${expectedText}`,
  );
  await screenshot(page, info, 'price-list-order-order');
  await expectAccessible(page);

  // What the order holds: this supplier's line, its purchase and sale prices, the day it is expected.
  const [item] = (await queryDb<{
    supplier_id: number;
    purchase_price: string;
    price: string;
    expected: string;
    delivery_days: number;
  }>(
    `select supplier_id, purchase_price::text as purchase_price, price::text as price, delivery_days,
            to_char(expected_at, 'YYYY-MM-DD') as expected
     from order_items where order_id = $1`,
    [orderId],
  ))!;
  expect(item).toMatchObject({ supplier_id: created!.id, delivery_days: 3, expected });
  expect(Number(item!.purchase_price)).toBe(purchase);
  expect(Number(item!.price)).toBe(expectedPrice);
});
