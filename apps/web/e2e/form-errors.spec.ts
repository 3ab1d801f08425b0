import { expect, test, type Locator } from '@playwright/test';
import { cartWithOneLine } from './support';

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

test.describe('the first field in error is shown and focused', () => {
  test('order form: name, then phone, then consent @phone', async ({ page, baseURL }) => {
    await cartWithOneLine(page, baseURL!, 1);
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
    await cartWithOneLine(page, baseURL!, 1);
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
