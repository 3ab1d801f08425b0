import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, isPhone } from './support';
import { listing } from './catalog-support';

// Issue #13 item 7: counts that agree. The heading counts the current selection (not the category's total), the
// filter counts are disjunctive (each filter counted under the others), so an offered value never leads to an
// empty page; selected filters are removable chips; a price range typed the wrong way round is corrected.

const PATH = '/catalog/masla-i-zhidkosti/motornye-masla';
const LEAF = 'motornye-masla';

interface Filter {
  title: string;
  slug: string;
  type: 'CHECKBOX' | 'RANGE' | 'RADIO';
  min?: number;
  max?: number;
  values?: { title: string; value: string | number; count: number }[];
}

const ru = (n: number) => n.toLocaleString('ru-RU');
const facets = (selection: Record<string, (string | number)[]>) =>
  apiGet<Filter[]>(
    `/api/v1/catalog/${LEAF}/filters/?filter=${encodeURIComponent(JSON.stringify(selection))}`,
  );

test.describe('catalogue counts and filters', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the heading counts the selection, the panel counts each filter under the others, chips remove filters', async ({
    page,
  }, info) => {
    const all = await listing(LEAF, {});
    await page.goto(`${PATH}?page=1&order=byPopularDown`);
    await expect(page.getByTestId('selection-count')).toHaveText(new RegExp(`^${ru(all.total)} товар`));

    // One value of «Тип масла» selected: the heading follows it, and another filter's values are counted under it.
    const base = await apiGet<Filter[]>(`/api/v1/catalog/${LEAF}/filters/`);
    const type = base.find((f) => f.slug === 'tip-masla')!;
    const picked = type.values![0]!;
    const other = base.find(
      (f) => f.type !== 'RANGE' && f.slug !== type.slug && (f.values?.length ?? 0) > 1,
    )!;
    const selection = { [type.slug]: [picked.value] };
    const filtered = await listing(LEAF, { filter: selection });
    await page.goto(
      `${PATH}?page=1&order=byPopularDown&${type.slug}=${encodeURIComponent(String(picked.value))}`,
    );
    await expect(page.getByTestId('selection-count')).toHaveText(
      new RegExp(`^${ru(filtered.total)} товар\\S* по выбранным фильтрам`),
    );
    await expect(
      page.getByRole('heading', { level: 2, name: new RegExp(`^${ru(filtered.total)} товар`) }),
    ).toBeVisible();
    expect(filtered.total).toBeLessThan(all.total);

    const expected = (await facets(selection)).find((f) => f.slug === other.slug)!;
    if (isPhone(info)) await page.getByRole('button', { name: /^Фильтры \(1\)/ }).click();
    const group = page.locator('#catalog-filters').getByRole('group', { name: other.title });
    const options = group.locator('label');
    await expect(options).toHaveCount(expected.values!.length);
    let narrowed = false;
    for (const v of expected.values!) {
      const before = other.values!.find((b) => b.value === v.value)?.count ?? 0;
      if (v.count < before) narrowed = true;
      await expect(options.filter({ hasText: v.title })).toContainText(ru(v.count));
      // Every offered value leads to that many products under the selection, never to none.
      expect(v.count).toBeGreaterThan(0);
    }
    const sample = expected.values![expected.values!.length - 1]!;
    expect((await listing(LEAF, { filter: { ...selection, [other.slug]: [sample.value] } })).total).toBe(
      sample.count,
    );
    expect(narrowed || expected.values!.length < other.values!.length).toBe(true);
    if (isPhone(info)) await page.getByRole('button', { name: 'Закрыть фильтры' }).click();

    // The selection as a chip; removing it brings back the whole category.
    const chips = page.getByRole('list', { name: 'Выбранные фильтры' });
    const chip = chips.getByRole('link', { name: `Убрать фильтр «Тип масла: ${picked.title}»` });
    await expect(chip).toBeVisible();
    await expectAccessible(page);
    await chip.click();
    await expect(page).not.toHaveURL(/tip-masla=/);
    await expect(page.getByTestId('selection-count')).toHaveText(new RegExp(`^${ru(all.total)} товар`));
    await expect(chips).toHaveCount(0);
  });

  test('a price range typed the wrong way round is corrected, shown as a chip and listed', async ({
    page,
  }) => {
    const price = (await apiGet<Filter[]>(`/api/v1/catalog/${LEAF}/filters/`)).find(
      (f) => f.slug === 'price',
    )!;
    const lo = Math.ceil(price.min! + (price.max! - price.min!) * 0.2);
    const hi = Math.floor(price.min! + (price.max! - price.min!) * 0.6);
    const expected = await listing(LEAF, { filter: { price: [lo, hi] } });
    await page.goto(`${PATH}?page=1&order=byPopularDown&minprice=${hi}&maxprice=${lo}`);
    await expect(page.getByTestId('selection-count')).toHaveText(new RegExp(`^${ru(expected.total)} товар`));
    await expect(
      page.getByRole('link', { name: `Убрать фильтр «Цена: ${ru(lo)} – ${ru(hi)}\u00a0₽»` }),
    ).toBeVisible();
    await expect(page.getByTestId('product-grid').getByRole('article').first()).toBeVisible();
  });

  test('«от» above «до» typed into the panel swaps the bounds', async ({ page }, info) => {
    await page.goto(`${PATH}?page=1&order=byPopularDown`);
    if (isPhone(info)) await page.getByRole('button', { name: /^Фильтры/ }).click();
    const panel = page.locator('#catalog-filters');
    // Each bound applies on Enter (or leaving the field): «от 3000» first, then «до 1000».
    await panel.locator('input[name="minprice"]').fill('3000');
    await panel.locator('input[name="minprice"]').press('Enter');
    await expect(page).toHaveURL(/minprice=3000/);
    await panel.locator('input[name="maxprice"]').fill('1000');
    await panel.locator('input[name="maxprice"]').press('Enter');
    await expect(page).toHaveURL(/minprice=1000&maxprice=3000/);
    await expect(panel.locator('input[name="minprice"]')).toHaveValue('1000');
    await expect(panel.locator('input[name="maxprice"]')).toHaveValue('3000');
  });
});
