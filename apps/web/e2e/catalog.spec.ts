import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, isPhone, screenshot } from './support';
import { listing, setVehicle, vehicleFor, type Node } from './catalog-support';

// Category pages against the seeded catalogue: a vehicle set through its cookies, subcategory tiles with the
// vehicle's counts, filters and sort held in the URL across a reload, pagination, and the 404 of unknown slugs.

const ROOT = 'masla-i-zhidkosti';
const LEAF = 'motornye-masla';

test.describe('catalogue', () => {
  // Long walks through several server renders: generous on a shared, busy machine.
  test.describe.configure({ timeout: 120_000 });
  test('vehicle counts, filters, sort and pages live in the URL and survive a reload', async ({
    page,
    context,
    baseURL,
  }, info) => {
    const first = (await listing(LEAF, { page: 1, sort: 'popular', order: 'desc', filter: {} })).results[0]!;
    const vehicle = await vehicleFor(first.slug);
    await setVehicle(context, baseURL!, vehicle);

    // Root category: subcategory tiles carry the counts for this vehicle.
    const children = await apiGet<Node[]>(`/api/v1/catalog/${ROOT}/categories/${vehicle.id}/`);
    const response = await page.goto(`/catalog/${ROOT}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Масла и жидкости');
    await expect(page.getByText(`для ${vehicle.label}`)).toBeVisible();
    const tiles = page.getByRole('region', { name: 'Подкатегории' }).getByRole('link');
    await expect(tiles).toHaveCount(children.filter((c) => c.found > 0).length);
    const leafNode = children.find((c) => c.slug === LEAF)!;
    await expect(tiles.filter({ hasText: leafNode.title })).toContainText(
      `${leafNode.found.toLocaleString('ru-RU')} `,
    );

    await tiles.filter({ hasText: leafNode.title }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/${ROOT}/${LEAF}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(leafNode.title);
    const all = await listing(LEAF, {}, vehicle.id);
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${all.total.toLocaleString('ru-RU')} товар`) }),
    ).toBeVisible();
    await expect(page.getByTestId('product-grid').getByRole('article')).toHaveCount(Math.min(24, all.total));
    await expect(page.getByRole('navigation', { name: 'Хлебные крошки' })).toContainText('Масла и жидкости');

    // Filter: one CHECKBOX value (phones open the filter sheet first).
    if (isPhone(info)) await page.getByRole('button', { name: /^Фильтры/ }).click();
    const panel = page.locator('#catalog-filters');
    const option = panel
      .getByRole('group', { name: 'Тип масла' })
      .getByRole('checkbox', { name: /Синтетическое/ });
    await option.check();
    await expect(page).toHaveURL(/tip-masla=/);
    if (isPhone(info)) await page.getByRole('button', { name: 'Показать товары' }).click();
    const filtered = await listing(LEAF, { filter: { 'tip-masla': ['Синтетическое'] } }, vehicle.id);
    await expect(
      page.getByRole('heading', { name: new RegExp(`^${filtered.total.toLocaleString('ru-RU')} товар`) }),
    ).toBeVisible();

    // Sort: price ascending.
    await page.getByLabel('Сортировка').selectOption('byPriceUp');
    await expect(page).toHaveURL(/order=byPriceUp/);
    const sorted = await listing(
      LEAF,
      { sort: 'price', order: 'asc', filter: { 'tip-masla': ['Синтетическое'] } },
      vehicle.id,
    );
    const firstCard = page.getByTestId('product-grid').getByRole('article').first();
    await expect(firstCard).toContainText(sorted.results[0]!.title);

    // Reload keeps every piece of state.
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByLabel('Сортировка')).toHaveValue('byPriceUp');
    await expect(page.getByTestId('product-grid').getByRole('article').first()).toContainText(
      sorted.results[0]!.title,
    );
    if (isPhone(info)) await page.getByRole('button', { name: /^Фильтры \(1\)/ }).click();
    await expect(
      panel.getByRole('group', { name: 'Тип масла' }).getByRole('checkbox', { name: /Синтетическое/ }),
    ).toBeChecked();
    if (isPhone(info)) await page.getByRole('button', { name: 'Закрыть фильтры' }).click();

    // Pagination keeps filter and sort.
    if (sorted.pages > 1) {
      await page.getByRole('link', { name: 'Страница 2' }).click();
      await expect(page).toHaveURL(/page=2/, { timeout: 30_000 });
      expect(page.url()).toContain('order=byPriceUp');
      expect(page.url()).toContain('tip-masla=');
      const second = await listing(
        LEAF,
        { page: 2, sort: 'price', order: 'asc', filter: { 'tip-masla': ['Синтетическое'] } },
        vehicle.id,
      );
      await expect(page.getByTestId('product-grid').getByRole('article').first()).toContainText(
        second.results[0]!.title,
      );
      await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    }

    // Structured data: the category's BreadcrumbList.
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const crumbs = ld
      .map((t) => JSON.parse(t) as { '@type': string; itemListElement?: unknown[] })
      .find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs?.itemListElement?.length).toBe(4);

    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, info, 'catalog-category');
    await expectAccessible(page);
  });

  test('a filter nothing matches shows the empty state with a reset', async ({ page }) => {
    await page.goto(`/catalog/${ROOT}/${LEAF}?page=1&order=byPopularDown&minprice=99999999`);
    await expect(page.getByRole('heading', { name: 'Ничего не найдено' })).toBeVisible();
    await page.getByRole('link', { name: 'Сбросить фильтры' }).click();
    await expect(page).not.toHaveURL(/minprice/);
    await expect(page.getByTestId('product-grid')).toBeVisible();
  });

  test('the catalogue root lists the top categories', async ({ page }, info) => {
    const tree = await apiGet<Node[]>('/api/v1/catalog/categories/');
    await page.goto('/catalog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Каталог');
    for (const node of tree.filter((n) => n.found > 0))
      await expect(page.getByRole('heading', { name: node.title, level: 2 })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/catalog$/);
    await screenshot(page, info, 'catalog-root');
  });

  test('unknown categories answer 404', async ({ page }, info) => {
    const response = await page.goto('/catalog/net-takoi-kategorii');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
    const product = await page.goto(`/catalog/${ROOT}/product_net-takogo-tovara`);
    expect(product?.status()).toBe(404);
    if (!isPhone(info)) await screenshot(page, info, 'catalog-404');
  });

  test('a wrong category chain redirects to the canonical address @desktop', async ({ page }) => {
    await page.goto(`/catalog/${LEAF}?page=1&order=byPriceDown`);
    await expect(page).toHaveURL(new RegExp(`/catalog/${ROOT}/${LEAF}\\?page=1&order=byPriceDown$`));
  });
});

test.describe('sitemaps and robots', () => {
  test('robots.txt lists sitemap.xml and the product sitemaps, which hold categories and products @desktop', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);
    const productMaps = [...robots.matchAll(/Sitemap: (https?:\/\/[^\s]+\/catalog\/sitemap\/\d+\.xml)/g)].map(
      (m) => m[1]!,
    );
    expect(productMaps.length).toBeGreaterThan(0);

    const main = await (await request.get('/sitemap.xml')).text();
    expect(main).toContain(`/catalog/${ROOT}/${LEAF}</loc>`);
    expect(main).toMatch(/\/manufacturer\/[a-z0-9-]+<\/loc>/);

    const first = await request.get(new URL(productMaps[0]!).pathname);
    expect(first.status()).toBe(200);
    const body = await first.text();
    const { total } = await apiGet<{ total: number }>('/api/v1/catalog/sitemap/products/?size=1');
    const urls = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.length).toBe(Math.min(total, 10_000));
    expect(urls[0]).toMatch(/\/catalog\/[a-z0-9-]+(\/[a-z0-9-]+)*\/product_[a-z0-9-]+$/);
  });
});
