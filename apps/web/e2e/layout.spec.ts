import { expect, test } from '@playwright/test';
import { isPhone } from './support';

const bar = '[data-header-bar]';

test.describe('header variants and mobile menu', () => {
  test('desktop: compact header after scrolling, full again at the top, no bottom menu @desktop', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator(bar)).toHaveAttribute('data-compact', 'false');
    await expect(page.locator('[data-bottom-menu]')).toBeHidden();
    await expect(page.locator('[data-transport-button]')).toBeHidden();

    await page.mouse.wheel(0, 900);
    await expect(page.locator(bar)).toHaveAttribute('data-compact', 'true');
    // The compact bar slides in (220 ms): measure once it has arrived.
    await expect.poll(async () => (await page.locator(bar).boundingBox())?.y).toBe(0);
    const box = await page.locator(bar).boundingBox();
    expect(box?.height).toBeLessThan(70);
    await expect(page.locator(`${bar} [data-cart-link]`)).toBeInViewport();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.locator(bar)).toHaveAttribute('data-compact', 'false');
  });

  test('desktop under 1000 px: the phone gives way to the focused search field @desktop', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 960, height: 800 });
    await page.goto('/');
    const phone = page.locator('[data-header-phone]');
    await expect(phone).toBeVisible();
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).focus();
    await expect(phone).toBeHidden();
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await expect(phone).toBeVisible();

    // At full desktop width the phone stays while searching.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('combobox', { name: 'Поиск по каталогу' }).focus();
    await expect(phone).toBeVisible();
  });

  test('phone: full header, transport selector and the bottom menu @phone', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Нижнее меню' });
    await expect(menu).toBeVisible();
    for (const label of ['Главная', 'Каталог', 'Корзина', 'Покупателям', 'Профиль']) {
      await expect(menu.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Главная' })).toHaveAttribute('aria-current', 'page');
    const menuBox = await menu.boundingBox();
    expect(Math.round((menuBox?.y ?? 0) + (menuBox?.height ?? 0))).toBe(844);
    // An empty cart shows no badge.
    await expect(menu.locator('[data-bottom-cart-badge]')).toHaveCount(0);

    await expect(page.locator('[data-transport-button]')).toHaveText('Выберите транспорт');

    // The header stays full while scrolling on mobile.
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.waitForTimeout(300);
    await expect(page.locator(bar)).toHaveAttribute('data-compact', 'false');
    await expect(menu).toBeInViewport();

    // Signed out, Profile opens the login dialog.
    await menu.getByRole('button', { name: 'Профиль' }).click();
    const login = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await expect(login).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(login).toBeHidden();

    // Покупателям leads to the first info page.
    await menu.getByRole('link', { name: 'Покупателям' }).click();
    await expect(page).toHaveURL(/\/pages\/[a-z0-9-]+$/);
    await expect(menu.getByRole('link', { name: 'Покупателям' })).toHaveAttribute('aria-current', 'page');
  });

  test('the cart badge counts the cart', async ({ page }, info) => {
    await page.goto('/');
    // Fill the visitor's cart through the same-origin proxy, as the catalogue will.
    const products = await page.evaluate(async () => {
      const res = await fetch('/api/v1/catalog/search/?query=масло');
      return res.ok
        ? ((await res.json()) as { products: { slug: string; is_service?: boolean }[] }).products
        : [];
    });
    const product = products.find((p) => !p.is_service);
    expect(product, 'search finds a product to put in the cart').toBeTruthy();
    const added = await page.evaluate(async (slug) => {
      const res = await fetch('/api/v1/payment/cart/add-item/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          product: slug,
          quantity: 2,
          with_installation: false,
          transport: '',
          city: '',
        }),
      });
      return res.status;
    }, product!.slug);
    expect(added).toBe(200);
    await page.reload();
    if (isPhone(info)) {
      await expect(page.locator('[data-bottom-cart-badge]')).toContainText('1');
    } else {
      await expect(page.locator('[data-cart-count]')).toHaveText('1');
      await expect(page.locator('[data-cart-link]')).not.toContainText(/\b0\s₽/);
    }
  });
});
