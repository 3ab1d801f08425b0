import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, isPhone, screenshot, type Showcase } from './support';

test.describe('home page', () => {
  test('renders in the shell with the showcase settings', async ({ page }, info) => {
    const showcase = await apiGet<Showcase>('/api/v1/showcase/');
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);

    await expect(page.getByRole('heading', { level: 1 })).toContainText(showcase.title);
    await expect(page).toHaveTitle(new RegExp(showcase.title));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      showcase.seo_description || showcase.description,
    );
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', /.+/);

    const header = page.locator('header').first();
    await expect(
      header.getByRole('link', { name: new RegExp(`${showcase.title} — на главную`) }),
    ).toBeVisible();
    await expect(header.locator('[data-city-button]:visible').first()).toContainText('Город:');
    await expect(header.getByRole('combobox', { name: 'Поиск по каталогу' })).toBeVisible();
    await expect(header.locator('[data-header-phone]')).toHaveAttribute('href', /^tel:\+?\d+$/);
    if (!isPhone(info)) {
      await expect(header.locator('[data-cart-link]')).toContainText('₽');
      await expect(header.getByRole('button', { name: 'Войти' })).toBeVisible();
    }

    const footer = page.locator('footer');
    await expect(footer).toContainText(showcase.footer_text);
    await expect(footer.getByRole('link', { name: 'Политика конфиденциальности' }).last()).toBeVisible();
    if (showcase.phone) await expect(footer).toContainText(showcase.phone);

    // Let the fonts and images settle so the screenshot shows the real thing.
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, info, 'home');
  });

  test('keeps every token out of page scripts @desktop', async ({ page, context }) => {
    await page.goto('/');
    const cookies = await context.cookies();
    const visitor = cookies.find((c) => c.name === 'notAuthorizedToken');
    expect(visitor, 'the server issued an anonymous visitor token').toBeDefined();
    expect(visitor?.httpOnly).toBe(true);
    expect(visitor?.sameSite).toBe('Lax');

    const readable = await page.evaluate(() => document.cookie);
    for (const name of ['notAuthorizedToken', 'access', 'refresh'])
      expect(readable).not.toContain(`${name}=`);
    expect(readable).not.toContain(visitor!.value);

    // The same-origin proxy answers the token call without handing the token to the page.
    const body = await page.evaluate(async () => {
      const res = await fetch('/api/v1/user/token/unauthorized_user/', { method: 'POST' });
      return (await res.json()) as Record<string, unknown>;
    });
    expect(body).not.toHaveProperty('token');
    expect(await page.evaluate(() => document.cookie)).not.toContain('notAuthorizedToken');
  });

  test('the browser reaches the API only through the same-origin proxy @desktop', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.origin !== new URL(page.url() || 'http://x').origin)
        foreign.push(request.url());
    });
    await page.goto('/');
    const menu = await page.evaluate(async () => (await fetch('/api/v1/pages/menu/')).json());
    expect(Array.isArray(menu) && menu.length > 0).toBe(true);
    expect(foreign).toEqual([]);
  });

  test('has no serious accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectAccessible(page);
  });
});
