import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, isPhone, screenshot } from './support';

// Каталог ТО (issue #17): choose a vehicle on /maintenance → type the mileage → the kit of its next service →
// replace a line by another product → add the kit to the cart → the cart holds the kit's lines.

interface TitleSlug {
  title: string;
  slug: string;
}
interface Engine {
  transport_id: number;
}
interface KitProduct {
  slug: string;
  stock: number;
  quantity: number;
}
interface Kit {
  lines: { code: string; product: KitProduct | null; replacements: KitProduct[] }[];
}

const YEAR = '2018';
const MILEAGE = 28_000;
const inStock = (p: KitProduct | null) => p !== null && p.stock >= p.quantity;

/** A Lada of 2018 whose kit has goods in stock, one line with a replacement in stock too (the n-th such). */
async function pickVehicle(nth: number) {
  const groups = await apiGet<(TitleSlug & { brands: TitleSlug[] })[]>(`/api/v2/transport/${YEAR}/brands/`);
  const group = groups.find((g) => g.brands.some((b) => b.slug === 'lada'))!;
  const models = await apiGet<TitleSlug[]>(`/api/v2/transport/${YEAR}/${group.slug}/lada/models/`);
  let found = 0;
  for (const model of models) {
    const engines = await apiGet<Engine[]>(
      `/api/v2/transport/${YEAR}/${group.slug}/lada/${model.slug}/engines/`,
    );
    for (const engine of engines) {
      const kit = await apiGet<Kit>(
        `/api/v1/maintenance/?transport_id=${engine.transport_id}&mileage=${MILEAGE}`,
      );
      const line = kit.lines.find((l) => inStock(l.product) && l.replacements.some(inStock));
      if (line && found++ === nth) return { type: group.slug, model, engine, kit, line };
    }
  }
  throw new Error('no Lada of 2018 with a kit in stock');
}

test('a visitor chooses a vehicle, gets its ТО kit, replaces a line and adds the kit to the cart', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const chosen = await pickVehicle(isPhone(info) ? 1 : 0);

  await page.goto('/');
  await page.getByRole('link', { name: 'Каталог ТО' }).first().click();
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Каталог ТО' })).toBeVisible();

  const selector = page.locator('main');
  await selector.locator('select[data-step="year"]').selectOption(YEAR);
  await selector.locator('select[data-step="brand"]').selectOption(`${chosen.type}/lada`);
  await selector.locator('select[data-step="model"]').selectOption(chosen.model.slug);
  await selector.locator('select[data-step="engine"]').selectOption(String(chosen.engine.transport_id));
  await expect(page.locator('[data-maintenance-vehicle]')).toContainText(chosen.model.title);

  // A bad mileage is refused in Russian before anything is asked.
  const mileage = page.getByLabel('Пробег, км');
  await mileage.fill('abc');
  await page.getByRole('button', { name: 'Подобрать ТО' }).click();
  await expect(page.getByText('Укажите пробег целым числом километров')).toBeVisible();

  await mileage.fill(String(MILEAGE));
  await page.getByRole('button', { name: 'Подобрать ТО' }).click();
  const kit = page.locator('[data-maintenance-kit]');
  await expect(kit.getByRole('heading', { name: /ТО-2 — 30\s000 км/ })).toBeVisible();
  await expect(kit.locator('[data-kit-line]')).toHaveCount(chosen.kit.lines.length);

  // Replace one line by a replacement in stock.
  const line = kit.locator(`[data-kit-line="${chosen.line.code}"]`);
  const replacement = chosen.line.replacements.find(inStock)!;
  await line.getByRole('button', { name: 'Заменить' }).click();
  await line
    .locator(`[data-kit-product="${replacement.slug}"]`)
    .getByRole('button', { name: 'Выбрать' })
    .click();
  await expect(line.locator('[data-kit-product]')).toHaveCount(1);
  await expect(line.locator(`[data-kit-product="${replacement.slug}"]`)).toBeVisible();
  await screenshot(page, info, 'maintenance-kit');
  await expectAccessible(page);

  await kit.getByRole('button', { name: 'Добавить комплект в корзину' }).click();
  await expect(kit.getByRole('status')).toContainText('Добавлено в корзину позиций');

  const expected = chosen.kit.lines
    .map((l) => (l.code === chosen.line.code ? replacement : l.product))
    .filter((p): p is KitProduct => inStock(p));
  await page.goto('/cart');
  for (const p of expected) {
    await expect(page.locator(`a[href$="/product_${p.slug}"]`).first()).toBeVisible();
  }
  await screenshot(page, info, 'maintenance-cart');
});
