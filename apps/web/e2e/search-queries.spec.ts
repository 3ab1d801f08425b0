import { expect, test, type Page } from '@playwright/test';
import { apiPost } from './catalog-support';
import { expectAccessible, isPhone, screenshot } from './support';

// Issue #13 item 2, "search understands how parts are asked for", against the seeded catalogue: codes in every
// spelling (viscosity, tyre size, lamp base), the words customers use (synonyms), a query typed with the wrong
// keyboard layout — each with the first result it must bring — and the results page (Enter) with a filter and a
// sort applied, and its empty state.

interface Listing {
  total: number;
  results: { title: string; price: number }[];
  corrected_query?: string;
}

/** Query → what the first product of the dropdown must be. */
const QUERIES: { q: string; first: RegExp; corrected?: string }[] = [
  { q: '5w30', first: / 5W-30 / },
  { q: '5W-30', first: / 5W-30 / },
  { q: '5w-30', first: / 5W-30 / },
  { q: '5w 30', first: / 5W-30 / },
  { q: 'масло 5w30', first: /^Масло .* 5W-30 / },
  { q: '10W-40', first: / 10W-40 / },
  { q: '205/55 R16', first: /^Шина .* 205\/55 R16 / },
  { q: '205/55r16', first: /^Шина .* 205\/55 R16 / },
  { q: '205 55 16', first: /^Шина .* 205\/55 R16 / },
  { q: '205/55', first: /^Шина .* 205\/55 R\d\d / },
  { q: 'H7', first: /^Лампа .* H7 / },
  { q: 'h7', first: /^Лампа .* H7 / },
  { q: 'H4', first: /^Лампа .* H4 / },
  { q: 'дворники', first: /^Щётка стеклоочистителя / },
  { q: 'незамерзайка', first: /^Жидкость стеклоомывателя зимняя / },
  { q: 'тосол', first: /антифриз/i },
  { q: 'rjkjlrb', first: /колодк/i, corrected: 'колодки' },
  { q: 'vfckj', first: /масл/i, corrected: 'масло' },
];

function field(page: Page) {
  return page.getByRole('combobox', { name: 'Поиск по каталогу' });
}

const found = (n: number) => new RegExp(`^Найдено: ${n.toLocaleString('ru-RU')} товар`);

const cards = (page: Page) => page.getByTestId('product-grid').getByRole('article');

function searchResults(q: string, body: unknown = {}): Promise<Listing> {
  return apiPost<Listing>(`/api/v1/catalog/search/products/?query=${encodeURIComponent(q)}&size=100`, body);
}

test.describe('search understands how parts are asked for', () => {
  test.describe.configure({ timeout: 180_000 });

  test('each query of the table brings its part first in the dropdown @desktop', async ({ page }) => {
    await page.goto('/');
    const input = field(page);
    const firstProduct = page.locator('[data-search-section="products"] [role="option"]').first();
    for (const { q, first, corrected } of QUERIES) {
      await test.step(q, async () => {
        await input.fill(q);
        await expect(firstProduct, q).toContainText(first, { timeout: 15_000 });
        if (corrected) {
          await expect(page.locator('[data-search-corrected]')).toContainText(`«${corrected}»`);
        } else {
          await expect(page.locator('[data-search-corrected]')).toHaveCount(0);
        }
      });
    }
  });

  test('Enter opens the results page: every match, a filter and a sort applied', async ({ page }, info) => {
    const q = 'масло 5w30';
    const all = await searchResults(q);
    expect(all.total).toBeGreaterThan(0);
    await page.goto('/');
    const input = field(page);
    await input.fill(q);
    await expect(page.locator('[data-search-section="products"] [role="option"]').first()).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === q);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Поиск: «${q}»`);
    await expect(page.getByRole('heading', { name: found(all.total) })).toBeVisible();
    await expect(cards(page)).toHaveCount(Math.min(24, all.total));
    for (const title of await cards(page).getByRole('heading').allTextContents())
      expect(title).toMatch(/5W-30/);

    // Filter: one manufacturer (phones open the filter sheet first).
    if (isPhone(info)) await page.getByRole('button', { name: /^Фильтры/ }).click();
    const makers = page.locator('#catalog-filters').getByRole('group', { name: 'Производитель' });
    const maker = makers.getByRole('checkbox').first();
    const makerSlug = (await maker.getAttribute('value'))!;
    await maker.check();
    await expect(page).toHaveURL(new RegExp(`manufacturer=${makerSlug}`));
    if (isPhone(info)) await page.getByRole('button', { name: 'Показать товары' }).click();
    const filtered = await searchResults(q, { filter: { manufacturer: [makerSlug] } });
    await expect(page.getByRole('heading', { name: found(filtered.total) })).toBeVisible();

    // Sort: cheapest first.
    await page.getByLabel('Сортировка').selectOption('byPriceUp');
    await expect(page).toHaveURL(/order=byPriceUp/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(q);
    const sorted = await searchResults(q, {
      sort: 'price',
      order: 'asc',
      filter: { manufacturer: [makerSlug] },
    });
    await expect(cards(page).first()).toContainText(sorted.results[0]!.title);
    await expect(cards(page)).toHaveCount(Math.min(24, sorted.total));

    // The state survives a reload.
    await page.reload();
    await expect(page.getByLabel('Сортировка')).toHaveValue('byPriceUp');
    await expect(cards(page).first()).toContainText(sorted.results[0]!.title);

    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, info, 'search-results');
    await expectAccessible(page);
  });

  test('the results page reads the wrong layout and says so @desktop', async ({ page }) => {
    await page.goto('/search?q=rjkjlrb');
    await expect(page.locator('[data-search-corrected]')).toContainText('«колодки»');
    await expect(cards(page).first()).toContainText(/колодк/i);
  });

  test('nothing found: a helpful empty state with suggestions and the catalogue', async ({ page }, info) => {
    await page.goto('/search?q=zzqxwv');
    const empty = page.locator('[data-search-empty]');
    await expect(empty.getByRole('heading')).toHaveText('По запросу «zzqxwv» ничего не найдено');
    await expect(empty.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog');
    const suggestion = empty.getByRole('link', { name: 'дворники' });
    await suggestion.click();
    await expect(page).toHaveURL(/\/search\?q=/);
    await expect(cards(page).first()).toContainText(/Щётка стеклоочистителя/);
    await page.goto('/search?q=zzqxwv');
    await screenshot(page, info, 'search-empty');
    await expectAccessible(page);
  });
});
