import { expect, test, type Page } from '@playwright/test';
import { cartWithOneLine, expectAccessible, queryDb, screenshot, uniquePhoneDigits } from './support';

// Issue #13 items 4, 5, 6: a card order asks where its 54-FZ receipt goes; a customer who backs out of paying keeps
// the order and pays at pickup (or again by card); a guest follows the order by number and phone.
// The two flows share the order form and the payment page: each runs at one width (the e-mail one on the desktop,
// the SMS one on the phone), so both widths go through an after-order flow and CI pays for each flow once.

/** A guest with one oil filter in the cart: one of six from `salt` on, so the projects and tests differ. */
const guestWithCart = (page: Page, baseURL: string, salt: number) =>
  cartWithOneLine(page, baseURL, salt + Math.floor(Math.random() * 6));

const orderIdOf = (page: Page) => Number(new URL(page.url()).searchParams.get('orderId'));

test.describe('after the order', () => {
  test('receipt by e-mail; a backed-out payment becomes payment at pickup; the guest follows the order @desktop', async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    const slug = await guestWithCart(page, baseURL!, info.project.name === 'phone' ? 6 : 0);
    const digits = uniquePhoneDigits();
    await page.goto('/order');
    await page.getByLabel('Имя').fill('Ольга');
    await page.getByLabel('Телефон').fill(digits);
    await page.locator('[data-payment-method="sandbox"]').click();
    await page.locator('[data-order-consent]').check();

    // Item 4: a card payment asks where the receipt goes; an e-mail is required when chosen.
    await expect(page.locator('[data-order-receipt]')).toBeVisible();
    const email = page.getByLabel('E-mail для чека');
    await expect(email).toBeVisible();
    await page.locator('[data-order-submit]').click();
    await expect(email).toBeFocused();
    await expect(page.getByText('Укажите e-mail для чека или выберите SMS')).toBeVisible();
    await email.fill(`olga.${digits}@example.ru`);
    await page.locator('[data-order-submit]').click();
    await expect(page).toHaveURL(/\/api\/v1\/payment\/sandbox\//);

    // Item 5: «Отменить» on the payment page keeps the order and its stock.
    await page.getByRole('button', { name: 'Отменить' }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
    const orderId = orderIdOf(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ №\d{9} не оплачен$/);
    await expect(page.getByText('Произошла ошибка', { exact: false })).toHaveCount(0);
    await expect(page.locator('[data-payment-pay-again]')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'after-order-unpaid');
    const [row] = (await queryDb<{ status: string; email: string; open: number }>(
      `select o.status, o.email, (select count(*)::int from reservations r where r.order_id = o.id and r.released_at is null) as open
         from orders o where o.id = $1`,
      [orderId],
    ))!;
    expect(row).toEqual({ status: 'awaiting_payment', email: `olga.${digits}@example.ru`, open: 1 });

    await page.locator('[data-payment-pay-at-pickup]').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ №\d{9} оформлен$/);

    // Item 6: the success page shows the lines, the total, the branch and when it will be ready…
    const summary = page.locator('[data-order-summary]');
    await expect(summary.locator(`[data-summary-line="${slug}"]`)).toBeVisible();
    await expect(summary.locator('[data-summary-total]')).toContainText('₽');
    await expect(summary.locator('[data-summary-branch]')).not.toBeEmpty();
    await expect(summary.locator('[data-summary-ready]')).toContainText(/соберём|привезём/);
    // …and leads a guest to the order-status page, not to «Мои заказы» behind a login.
    await expect(page.getByRole('link', { name: 'Мои заказы' })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, info, 'after-order-success');
    const number = (await page.getByRole('heading', { level: 1 }).textContent())!.match(/\d{9}/)![0];
    await page.locator('[data-payment-follow]').click();
    await expect(page).toHaveURL(new RegExp(`/order-status\\?number=${number}$`));
    await expect(page.getByLabel('Номер заказа')).toHaveValue(number);

    // A wrong phone says «not found» like an unknown number would.
    await page.getByLabel('Телефон, указанный в заказе').fill('9000000000');
    await page.locator('[data-lookup-submit]').click();
    await expect(page.locator('[data-lookup-error]')).toContainText(
      'Заказ с таким номером и телефоном не найден',
    );
    await page.getByLabel('Телефон, указанный в заказе').fill(`8${digits}`);
    await page.locator('[data-lookup-submit]').click();
    await expect(page.locator('[data-lookup-result]')).toHaveAttribute('data-lookup-result', 'new');
    await expect(page.locator(`[data-lookup-result] [data-summary-line="${slug}"]`)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'after-order-lookup');

    // The footer links the page too.
    await page.goto('/');
    await page.locator('[data-footer-order-status]').click();
    await expect(page).toHaveURL(/\/order-status$/);
  });

  test('receipt by SMS; after backing out the customer pays by card again @phone', async ({
    page,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    await guestWithCart(page, baseURL!, info.project.name === 'phone' ? 9 : 3);
    await page.goto('/order');
    await page.getByLabel('Имя').fill('Пётр');
    await page.getByLabel('Телефон').fill(uniquePhoneDigits());
    await page.locator('[data-payment-method="sandbox"]').click();
    await page.locator('[data-order-receipt-choice="sms"]').check();
    await expect(page.getByLabel('E-mail для чека')).toHaveCount(0);
    await page.locator('[data-order-consent]').check();
    await page.locator('[data-order-submit]').click();
    await expect(page).toHaveURL(/\/api\/v1\/payment\/sandbox\//);
    const firstPage = page.url();
    await page.getByRole('button', { name: 'Отменить' }).click();
    await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
    const orderId = orderIdOf(page);
    // SMS chosen: no e-mail on the order, so the receipt goes to the phone.
    expect(await queryDb<{ email: string }>(`select email from orders where id = $1`, [orderId])).toEqual([
      { email: '' },
    ]);
    await page.locator('[data-payment-pay-again]').click();
    await expect(page).toHaveURL(/\/api\/v1\/payment\/sandbox\//);
    expect(page.url()).not.toBe(firstPage);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Заказ №\d{9} оплачен$/);
    await expect(page.locator('[data-order-summary]')).toBeVisible();
  });
});
