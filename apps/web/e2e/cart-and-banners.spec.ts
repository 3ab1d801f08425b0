import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { isPhone } from './support';

// Issue #13 item 13: «Удалить выбранные» can be undone; the header badge and the cart summary count the same
// thing (products, with the units beside); banner titles are readable on their art.

async function productsInStock(page: Page, count: number): Promise<string[]> {
  const list = await page.request.post('/api/v1/catalog/maslyanye-filtry/products/', {
    data: { page: 1, sort: 'popular', order: 'desc', filter: {} },
  });
  expect(list.status()).toBe(200);
  const results = ((await list.json()) as { results: { slug: string; in_stock?: boolean }[] }).results;
  const picked = results.filter((p) => p.in_stock).slice(0, count);
  expect(picked.length, 'products in stock to put in the cart').toBe(count);
  return picked.map((p) => p.slug);
}

async function addToCart(page: Page, slug: string, quantity: number) {
  const res = await page.request.post('/api/v1/payment/cart/add-item/', {
    data: { product: slug, quantity, with_installation: false, transport: '', city: '' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const badge = (page: Page, phone: boolean) =>
  phone ? page.locator('[data-bottom-cart-badge]') : page.locator('[data-cart-count]');

test.describe('cart and banners (item 13)', () => {
  test('the summary counts products as the badge does; «Удалить выбранные» is undone by «Вернуть»', async ({
    page,
  }, info) => {
    await page.goto('/');
    const [first, second] = await productsInStock(page, 2);
    await addToCart(page, first!, 3);
    await addToCart(page, second!, 1);

    await page.goto('/cart');
    const lines = page.locator('[data-cart-line]');
    await expect(lines).toHaveCount(2);
    const summary = page.locator('[data-cart-summary]');
    // Two products, four units: the badge says 2, and so does the summary, with the units beside.
    await expect(summary).toContainText('Товары (2 товара, 4 шт.)');
    await expect(badge(page, isPhone(info))).toHaveText(/(^|\D)2$/);
    const total = await page.locator('[data-cart-total-price]').textContent();

    await page.locator('[data-cart-delete-checked]').click();
    await expect(lines).toHaveCount(0);
    const undo = page.locator('[data-cart-undo]');
    await expect(undo).toContainText('2 товара удалено из корзины.');
    await undo.getByRole('button', { name: 'Вернуть' }).click();

    await expect(lines).toHaveCount(2);
    await expect(undo).toHaveCount(0);
    await expect(summary).toContainText('Товары (2 товара, 4 шт.)');
    await expect(page.locator('[data-cart-total-price]')).toHaveText(total!);
    // Put back on the server, not only on the screen: a reload shows the same cart.
    await page.reload();
    await expect(lines).toHaveCount(2);
    await expect(page.locator(`[data-cart-line="${first}"] input[inputmode="numeric"]`)).toHaveValue('3');
    await expect(summary).toContainText('Товары (2 товара, 4 шт.)');
    await expect(badge(page, isPhone(info))).toHaveText(/(^|\D)2$/);
  });

  test('banner titles sit on a scrim dark enough for white text (4.5:1 without their shadow)', async ({
    page,
  }) => {
    await page.goto('/');
    const promos = page.getByRole('region', { name: 'Акции' }).locator('li a');
    // The home page streams: count once the banners are in (fails, by timeout, if they never come).
    await expect(promos.first(), 'the home page shows banners').toBeAttached();
    const count = await promos.count();
    expect(count, 'the home page shows banners').toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const promo = promos.nth(i);
      // In the middle of the screen: at its bottom edge the phone's fixed bottom menu would cover the text.
      await promo.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await expect
        .poll(() =>
          promo.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
      // The text and its shadow made invisible: what is left under the glyphs is the art and the scrim alone.
      const text = promo.locator('span').first();
      await text.evaluate((el) => {
        for (const node of [el, ...el.querySelectorAll('*')] as HTMLElement[]) {
          node.style.color = 'transparent';
          node.style.textShadow = 'none';
        }
      });
      for (const part of await text.locator('strong, span').all()) {
        const png = await part.screenshot();
        const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
        let lightest = 0;
        for (let p = 0; p < info.width * info.height; p++) {
          const [r, g, b] = [data[p * 3]!, data[p * 3 + 1]!, data[p * 3 + 2]!].map((v) => {
            const c = v / 255;
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          lightest = Math.max(lightest, 0.2126 * r! + 0.7152 * g! + 0.0722 * b!);
        }
        const contrast = 1.05 / (lightest + 0.05);
        expect(contrast, `banner ${i + 1}: white on the lightest point of its scrim`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
    }
  });
});
