import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, expectAccessible, queryDb } from './support';
import { listing, setVehicle, vehicleFor } from './catalog-support';

// Issue #13 item 9: layouts that sell on a 390 × 844 phone and on 834–1024 px tablets. The product page keeps
// price, stock and «В корзину» on screen (its buy panel, or the buy bar once the panel has scrolled off), the
// category page starts its products in the first screen and keeps the search field reachable, the cart keeps its
// total and «Оформить заказ» in view, and tablet headers keep a usable search box, the vehicle and the cart total.

const ROOT = 'masla-i-zhidkosti';
const LEAF = 'motornye-masla';
const PHONE = { width: 390, height: 844 };

interface City {
  slug: string;
  branches: { id: number }[];
}
interface Stocked {
  slug: string;
}

/** The city the test shops in (the first with a branch, Moscow when it has one), as the page's cookies. */
async function useCity(page: Page, baseURL: string): Promise<string> {
  const cities = await apiGet<City[]>('/api/v1/branches/');
  const city =
    cities.find((c) => c.slug === 'moskva' && c.branches.length > 0) ??
    cities.find((c) => c.branches.length > 0)!;
  await page.context().addCookies([
    { name: 'selectedCity', value: city.slug, url: baseURL },
    { name: 'selectedBranchId', value: String(city.branches[0]!.id), url: baseURL },
  ]);
  return city.slug;
}

/** Goods in stock in the city (not services), different for the two projects so parallel runs do not collide. */
async function stockedGoods(citySlug: string, count: number, salt: number): Promise<string[]> {
  const rows = await queryDb<Stocked>(
    `select p.slug
       from products p
       join stock s on s.product_id = p.id
       join warehouses w on w.id = s.warehouse_id
       join branches b on b.id = w.branch_id and b.is_active
       join cities c on c.id = b.city_id
      where c.slug = $1 and p.is_active and not p.is_service and p.price between 300 and 20000
      group by p.id
     having sum(s.quantity - s.reserved) >= 20
      order by p.id
      limit 300`,
    [citySlug],
  );
  if (!rows) throw new Error('DATABASE_URL is needed: npm run test:e2e passes it');
  expect(rows.length).toBeGreaterThan(salt + count);
  const start = salt + Math.floor(Math.random() * (rows.length - salt - count));
  return rows.slice(start, start + count).map((r) => r.slug);
}

/**
 * The product whose first screen is the tallest: installation offered (one more line in the buy panel), then the
 * longest title (three lines on a phone), then the longest maker (facts on two rows).
 */
async function tallestProduct(citySlug: string): Promise<string> {
  const rows = await queryDb<Stocked>(
    `select p.slug
       from products p
       join stock s on s.product_id = p.id
       join warehouses w on w.id = s.warehouse_id
       join branches b on b.id = w.branch_id and b.is_active
       join cities c on c.id = b.city_id
       left join manufacturers m on m.id = p.manufacturer_id
      where c.slug = $1 and p.is_active and not p.is_service and p.price between 300 and 20000
      group by p.id, m.title
     having sum(s.quantity - s.reserved) >= 20
      order by p.with_installation desc, length(p.title) desc, length(coalesce(m.title, '')) desc, p.id
      limit 1`,
    [citySlug],
  );
  if (!rows) throw new Error('DATABASE_URL is needed: npm run test:e2e passes it');
  return rows[0]!.slug;
}

async function productPath(slug: string): Promise<string> {
  const detail = await apiGet<{ categories: string[][] }>(`/api/v1/catalog/products/${slug}/`);
  return `/catalog/${detail.categories[0]!.join('/')}/product_${slug}`;
}

/** Whole element inside the layout viewport (not under the screen's edges). */
async function expectOnScreen(page: Page, locator: Locator) {
  await expect(locator).toBeVisible();
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const view = page.viewportSize()!;
      const inside =
        !!box &&
        box.y >= 0 &&
        box.y + box.height <= view.height &&
        box.x >= 0 &&
        box.x + box.width <= view.width;
      return inside ? 'on screen' : JSON.stringify(box);
    })
    .toBe('on screen');
}

/** The two boxes do not overlap. */
async function expectApart(a: Locator, b: Locator) {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  expect(boxA && boxB).toBeTruthy();
  const overlap =
    boxA!.x < boxB!.x + boxB!.width &&
    boxB!.x < boxA!.x + boxA!.width &&
    boxA!.y < boxB!.y + boxB!.height &&
    boxB!.y < boxA!.y + boxA!.height;
  expect(overlap).toBe(false);
}

