import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { apiGet, expectAccessible, queryDb, SCREENSHOT_DIR } from './support';

// SPEC §2 search dropdown and SPEC §5 search rules, against the seeded catalogue: Russian morphology, a typo,
// an article typed with spaces; the minimum-length and nothing-found states; keyboard and links.

interface SearchAnswer {
  transport: { id: number; label: string }[];
  products: { slug: string; title: string; vendor_code?: string; is_service: boolean }[];
}

function field(page: Page) {
  return page.getByRole('combobox', { name: 'Поиск по каталогу' });
}

function status(page: Page) {
  return page.locator('[data-search-status]');
}

/** A real article without spaces from the e2e database (or the API), written with spaces. */
async function spacedArticle(): Promise<{ spaced: string; slug: string }> {
  const rows = await queryDb<{ article: string; slug: string }>(
    `select article, slug from products where is_active and not is_service and article ~ '^[A-Z0-9]{8,12}$' order by id limit 1`,
    [],
  );
  let article = rows?.[0]?.article;
  let slug = rows?.[0]?.slug;
  if (!article || !slug) {
    const found = await apiGet<SearchAnswer>(`/api/v1/catalog/search/?query=${encodeURIComponent('масло')}`);
    const product = found.products.find((p) => /^[A-Z0-9]{8,12}$/.test(p.vendor_code ?? ''))!;
    article = product.vendor_code!;
    slug = product.slug;
  }
  return { spaced: article.replace(/(.{3})(?=.)/g, '$1 '), slug };
}

/** What the visitor sees in the window (full-page shots of an overlay say little on a phone). */
async function viewportShot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${info.project.name}.png`),
    animations: 'disabled',
  });
}

test.describe('header search', () => {
  test('finds products by a Russian word, a typo and a spaced article', async ({ page }, info) => {
    test.slow();
    await page.goto('/');
    const input = field(page);

    await input.fill('ко');
    await expect(status(page)).toHaveText('Минимальное количество символов для поиска: 3');
    await expect(input).toHaveAttribute('aria-expanded', 'false');

    // The trimmed value is sent once, 500 ms after typing stops (both times taken by the page's own clock).
    await page.evaluate(() => {
      const w = window as unknown as { inputs: number[]; sent: { url: string; at: number }[] };
      w.inputs = [];
      w.sent = [];
      document.getElementById('header-search')!.addEventListener('input', () => w.inputs.push(Date.now()));
      const original = window.fetch;
      window.fetch = (resource, init) => {
        if (String(resource).includes('/catalog/search/'))
          w.sent.push({ url: String(resource), at: Date.now() });
        return original(resource, init);
      };
    });
    await input.pressSequentially('лодки', { delay: 40 });
    // A trailing space does not change the trimmed value: it neither sends nor delays anything.
    await input.press(' ');
    await expect(status(page)).toHaveText('Загрузка...');
    const listbox = page.getByRole('listbox', { name: 'Результаты поиска' });
    await expect(listbox).toBeVisible();
    const timing = await page.evaluate(() => {
      const w = window as unknown as { inputs: number[]; sent: { url: string; at: number }[] };
      return { inputs: w.inputs, sent: w.sent };
    });
    expect(timing.sent).toHaveLength(1);
    expect(new URL(timing.sent[0]!.url, 'http://x').searchParams.get('query')).toBe('колодки');
    const lastChange = timing.inputs[timing.inputs.length - 2]!;
    expect(timing.sent[0]!.at - lastChange).toBeGreaterThanOrEqual(495);
    await expect(input).toHaveAttribute('aria-expanded', 'true');

    const products = listbox.locator('[data-search-section="products"]');
    await expect(products).toContainText('Товары');
    await expect(products.getByRole('option').first()).toContainText(/колодк/i);
    await expect(products.getByRole('option').first()).toContainText(/Цена: [\d\s\u00a0]+₽/);
    const picture = products.getByRole('option').first().locator('img, [aria-hidden="true"]').first();
    const size = await picture.boundingBox();
    expect(Math.round(size?.width ?? 0)).toBe(70);
    expect(Math.round(size?.height ?? 0)).toBe(70);
    await expect(listbox.locator('[data-search-section="categories"]')).toContainText('Категории');
    await expectAccessible(page, '[data-search]');
    await viewportShot(page, info, 'search-dropdown');

    // One typo: 'калодки'.
    await input.fill('калодки');
    await expect(products.getByRole('option').first()).toContainText(/колодк/i);

    // An article typed with spaces finds that product first.
    const { spaced, slug } = await spacedArticle();
    await input.fill(spaced);
    const first = products.getByRole('option').first();
    await expect(first).toHaveAttribute('data-href', new RegExp(`/product_${slug}$`));

    await input.fill('zzqxwv');
    await expect(status(page)).toHaveText('Ничего не найдено');
    await expect(listbox).toBeHidden();
  });

  test('keyboard: arrows move through the results, Enter opens one, Escape closes', async ({ page }) => {
    await page.goto('/');
    const input = field(page);
    await input.fill('колодки');
    const options = page.getByRole('listbox', { name: 'Результаты поиска' }).getByRole('option');
    await expect(options.first()).toBeVisible();

    await input.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id'))!);
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowUp');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

    await input.press('Escape');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('[data-search-dropdown]')).toBeHidden();
    await input.press('ArrowDown');
    await expect(options.first()).toBeVisible();

    // Enter opens the highlighted result: a category leads to its catalogue page.
    const href = (await options.nth(0).getAttribute('data-href'))!;
    expect(href).toMatch(/^\/catalog\//);
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === href);
  });

  test('a product result opens the product page; a vehicle result chooses that vehicle', async ({ page }) => {
    await page.goto('/');
    const input = field(page);
    await input.fill('колодки');
    const product = page.locator('[data-search-section="products"] [role="option"]').first();
    const href = (await product.getAttribute('data-href'))!;
    expect(href).toMatch(/^\/catalog\/.+\/product_[^/]+$/);
    await product.click();
    await expect(page).toHaveURL((url) => url.pathname === href);

    const answer = await apiGet<SearchAnswer>(
      `/api/v1/catalog/search/?query=${encodeURIComponent('lada vesta')}`,
    );
    const vehicle = answer.transport[0]!;
    await field(page).fill('lada vesta');
    const option = page.locator('[data-search-section="transport"] [role="option"]').first();
    await expect(option).toContainText(vehicle.label);
    await option.click();
    await expect(page).toHaveURL(
      (url) => url.pathname === '/' && url.searchParams.get('transport_id') === String(vehicle.id),
    );
    await expect(page.locator('header [data-transport-open]:visible [data-transport-label]')).toHaveText(
      vehicle.label,
    );
    const cookie = (await page.context().cookies()).find((c) => c.name === 'transportId');
    expect(cookie?.value).toBe(String(vehicle.id));
  });
});
