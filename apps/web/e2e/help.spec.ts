import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, queryDb, uniquePhoneDigits } from './support';

async function openHelp(page: Page) {
  await page.locator('header [data-help-button]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Консультация' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('help modal and callback', () => {
  test('validates, sends a callback the API stores, and closes on Escape', async ({ page }) => {
    // Within the line's hours (8:00–22:00 Moscow time), when the 17-minute promise holds.
    await page.clock.setFixedTime(new Date('2026-11-25T12:00:00+03:00'));
    await page.goto('/pages');
    await expect(page).toHaveURL(/\/pages\/[a-z0-9-]+$/);
    const source = page.url();
    const dialog = await openHelp(page);

    await expect(dialog.getByText('Нужна консультация специалиста')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Оставьте свой номер телефона' })).toBeVisible();
    await expect(dialog).toContainText('17 минут');
    await expect(dialog.getByText('максимальное количество символов 1000')).toBeVisible();
    await expect(dialog.locator('[data-auth-warning]')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');

    // Everything is required.
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(dialog.getByText('Обязательное поле')).toHaveCount(3);
    await expect(dialog.getByLabel('Имя')).toBeFocused();

    // Masks: the name keeps letters and spaces only; the phone is shaped as +7 (XXX) XXX-XX-XX.
    const name = dialog.getByLabel('Имя');
    await name.fill('Иван 2 Petrov!');
    await expect(name).toHaveValue('Иван Petrov');
    const phone = dialog.getByLabel('Телефон');
    await phone.fill('912');
    await expect(phone).toHaveValue('+7 (912');
    await dialog.getByLabel('Сообщение').fill('Нужны передние колодки');
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(dialog.getByText('Номер введен неверно')).toBeVisible();
    await expect(dialog.getByLabel('Сообщение')).toHaveAttribute('maxlength', '1000');

    const digits = uniquePhoneDigits();
    await phone.fill(digits);
    await expect(phone).toHaveValue(
      `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8, 10)}`,
    );
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(dialog.getByRole('heading', { name: 'Заявка принята' })).toBeVisible();

    const rows = await queryDb<{
      name: string;
      phone: string;
      message: string;
      source: string;
      type: string;
    }>('select name, phone, message, source, type from feedback where phone = $1 order by id desc limit 1', [
      `+7${digits}`,
    ]);
    if (rows) {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        name: 'Иван Petrov',
        message: 'Нужны передние колодки',
        source,
        type: 'CONSULTATION',
      });
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.locator('header [data-help-button]').first()).toBeFocused();

    // Closing cleared the form.
    const again = await openHelp(page);
    await expect(again.getByLabel('Имя')).toHaveValue('');
    await expect(again.getByLabel('Телефон')).toHaveValue('');
    await expect(again.getByLabel('Сообщение')).toHaveValue('');
  });

  test('shows any send failure on the phone field', async ({ page }) => {
    await page.route('**/api/v1/feedback/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"errors":{"detail":"x"}}' }),
    );
    await page.goto('/');
    const dialog = await openHelp(page);
    await dialog.getByLabel('Имя').fill('Анна');
    await dialog.getByLabel('Телефон').fill(uniquePhoneDigits());
    await dialog.getByLabel('Сообщение').fill('Перезвоните');
    await dialog.getByRole('button', { name: 'Жду звонка' }).click();
    await expect(dialog.getByText('Введен некорректный номер телефона')).toBeVisible();
    await expect(dialog.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
  });

  test('locks the page scroll and keeps focus inside while open', async ({ page }) => {
    await page.goto('/');
    const dialog = await openHelp(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await page.evaluate(() => document.getElementById('app-root')?.hasAttribute('inert'))).toBe(true);
    const zIndex = await page.evaluate(
      () => getComputedStyle(document.querySelector('[role="dialog"]')!.parentElement!).zIndex,
    );
    expect(zIndex).toBe('1104');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    // Enter on a focused button activates it: the close button.
    await dialog.getByRole('button', { name: 'Закрыть' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });
});
