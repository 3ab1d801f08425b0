import { expect, test, type Page } from '@playwright/test';
import { listing } from './catalog-support';
import { apiGet } from './support';

// Issue #12 item 9: every storefront response carries the security headers; pages carry a nonce-based CSP that
// the shop's own pages never violate (Next's scripts, hydration, modals, the map, the cart).

const STATIC_HEADERS: Record<string, RegExp> = {
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'permissions-policy': /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
  'cross-origin-opener-policy': /^same-origin$/,
};

function expectStaticHeaders(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(STATIC_HEADERS)) expect(headers[name], name).toMatch(value);
}

function nonceOf(csp: string | undefined): string {
  const match = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '');
  expect(match, `nonce in ${csp}`).not.toBeNull();
  return match![1]!;
}

/** Collects CSP violations of the page (reported as events and as console errors). */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test.describe('security headers', () => {
  test('pages carry a fresh nonce CSP, framing is refused, and the usual headers are set @desktop', async ({
    request,
  }) => {
    const first = await request.get('/');
    expect(first.status()).toBe(200);
    const headers = first.headers();
    expectStaticHeaders(headers);
    const csp = headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toContain("'unsafe-eval'");
    // Plain http here: no HSTS, no upgrade.
    expect(headers['strict-transport-security']).toBeUndefined();

    const nonce = nonceOf(csp);
    const html = await first.text();
    // Every script of the page is Next's or ours, each with this response's nonce; none without it.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      if (/type="application\/ld\+json"/.test(attrs)) continue;
      expect(attrs, attrs).toContain(`nonce="${nonce}"`);
    }
    const second = await request.get('/');
    expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonce);
  });

  // test-e2e.mjs runs the main pair with WEB_TRUST_PROXY=loopback: this suite stands in for a TLS-terminating
  // proxy that says the customer came over HTTPS.
  test('over HTTPS pages add HSTS and upgrade insecure requests @desktop', async ({ request }) => {
    const res = await request.get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(res.headers()['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  test('answers that are not pages carry them too: the API proxy, media, a 404 @desktop', async ({
    request,
  }) => {
    const api = await request.get('/api/v1/showcase/');
    expect(api.status()).toBe(200);
    expectStaticHeaders(api.headers());

    const missing = await request.get('/no/such/page');
    expect(missing.status()).toBe(404);
    expectStaticHeaders(missing.headers());
    expect(missing.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    const showcase = await apiGet<{ logo: string }>('/api/v1/showcase/');
    const logo = new URL(showcase.logo, 'http://x').pathname;
    expect(logo).toMatch(/^\/media\//);
    const media = await request.get(logo);
    expect(media.status()).toBe(200);
    expectStaticHeaders(media.headers());
    // An SVG opened by itself must not run script as the shop.
    expect(media.headers()['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
  });

  test('the shop works under its CSP: no violation on home, category, product, cart and branch map', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // The branch map (Leaflet: inline styles, tiles from the configured host).
    await page.locator('header [data-city-button]:visible').first().click();
    const dialog = page.getByRole('dialog', { name: 'ВЫБОР ГОРОДА' });
    await dialog.locator('[data-branch-id]').first().click();
    await expect(dialog.locator('[data-branch-map][data-ready="true"]')).toBeVisible();
    await page.keyboard.press('Escape');

    const { results } = await listing('maslyanye-filtry', {
      page: 1,
      sort: 'popular',
      order: 'desc',
      filter: {},
    });
    await page.goto('/catalog/filtry/maslyanye-filtry');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: results[0]!.title }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[0]!.title);
    await page
      .getByRole('button', { name: /В корзину/ })
      .first()
      .click();

    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
