import { expect, test, type Page } from '@playwright/test';
import { queryDb } from './support';

// Issue #12 on the running storefront: what its own server and the /api proxy refuse, seen by a real browser.

test.describe('@desktop storefront guards', () => {
  test('a malformed percent-escape gets the shop’s 404 (page) or the JSON 404 (API), never a plain 500', async ({
    request,
  }) => {
    for (const path of ['/catalog/%zz', '/catalog/%E0%A4%A', '/manufacturer/%C0%AF', '/media/%zz']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(res.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(await res.text(), path).toContain('Страница не найдена');
    }
    for (const path of ['/api/v1/catalog/products/%zz/', '/api/v1/%E0%A4%A/']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.json(), path).toEqual({ errors: { detail: 'Не найдено.' } });
    }
  });

  /**
   * The shop under a name Chromium resolves to this machine, so a sibling subdomain is the same site: its
   * requests carry the shop's SameSite=Lax cookies, which is what made the attack work.
   */
  function shopOrigin(baseURL: string): URL {
    const url = new URL(baseURL);
    url.hostname = 'shop.localhost';
    return url;
  }

  async function cartCount(page: Page): Promise<number> {
    return page.evaluate(async () => {
      const res = await fetch('/api/v1/payment/cart/', { method: 'POST' });
      return ((await res.json()) as { total: number }).total;
    });
  }

  test('a page of another site, or of a sibling subdomain, cannot empty the cart or sign the customer out', async ({
    page,
    baseURL,
  }) => {
    const rows = await queryDb<{ slug: string }>(
      `select p.slug from stock s join products p on p.id = s.product_id
        where s.quantity - s.reserved >= 5 and p.is_active and not p.is_service order by p.id limit 1`,
      [],
    );
    expect(rows, 'DATABASE_URL of the e2e database').not.toBeNull();
    const shop = shopOrigin(baseURL!);

    // The shop's own page calls the proxy as usual (Sec-Fetch-Site: same-origin).
    await page.goto(new URL('/', shop).toString());
    const added = await page.evaluate(async (product) => {
      const res = await fetch('/api/v1/payment/cart/add-item/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ product, quantity: 1, with_installation: false }),
      });
      return res.status;
    }, rows![0]!.slug);
    expect(added).toBe(200);
    const before = await cartCount(page);
    expect(before).toBeGreaterThan(0);

    // A sibling subdomain's page: a body-less `no-cors` POST, which carries the customer's cookies. (The page is
    // this server under the sibling's name: Chromium keeps a page it did not load from this machine off it.)
    const sibling = new URL('/robots.txt', shop);
    sibling.hostname = 'evil.shop.localhost';
    const clearUrl = new URL('/api/v1/payment/cart/clear/', shop).toString();
    await page.goto(sibling.toString());
    const refused = page.waitForResponse((r) => r.url() === clearUrl);
    await page.evaluate(async (url) => {
      await fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' });
    }, clearUrl);
    expect((await refused).status()).toBe(403);

    // Another site's form posting to the logout route (127.0.0.1 and shop.localhost are different sites).
    const other = new URL('/robots.txt', baseURL);
    other.hostname = '127.0.0.1';
    const logoutUrl = new URL('/api/session/logout', shop).toString();
    await page.goto(other.toString());
    const logout = page.waitForResponse((r) => r.url() === logoutUrl);
    await page.evaluate((action) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.action = action;
      document.body.append(form);
      form.submit();
    }, logoutUrl);
    const answer = await logout;
    expect(answer.status()).toBe(403);
    expect(await answer.json()).toEqual({
      errors: { detail: 'Запрос отклонён: он отправлен не со страницы магазина.' },
    });

    await page.goto(new URL('/', shop).toString());
    expect(await cartCount(page)).toBe(before);
  });
});
