import { expect, test, type Page } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminScreenshot, createStaff, signInStaff } from './admin-support';
import { cartWithOneLine, expectAccessible, queryDb, signUp, uniquePhoneDigits } from './support';

// The order desk (issue #14): a customer places a cash order in the storefront; a manager sees it appear, takes it
// into assembly, marks it ready (the customer gets the SMS), the customer's /profile/orders shows it, the manager
// hands it over; another order is cancelled and its stock goes back on sale.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** test-e2e.mjs runs the API with DATA_DIR=data/e2e, whose outbox receives every SMS. */
const OUTBOX = process.env.OUTBOX_PATH || path.join(ROOT, 'data/e2e/outbox.jsonl');

/**
 * A cash order for one item, by whoever is signed in on `page` (or a guest). Each project orders its own goods:
 * air filters, which no other suite orders, so the stock the product page shows moves only with these orders.
 */
async function placeCashOrder(page: Page, baseURL: string, salt: number) {
  const slug = await cartWithOneLine(page, baseURL, salt, 'vozdushnye-filtry');
  const digits = uniquePhoneDigits();
  await page.goto('/order');
  await page.getByLabel('Имя').fill('Пётр Сидоров');
  await page.getByLabel('Телефон').fill(digits);
  await page.locator('[data-payment-method="cash"]').click();
  await page.locator('[data-order-consent]').check();
  await page.locator('[data-order-submit]').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ №\d{9} оформлен$/, {
    timeout: 30_000,
  });
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/\d{9}/)![0];
  return { number, slug };
}

/** What the product page says is in stock in the customer's city («В наличии в городе Москва: 12 шт.»). */
async function stockOnPage(page: Page, slug: string): Promise<number> {
  await page.goto(`/catalog/filtry/vozdushnye-filtry/product_${slug}`);
  const text = await page
    // Not anchored at the end: a note on the customer's own branch (issue #17) may follow in the same line.
    .getByText(/^(В наличии в городе .*: \d+ шт\.|Нет в наличии в вашем городе)/)
    .textContent({ timeout: 15_000 });
  return Number(/(\d+) шт\./.exec(text ?? '')?.[1] ?? 0);
}

const openReservations = async (number: string) =>
  (
    await queryDb<{ n: number }>(
      `select count(*)::int as n from reservations r join orders o on o.id = r.order_id
       where o.number = $1 and r.released_at is null`,
      [number],
    )
  )?.[0]?.n;

test('a cash order goes from the storefront through the desk to the customer; another is cancelled', async ({
  browser,
  page: desk,
  baseURL,
}, info) => {
  test.skip(info.project.name === 'phone', 'the back office is for desktop and tablet');
  test.setTimeout(300_000);
  // The customer, signed in, in a browser of their own; the manager on the project's screen (desktop or tablet).
  const customer = await (await browser.newContext({ baseURL })).newPage();
  await signUp(customer);
  const manager = createStaff('manager', { name: 'Смирнов Пётр' });
  await signInStaff(desk, manager, '/admin/orders');
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText('Заказы');

  const { number } = await placeCashOrder(customer, baseURL!, info.project.name === 'tablet' ? 1 : 0);

  // The list refreshes by itself: the new order appears on the «Новый» tab without a reload.
  await expect(desk.locator(`[data-order-row="${number}"]`)).toBeVisible({ timeout: 15_000 });
  await expect(desk.locator('[data-status-tab="new"]')).toContainText(/\d/);
  await expectAccessible(desk);
  await adminScreenshot(desk, info, 'orders');

  await desk.locator(`[data-order-row="${number}"] a`).click();
  await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`Заказ №${number}`);
  await expect(desk.locator('[data-reservations]')).toContainText('держится');
  await desk.locator('[data-move-to="assembling"]').click();
  await expect(desk.locator('[data-move-to="ready"]')).toBeVisible();
  const before = existsSync(OUTBOX) ? readFileSync(OUTBOX, 'utf8').length : 0;
  await desk.locator('[data-move-to="ready"]').click();
  await expect(desk.locator('[data-move-to="completed"]')).toBeVisible();
  await expect
    .poll(() => (existsSync(OUTBOX) ? readFileSync(OUTBOX, 'utf8').slice(before) : ''), { timeout: 15_000 })
    .toContain(`Заказ №${number} готов к выдаче`);

  // The customer follows the order in their account and sees it ready.
  await customer.goto('/profile/orders');
  await expect(customer.locator(`[data-order-number="${number}"]`)).toContainText('Готов к выдаче');

  await expectAccessible(desk);
  await adminScreenshot(desk, info, 'order');
  await desk.locator('[data-move-to="completed"]').click();
  await expect(desk.getByText('Заказ завершён: статус больше не меняется.')).toBeVisible();
  await expect(desk.locator('[data-history]')).toContainText('«Готов к выдаче» → «Выдан»');
  await expect(desk.locator('[data-history]')).toContainText('Смирнов Пётр');

  // The pick list prints without the frame.
  await desk.goto(`/admin/orders/${number}/print`);
  await expect(desk.locator('[data-pick-list]')).toContainText(`Лист сборки — заказ №${number}`);
  await expectAccessible(desk);
  await adminScreenshot(desk, info, 'pick-list');

  // Another order is cancelled with a reason; its hold is released and the product page offers the unit again.
  const second = await placeCashOrder(customer, baseURL!, info.project.name === 'tablet' ? 3 : 2);
  expect(await openReservations(second.number)).not.toBe(0);
  const heldStock = await stockOnPage(customer, second.slug);
  await desk.goto(`/admin/orders/${second.number}`);
  await desk.getByRole('button', { name: 'Отменить заказ' }).click();
  await desk.getByRole('button', { name: 'Подтвердить отмену' }).click();
  await expect(desk.getByText('Обязательное поле').first()).toBeVisible();
  await desk.getByLabel('Причина отмены').fill('Покупатель передумал');
  await desk.getByRole('button', { name: 'Подтвердить отмену' }).click();
  await expect(desk.getByRole('heading', { level: 1 }).locator('..')).toContainText('Отменён');
  const released = await openReservations(second.number);
  if (released !== undefined) expect(released).toBe(0);
  await expect.poll(() => stockOnPage(customer, second.slug), { timeout: 5_000 }).toBe(heldStock + 1);

  await desk.goto('/admin');
  await expect(desk.locator('[data-orders-today]')).toHaveText(/\d/);
  await expectAccessible(desk);
  await adminScreenshot(desk, info, 'dashboard');
});