test.describe('phone layouts that sell @phone', () => {
  test.describe.configure({ timeout: 120_000 });

  test('product page: price, stock and «В корзину» stay on screen; the buy bar adds to the cart @phone', async ({
    page,
    baseURL,
  }) => {
    const city = await useCity(page, baseURL!);
    const slug = await tallestProduct(city);
    await page.goto(await productPath(slug));
    const bottomMenu = page.getByRole('navigation', { name: 'Нижнее меню' });
    const bar = page.getByRole('region', { name: 'Быстрая покупка' });

    // First screen, even for the product with the tallest one: the page's own price, stock line and «В корзину»,
    // above the bottom menu; no bar over them.
    const toCart = page.getByRole('button', { name: 'В корзину', exact: true });
    await expectOnScreen(page, page.getByTestId('price'));
    await expectOnScreen(page, page.getByText(/^В наличии в городе/));
    await expectOnScreen(page, toCart);
    await expectApart(toCart, bottomMenu);
    await expect(bar).toBeHidden();
    const price = (await page.getByTestId('price').textContent())!.trim();
    expect(price).toMatch(/₽$/);

    // Past the buy panel, the bar shows the same price, the stock and its own «В корзину», above the bottom menu.
    await page.getByRole('tab').first().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expectOnScreen(page, bar);
    await expect(page.locator('[data-buy-bar]')).toHaveAttribute('data-shown', 'true');
    await expect(bar).toContainText(price);
    await expect(bar).toContainText(/В наличии \d+ шт\./);
    await expectApart(bar, bottomMenu);
    await expectOnScreen(page, bottomMenu);
    await expect(bottomMenu.locator('[data-bottom-cart-badge]')).toHaveCount(0);

    // Its button is the page's cart action: the bottom menu's badge counts the product at once.
    await bar.getByRole('button', { name: 'В корзину' }).click();
    await expect(bottomMenu.locator('[data-bottom-cart-badge]')).toHaveText(/1$/);
    await expect(bar.getByRole('link', { name: 'В корзине' })).toBeVisible();
    const cart = await page.request.post('/api/v1/payment/cart/', { data: { transport: '', city } });
    const body = (await cart.json()) as { results: { product: { slug: string } }[] };
    expect(body.results.map((l) => l.product.slug)).toEqual([slug]);
    await expectAccessible(page, '[data-buy-bar]');

    // Back up at the panel, the bar goes away again.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect(bar).toBeHidden();
  });

  test('category page: products start in the first screen, the search field stays reachable @phone', async ({
    page,
    context,
    baseURL,
  }) => {
    const first = (await listing(LEAF, { page: 1, sort: 'popular', order: 'desc', filter: {} })).results[0]!;
    await setVehicle(context, baseURL!, await vehicleFor(first.slug));
    for (const path of [`/catalog/${ROOT}`, `/catalog/${ROOT}/${LEAF}`]) {
      await page.goto(path);
      const card = page.getByTestId('product-grid').locator('li').first();
      await expect(card).toBeVisible();
      const box = (await card.boundingBox())!;
      expect(box.y, `${path}: first product card starts at ${box.y}px`).toBeLessThan(PHONE.height);
      // The filters are one button away (with the count of chosen filters), not a panel above the products.
      await expect(page.getByRole('button', { name: /^Фильтры/ })).toBeVisible();
    }

    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    const search = page.getByRole('combobox', { name: 'Поиск по каталогу' });
    await expectOnScreen(page, search);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeInViewport();
    // It works from down there: typing opens the dropdown under it.
    await search.fill('масло');
    await expect(page.getByRole('listbox')).toBeVisible();
  });

  test('cart: the total in ₽ and «Оформить заказ» stay in view above the bottom menu @phone', async ({
    page,
    baseURL,
  }) => {
    const city = await useCity(page, baseURL!);
    const goods = await stockedGoods(city, 6, 40);
    await page.goto('/');
    for (const slug of goods.slice(0, 2)) {
      const res = await page.request.post('/api/v1/payment/cart/add-item/', {
        data: { product: slug, quantity: 1, with_installation: false, transport: '', city },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const bottomMenu = page.getByRole('navigation', { name: 'Нижнее меню' });
    const total = page.locator('[data-cart-total-price]');
    const checkout = page.getByRole('link', { name: 'Оформить заказ' });

    await page.goto('/cart');
    await expect(page.locator('[data-cart-line]')).toHaveCount(2);
    await expectOnScreen(page, total);
    await expect(total).toHaveText(/\d\s₽$/);
    await expectOnScreen(page, checkout);
    await expectApart(checkout, bottomMenu);

    // A long cart: half-way down its lines, the total and the button are still there.
    for (const slug of goods.slice(2)) {
      await page.request.post('/api/v1/payment/cart/add-item/', {
        data: { product: slug, quantity: 1, with_installation: false, transport: '', city },
      });
    }
    await page.reload();
    await expect(page.locator('[data-cart-line]')).toHaveCount(6);
    await page.locator('[data-cart-line]').nth(3).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expectOnScreen(page, total);
    await expectOnScreen(page, checkout);
    await expectApart(checkout, bottomMenu);
    await expect(page.locator('[data-cart-line]').nth(0)).not.toBeInViewport();
    await expectAccessible(page, '[data-cart-summary]');
  });
});

test.describe('tablet headers @desktop', () => {
  for (const width of [834, 1024]) {
    test(`${width} px: a usable search box, the vehicle and the cart total @desktop`, async ({
      page,
      context,
      baseURL,
    }) => {
      const first = (await listing(LEAF, { page: 1, sort: 'popular', order: 'desc', filter: {} }))
        .results[0]!;
      const vehicle = await vehicleFor(first.slug);
      await setVehicle(context, baseURL!, vehicle);
      await page.setViewportSize({ width, height: 1000 });
      await page.goto('/');
      const search = page.getByRole('combobox', { name: 'Поиск по каталогу' });
      await expect(search).toBeVisible();
      expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);

      const vehicleLabel = page.locator('[data-transport-open][data-transport-selected]:visible').first();
      await expectOnScreen(page, vehicleLabel);
      const label = vehicleLabel.locator('[data-transport-label]');
      await expect(label).toHaveText(vehicle.label);
      // Shortened with an ellipsis at most, but a readable part of the name is on screen.
      expect((await label.boundingBox())!.width).toBeGreaterThanOrEqual(120);

      const cartTotal = page.locator('[data-cart-link]:visible [data-cart-total]');
      await expectOnScreen(page, cartTotal);
      await expect(cartTotal).toHaveText(/₽/);

      // Still there in the compact header after scrolling.
      await page.mouse.wheel(0, 900);
      await expect(page.locator('[data-header-bar]')).toHaveAttribute('data-compact', 'true');
      await expectOnScreen(page, search);
      expect((await search.boundingBox())!.width).toBeGreaterThanOrEqual(200);
      await expectOnScreen(page, cartTotal);
    });
  }
});
