import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible } from './support';

test.describe('info pages and 404', () => {
  test('/pages goes to the first page of the menu, which renders its content', async ({ page }) => {
    const menu = await apiGet<{ title: string; slug: string }[]>('/api/v1/pages/menu/');
    const first = menu[0]!;
    await page.goto('/pages');
    await expect(page).toHaveURL(new RegExp(`/pages/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title);
    await expect(page).toHaveTitle(new RegExp(`^${first.title} — `));
    await expect(page.locator('article p').first()).toBeVisible();
    await expect(page.locator('article script')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('another page is reached from the menu', async ({ page }) => {
    const menu = await apiGet<{ title: string; slug: string }[]>('/api/v1/pages/menu/');
    const second = menu[1]!;
    await page.goto(`/pages/${menu[0]!.slug}`);
    await page
      .getByRole('navigation', { name: 'Разделы для покупателей' })
      .getByRole('link', { name: second.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/pages/${second.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
  });

  test('an unknown page slug is a 404 in the shell', async ({ page }) => {
    const res = await page.goto('/pages/no-such-page');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
  });

  test('an unknown URL gives "Страница не найдена" with status 404', async ({ page }) => {
    const res = await page.goto('/definitely/not/here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
    await expect(page).toHaveTitle(/^Страница не найдена — /);
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    await expect(page.getByRole('link', { name: 'На главную', exact: true })).toHaveAttribute('href', '/');
    await expectAccessible(page);
  });
});
