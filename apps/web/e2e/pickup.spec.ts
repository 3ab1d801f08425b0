import { readyForPickupLabel } from '@podbor/contract/pickup-text';
import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, queryDb, screenshot } from './support';

// Pickup where the stock is (issue #17): a product whose only units are at another branch of the city shows, for
// the customer's branch, when a transfer brings them; ordered for pickup at that branch, the order takes the units
// there and its page confirms when it is ready. Each project takes its own product.

interface City {
  slug: string;
  branches: { id: number; title: string }[];
}

test('a product available only in another branch shows its transfer date, and the order confirms it', async ({
  page,
  baseURL,
}, info) => {
  test.skip(!process.env.DATABASE_URL, 'needs the API database to move the stock');
  test.setTimeout(90_000);
  const cities = await apiGet<City[]>('/api/v1/branches/');
  const city =
    cities.find((c) => c.slug === 'moskva' && c.branches.length > 1) ??
    cities.find((c) => c.branches.length > 1)!;
  const [mine, other] = city.branches as [City['branches'][number], City['branches'][number]];
  const url = new URL(baseURL!);
  await page.context().addCookies([
    { name: 'selectedCity', value: city.slug, domain: url.hostname, path: '/' },
    { name: 'selectedBranchId', value: String(mine.id), domain: url.hostname, path: '/' },
  ]);

  // Goods from the end of the catalogue, apart from the ones offers.spec takes; units only at the other branch.
  const offset = ['desktop', 'tablet', 'phone'].indexOf(info.project.name) + 10;
  const [product] = (await queryDb<{ id: number; slug: string }>(
    `select p.id, p.slug from products p join categories c on c.id = p.category_id and not c.is_hidden
      where p.is_active and not p.is_service and p.price > 0 order by p.id desc offset $1 limit 1`,
    [offset],
  ))!;
  await queryDb(`update stock set quantity = reserved where product_id = $1`, [product!.id]);
  await queryDb(
    `insert into stock (warehouse_id, product_id, quantity, reserved)
     select (select min(id) from warehouses where branch_id = $1), $2, 5, 0
     on conflict (warehouse_id, product_id) do update set quantity = stock.reserved + 5`,
    [other.id, product!.id],
  );

  const detail = await apiGet<{ categories: string[][] }>(`/api/v1/catalog/products/${product!.slug}/`);
  await page.goto(`/catalog/${detail.categories[0]!.join('/')}/product_${product!.slug}`);
  const when = /(сегодня|завтра|в [а-я]+, \d{1,2} [а-я]+,) после \d{1,2}:\d{2}/;
  const row = page.getByTestId('pickup-branch').filter({ hasText: mine.title });
  await expect(row.getByTestId('pickup-transfer')).toContainText('Перемещение из филиала');
  await expect(row.getByTestId('pickup-transfer')).toContainText(when);
  await expect(page.getByTestId('pickup-branch').filter({ hasText: other.title })).toContainText('5 шт.');
  await expect(page.getByTestId('my-branch-transfer')).toContainText(when);
  await row.scrollIntoViewIfNeeded();
  await screenshot(page, info, 'pickup-product');
  await expectAccessible(page);

  await page
    .getByRole('button', { name: /В корзину/ })
    .first()
    .click();
  await expect(page.getByText('Товар в корзине')).toBeVisible();
  await page.goto('/cart');
  const cartNote = page.locator(`[data-cart-line="${product!.slug}"] [data-cart-pickup="transfer"]`);
  await expect(cartNote).toContainText('перемещение из филиала');
  await expect(cartNote).toContainText(when);
  await screenshot(page, info, 'pickup-cart');
  await expect(page.locator('[data-cart-checkout]')).not.toHaveAttribute('aria-disabled', 'true');
  await page.locator('[data-cart-checkout]').click();
  await expect(page).toHaveURL(/\/order$/, { timeout: 20_000 });
  await expect(page.locator('[data-order-branch]')).toHaveAttribute('data-order-branch', String(mine.id));
  await expect(page.locator(`[data-order-line="${product!.slug}"] [data-order-line-pickup]`)).toContainText(
    when,
  );
  await page.getByLabel('Имя').fill('Пётр');
  await page.getByLabel('Телефон').fill('9991234501');
  await page.locator('[data-payment-method="cash"]').click();
  await page.locator('[data-order-consent]').check();
  await page.locator('[data-order-submit]').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/, { timeout: 20_000 });
  const orderId = Number(new URL(page.url()).searchParams.get('orderId'));

  // The units are held at the other branch, and the order stored when they reach the customer's.
  const [held] = (await queryDb<{ branch_id: number; quantity: number; ready: Date | null }>(
    `select w.branch_id, r.quantity, o.pickup_ready_at as ready
       from reservations r join warehouses w on w.id = r.warehouse_id join orders o on o.id = r.order_id
      where r.order_id = $1`,
    [orderId],
  ))!;
  expect(held!.branch_id).toBe(other.id);
  expect(held!.ready).not.toBeNull();
  await expect(page.locator('[data-summary-ready]')).toContainText(readyForPickupLabel(held!.ready!));
  await screenshot(page, info, 'pickup-order');
  await expectAccessible(page);
});
