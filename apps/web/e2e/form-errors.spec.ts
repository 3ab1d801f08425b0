import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet } from './support';

// Issue #13 item 3: a refused submit shows where the problem is. On a 390 px phone the first field in error is
// scrolled into view (not under the header or the bottom menu) and focused, on every form.

/** The field is focused and really visible: the point at its centre belongs to it, not to a bar over it. */
async function expectShownAndFocused(field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport({ ratio: 1 });
  await expect
    .poll(() =>
      field.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit === el || el.contains(hit) || (hit instanceof HTMLLabelElement && hit.control === el);
      }),
    )
    .toBe(true);
}

async function cartWithOneLine(page: Page, baseURL: string) {
  const cities = await apiGet<{ slug: string; branches: { id: number }[] }[]>('/api/v1/branches/');
  const city =
    cities.find((c) => c.slug === 'moskva' && c.branches.length > 0) ??
    cities.find((c) => c.branches.length > 0)!;
  const url = new URL(baseURL);
  await page.context().addCookies([
    { name: 'selectedCity', value: city.slug, domain: url.hostname, path: '/' },
    { name: 'selectedBranchId', value: String(city.branches[0]!.id), domain: url.hostname, path: '/' },
  ]);
  await page.goto('/');
  const list = await page.request.post('/api/v1/catalog/maslyanye-filtry/products/', {
    data: { page: 1, sort: 'popular', order: 'desc', filter: {} },
  });
  const slug = ((await list.json()) as { results: { slug: string }[] }).results[1]!.slug;
  const added = await page.request.post('/api/v1/payment/cart/add-item/', {
    data: { product: slug, quantity: 1, with_installation: false, transport: '', city: city.slug },
  });
  expect(added.status(), await added.text()).toBe(200);
}

test.describe('the first field in error is shown and focused', () => {
  test('order form: name, then phone, then consent @phone', async ({ page, baseURL }) => {
    await cartWithOneLine(page, baseURL!);
    await page.goto('/order');
    const submit = page.locator('[data-order-submit]');

    // Nothing filled in: the button is far below the name field on a phone.
    await submit.scrollIntoViewIfNeeded();
    await expect(page.getByLabel('Имя')).not.toBeInViewport();
    await submit.click();
    await expectShownAndFocused(page.getByLabel('Имя'));
    await expect(page.getByLabel('Имя')).toHaveAttribute('aria-invalid', 'true');

    // Name given, phone wrong (an 8 and nine digits is too short).
    await page.getByLabel('Имя').fill('Анна');
    await page.getByLabel('Телефон').fill('912345');
    await submit.scrollIntoViewIfNeeded();
    await submit.click();
    await expectShownAndFocused(page.getByLabel('Телефон'));
    await expect(page.getByText('Номер введен неверно')).toBeVisible();

    // Contacts right, paid at the branch (no receipt e-mail to ask for), consent missing: the checkbox above the button.
    await page.getByLabel('Телефон').fill('89161234567');
    await page.locator('[data-payment-method="cash"]').click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await submit.click();
    await expectShownAndFocused(page.locator('[data-order-consent]'));
    await expect(page.getByText('Подтвердите согласие на обработку персональных данных')).toBeVisible();
  });

  test('order form on a desktop: the name field is focused in view', async ({ page, baseURL }) => {
    await cartWithOneLine(page, baseURL!);
    await page.goto('/order');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('[data-order-submit]').click();
    await expectShownAndFocused(page.getByLabel('Имя'));
  });

  test('callback form: the phone field when only the name is given @phone', async ({ page }) => {
    await page.goto('/pages');
    await page.locator('header [data-help-button]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Консультация' });
    await dialog.getByLabel('Имя').fill('Анна');
    await dialog.getByLabel('Сообщение').fill('Нужны колодки');
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expectShownAndFocused(dialog.getByLabel('Телефон'));
  });

  test('sign-in form: the password field when only the phone is given @phone', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-bottom-menu]').getByRole('button', { name: 'Профиль' }).click();
    const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await dialog.getByLabel('Телефон').fill('9161234567');
    await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
    await expectShownAndFocused(dialog.getByLabel('Пароль'));
  });
});
