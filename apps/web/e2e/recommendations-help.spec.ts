import { expect, test, type Page } from '@playwright/test';
import { API_BASE_URL, expectAccessible } from './support';
import { apiPost, listing, type ListItem } from './catalog-support';

// Issue #13 item 10: recommendations («С этим покупают») on the product page and in the cart, from
// POST catalog/recommendations/; the help modal's HELP and SPECIAL_OFFER types from the product and cart pages,
// each button reporting its showcase goal (button_product_help … button_cart_special).

interface Showcase {
  metrics: Record<string, string | number>;
}

/** Stands in for the Yandex Metrika counter: records every goal the page reaches. */
async function recordGoals(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __podborMetricId: number; ym: unknown; __goals: string[] };
    w.__goals = [];
    w.__podborMetricId = 1;
    w.ym = (_id: number, method: string, goal: string) => {
      if (method === 'reachGoal') w.__goals.push(goal);
    };
  });
}
const goals = (page: Page) => page.evaluate(() => (window as unknown as { __goals: string[] }).__goals);

async function helpButton(page: Page, name: string, dialogTitle: string, goal: string) {
  await page.getByRole('button', { name }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await expect(dialog).toBeVisible();
  expect(await goals(page)).toContain(goal);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test.describe('recommendations and help', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the product page shows «С этим покупают» and offers help and a special offer', async ({ page }) => {
    const showcase = (await (await fetch(`${API_BASE_URL}/api/v1/showcase/`)).json()) as Showcase;
    const product = (await listing('perednie-kolodki', {})).results[0]!;
    const category = product.categories[0]!;
    const recommended = await apiPost<ListItem[]>('/api/v1/catalog/recommendations/', {
      product: product.slug,
      category: category.at(-1),
    });
    expect(recommended.length).toBeGreaterThan(0);

    await recordGoals(page);
    await page.goto(`/catalog/${category.join('/')}/product_${product.slug}`);
    const shelf = page.getByRole('region', { name: 'С этим покупают' });
    await expect(shelf.getByRole('article')).toHaveCount(Math.min(4, recommended.length));
    await expect(shelf.getByRole('article').first()).toContainText(recommended[0]!.title);

    await helpButton(
      page,
      'Помощь в подборе',
      'Помощь в подборе',
      String(showcase.metrics.button_product_help),
    );
    await helpButton(
      page,
      'Узнать цену со скидкой',
      'Специальное предложение',
      String(showcase.metrics.button_product_special),
    );
    await expectAccessible(page);
  });

  test('the cart shows «С этим покупают» without what is already in it, and offers help and a special offer', async ({
    page,
  }) => {
    const showcase = (await (await fetch(`${API_BASE_URL}/api/v1/showcase/`)).json()) as Showcase;
    await recordGoals(page);
    await page.goto('/cart');
    // The first pads the city has in stock (a product with none cannot go into the cart).
    let product: ListItem | undefined;
    for (const candidate of (await listing('perednie-kolodki', {})).results) {
      const added = await page.request.post('/api/v1/payment/cart/add-item/', {
        data: { product: candidate.slug, quantity: 1, with_installation: false, transport: '', city: '' },
      });
      if (added.status() === 200) {
        product = candidate;
        break;
      }
    }
    expect(product, 'a product in stock').toBeDefined();

    await page.goto('/cart');
    const shelf = page.getByRole('region', { name: 'С этим покупают' });
    await expect(shelf.getByRole('article').first()).toBeVisible();
    await expect(shelf.getByRole('article').filter({ hasText: product!.title })).toHaveCount(0);

    await helpButton(page, 'Помощь с заказом', 'Помощь в подборе', String(showcase.metrics.button_cart_help));
    await helpButton(
      page,
      'Узнать цену со скидкой',
      'Специальное предложение',
      String(showcase.metrics.button_cart_special),
    );
    await expectAccessible(page);
  });
});
