import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { API_BASE_URL, apiGet, expectAccessible, screenshot, SCREENSHOT_DIR } from './support';

// SPEC §2–§4 vehicle selection: year → brand → model → engine, the 30-day cookies, the SPEC §3 text form in the
// header, the catalogue menu's `found` counts for that vehicle, and clearing it again.

interface TitleSlug {
  title: string;
  slug: string;
}
interface TypeBrands extends TitleSlug {
  brands: TitleSlug[];
}
interface Engine extends TitleSlug {
  transport_id: number;
}
interface TransportDetail {
  brand: TitleSlug;
  model: TitleSlug;
  engine: TitleSlug;
  years: number[];
  label: string;
}
interface TreeNode {
  slug: string;
  found: number;
  total: number;
  children?: TreeNode[];
}
interface Chain {
  year: string;
  type: string;
  brand: TitleSlug;
  model: TitleSlug;
  engine: Engine;
  detail: TransportDetail;
}

/** A real vehicle of the seeded shop, preferring a Lada Vesta of 2018 (parts fit it in the demo data). */
async function pickVehicle(): Promise<Chain> {
  const years = await apiGet<string[]>('/api/v2/transport/years/');
  const year = years.includes('2018') ? '2018' : years[Math.min(5, years.length - 1)]!;
  const groups = await apiGet<TypeBrands[]>(`/api/v2/transport/${year}/brands/`);
  const group = groups.find((g) => g.brands.some((b) => b.slug === 'lada')) ?? groups[0]!;
  const brand = group.brands.find((b) => b.slug === 'lada') ?? group.brands[0]!;
  const models = await apiGet<TitleSlug[]>(`/api/v2/transport/${year}/${group.slug}/${brand.slug}/models/`);
  const model = models.find((m) => m.slug === 'vesta') ?? models[0]!;
  const engines = await apiGet<Engine[]>(
    `/api/v2/transport/${year}/${group.slug}/${brand.slug}/${model.slug}/engines/`,
  );
  const engine = engines[0]!;
  const detail = await apiGet<TransportDetail>(`/api/v1/transport/${engine.transport_id}/`);
  return { year, type: group.slug, brand, model, engine, detail };
}

/** SPEC §3: brand, model, first year to last year (or one year), engine. */
function spec3Text(d: TransportDetail): string {
  const first = Math.min(...d.years);
  const last = Math.max(...d.years);
  return [
    d.brand.title,
    d.model.title,
    first === last ? String(first) : `${first}–${last}`,
    d.engine.title,
  ].join(' ');
}

async function chooseSteps(scope: Locator, chain: Chain) {
  const year = scope.locator('select[data-step="year"]');
  const brand = scope.locator('select[data-step="brand"]');
  const model = scope.locator('select[data-step="model"]');
  const engine = scope.locator('select[data-step="engine"]');
  await expect(brand).toBeDisabled();
  // Years newest first.
  const years = await year
    .locator('option:not([value=""])')
    .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
  expect(years.length).toBeGreaterThan(3);
  expect([...years].sort((a, b) => Number(b) - Number(a))).toEqual(years);

  await year.selectOption(chain.year);
  await expect(brand).toBeEnabled();
  await brand.selectOption(`${chain.type}/${chain.brand.slug}`);
  await expect(model).toBeEnabled();

  // Changing an earlier step clears the later ones.
  await year.selectOption(String(Number(chain.year) - 1));
  await expect(brand).toHaveValue('');
  await expect(model).toBeDisabled();
  await year.selectOption(chain.year);
  await expect(brand).toBeEnabled();
  await brand.selectOption(`${chain.type}/${chain.brand.slug}`);
  await expect(model).toBeEnabled();
  await model.selectOption(chain.model.slug);
  await expect(engine).toBeEnabled();
  await engine.selectOption(String(chain.engine.transport_id));
}

function headerLabel(page: Page) {
  return page.locator('header [data-transport-open]:visible [data-transport-label]');
}

async function transportCookies(page: Page) {
  const cookies = await page.context().cookies();
  return {
    id: cookies.find((c) => c.name === 'transportId'),
    year: cookies.find((c) => c.name === 'transportYear'),
  };
}

async function menuCounts(menu: Locator): Promise<Record<string, number>> {
  return menu
    .locator('[data-category]')
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((a) => [
          a.getAttribute('data-category'),
          Number(a.querySelector('[data-count]')?.getAttribute('data-count')),
        ]),
      ),
    );
}

async function openMenu(page: Page, info: { project: { name: string } }) {
  if (info.project.name === 'phone') {
    await page
      .getByRole('navigation', { name: 'Нижнее меню' })
      .getByRole('link', { name: 'Каталог' })
      .click();
  } else {
    await page.locator('header [data-catalog-button]').click();
  }
  const menu = page.locator('[data-catalog-menu]');
  await expect(menu).toBeVisible();
  await expect(menu.locator('[data-category]').first()).toBeVisible();
  return menu;
}

/** What the visitor sees in the window (full-page shots of an overlay say little on a phone). */
async function viewportShot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${info.project.name}.png`),
    animations: 'disabled',
  });
}

test.describe('vehicle selection', () => {
  test('step by step on the home page: header text, cookies, catalogue counts, clearing @desktop', async ({
    page,
  }, info) => {
    // A whole journey with two axe runs: on this shared 2-core machine it can take longer than one minute.
    test.slow();
    const chain = await pickVehicle();
    const [allTree, vehicleTree] = await Promise.all([
      apiGet<TreeNode[]>('/api/v1/catalog/categories/tree/'),
      apiGet<TreeNode[]>(`/api/v1/catalog/categories/tree/${chain.engine.transport_id}/`),
    ]);
    await page.goto('/');
    await expect(headerLabel(page)).toHaveText('Выберите транспорт');

    // The catalogue menu without a vehicle: every category with products, counts = all products.
    const button = page.locator('header [data-catalog-button]');
    await button.click();
    let menu = page.locator('[data-catalog-menu]');
    await expect(menu.locator('[data-category]').first()).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const before = await menuCounts(menu);
    for (const root of allTree.filter((n) => n.found > 0)) expect(before[root.slug]).toBe(root.found);
    // Keyboard: the menu follows its button in the tab order; Escape closes it and returns focus.
    await button.focus();
    await page.keyboard.press('Tab');
    await expect(menu.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    const card = page.locator('[data-home-vehicle]');
    await chooseSteps(card, chain);

    const text = spec3Text(chain.detail);
    await expect(headerLabel(page)).toHaveText(text);
    await expect(card.locator('[data-transport-current]')).toHaveText(text);
    const cookies = await transportCookies(page);
    expect(cookies.id?.value).toBe(String(chain.engine.transport_id));
    expect(cookies.year?.value).toBe(chain.year);
    const days = ((cookies.id?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    // The home page now shows what fits this vehicle.
    await expect(page.locator('[data-home-categories] h2')).toContainText(text);

    // The menu reloads for the vehicle: its counts are the vehicle's `found`, categories with none are hidden.
    await button.click();
    menu = page.locator(`[data-catalog-menu][data-transport-id="${chain.engine.transport_id}"]`);
    await expect(menu.locator('[data-category]').first()).toBeVisible();
    await expect(menu).toContainText(text);
    const after = await menuCounts(menu);
    for (const root of vehicleTree) {
      if (root.found > 0) expect(after[root.slug]).toBe(root.found);
      else expect(after[root.slug]).toBeUndefined();
    }
    expect(after).not.toEqual(before);
    const box = await menu.boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(Math.round(800 * 0.7));
    await expectAccessible(page, '[data-catalog-menu]');
    await viewportShot(page, info, 'catalog-menu-vehicle');
    // A click outside closes it.
    await page.mouse.click(640, 790);
    await expect(menu).toBeHidden();

    await expectAccessible(page);
    await page.evaluate(() => document.fonts.ready);
    await screenshot(page, info, 'home-vehicle');

    // Clearing forgets the vehicle everywhere.
    await card.locator('[data-transport-reset]').click();
    await expect(headerLabel(page)).toHaveText('Выберите транспорт');
    await expect(card.locator('[data-transport-current]')).toHaveCount(0);
    const cleared = await transportCookies(page);
    expect(cleared.id).toBeUndefined();
    expect(cleared.year).toBeUndefined();
    await button.click();
    await expect(
      page.locator('[data-catalog-menu][data-transport-id=""] [data-category]').first(),
    ).toBeVisible();
    expect(await menuCounts(page.locator('[data-catalog-menu]'))).toEqual(before);
  });

  test('the header button opens the selector; the full-screen menu follows the vehicle @phone', async ({
    page,
  }, info) => {
    test.slow();
    const chain = await pickVehicle();
    await page.goto('/');
    const chip = page.locator('[data-transport-button]');
    await expect(chip).toHaveText('Выберите транспорт');
    const menuBefore = await menuCounts(await openMenu(page, info));
    await page.getByRole('button', { name: 'Закрыть каталог' }).click();
    await expect(page.locator('[data-catalog-menu]')).toBeHidden();

    await chip.click();
    const dialog = page.getByRole('dialog', { name: 'Выбор транспорта' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('select[data-step="year"]')).toBeFocused();
    await expectAccessible(page, '[data-modal="transport"]');
    await viewportShot(page, info, 'transport-dialog');
    await chooseSteps(dialog, chain);
    await expect(dialog).toBeHidden();

    const text = spec3Text(chain.detail);
    await expect(chip).toHaveText(text);
    expect((await transportCookies(page)).id?.value).toBe(String(chain.engine.transport_id));
    await expect(page.locator('[data-home-vehicle-mobile]')).toContainText(text);
    await viewportShot(page, info, 'home-vehicle');
    // The vehicle's longer texts never make the phone page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    const menu = await openMenu(page, info);
    await expect(menu).toHaveAttribute('data-transport-id', String(chain.engine.transport_id));
    // The menu drops in with a short animation: measure once it has settled.
    await expect.poll(async () => (await menu.boundingBox())?.y).toBe(0);
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    expect(await menuCounts(menu)).not.toEqual(menuBefore);
    await viewportShot(page, info, 'catalog-menu-vehicle');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The dialog shows the stored vehicle and clears it.
    await chip.click();
    await expect(dialog.locator('[data-transport-current]')).toHaveText(text);
    await dialog.locator('[data-transport-reset]').click();
    await expect(dialog).toBeHidden();
    await expect(chip).toHaveText('Выберите транспорт');
    expect((await transportCookies(page)).id).toBeUndefined();
  });

  test('the home page address chooses a vehicle; clearing drops it from the address', async ({
    page,
    baseURL,
  }) => {
    const chain = await pickVehicle();
    // A year left from another vehicle chosen earlier: the address names a new vehicle and no year, so it goes.
    await page.context().addCookies([{ name: 'transportYear', value: '1999', url: baseURL! }]);
    await page.goto(`/?transport_id=${chain.engine.transport_id}`);
    await expect(headerLabel(page)).toHaveText(spec3Text(chain.detail));
    const cookies = await transportCookies(page);
    expect(cookies.id?.value).toBe(String(chain.engine.transport_id));
    expect(cookies.year).toBeUndefined();

    await headerLabel(page).click();
    const dialog = page.getByRole('dialog', { name: 'Выбор транспорта' });
    await expect(dialog.locator('[data-transport-current]')).toHaveText(spec3Text(chain.detail));
    await dialog.locator('[data-transport-reset]').click();
    await expect(headerLabel(page)).toHaveText('Выберите транспорт');
    await expect(page).toHaveURL((url) => !url.searchParams.has('transport_id'));
    expect((await transportCookies(page)).id).toBeUndefined();
  });

  test('an unknown vehicle id is ignored @desktop', async ({ page }) => {
    const res = await fetch(`${API_BASE_URL}/api/v1/transport/999999999/`);
    expect(res.status).toBe(404);
    await page.goto('/?transport_id=999999999');
    await expect(headerLabel(page)).toHaveText('Выберите транспорт');
    await expect(page.locator('[data-home-categories] [data-category]').first()).toBeVisible();
  });

  test('a VIN or a body number fills the steps it proves; a mistyped one says what is wrong', async ({
    page,
  }, info) => {
    test.slow(); // three lookups, an axe run and two full-page screenshots: near a minute under CI load
    await page.goto('/');
    // The home page's card on a desktop; on a phone the header's vehicle button opens the selector in a dialog,
    // which closes once a vehicle is chosen.
    const phone = info.project.name === 'phone';
    const open = async () => {
      if (!phone) return page.locator('[data-home-vehicle]');
      await page.locator('[data-transport-button]').click();
      return page.getByRole('dialog');
    };
    let card = await open();
    let field = card.getByLabel('Или по VIN / номеру кузова');
    let find = card.getByRole('button', { name: 'Найти' });
    await expect(find).toBeEnabled(); // the live selector has taken over from the server's markup

    await field.fill('XTA21901OF0301234');
    await find.click();
    await expect(card.getByRole('alert')).toHaveText(
      'В VIN не бывает букв I, O и Q: вместо них, скорее всего, цифры 1 и 0',
    );

    // Typed on a Russian layout, in lower case: still a Lada Granta of 2015, down to the engine step.
    await field.fill('хта219010f0301234');
    await find.click();
    const result = card.locator('[data-vin-result]');
    await expect(result).toContainText('Lada Granta');
    await expect(result).toContainText('2015');
    await expect(result).toContainText('Осталось выбрать двигатель');
    await expect(field).toHaveValue('XTA219010F0301234');
    await expect(card.locator('[data-step="year"]')).toHaveValue('2015');
    await expect(card.locator('[data-step="model"]')).toHaveValue('granta');
    const engine = card.locator('[data-step="engine"]');
    await expect(engine).toBeEnabled();
    await expectAccessible(page, phone ? '[role="dialog"]' : '[data-home-vehicle]');
    await screenshot(page, info, 'vehicle-by-vin');
    const firstEngine = await engine.locator('option:not([value=""])').first().getAttribute('value');
    await engine.selectOption(firstEngine!);
    await expect(headerLabel(page)).toContainText('Lada Granta');

    // A Japanese body number: the model is known, the year is one of that body's.
    if (phone) {
      await expect(card).toBeHidden();
      card = await open();
      field = card.getByLabel('Или по VIN / номеру кузова');
      find = card.getByRole('button', { name: 'Найти' });
    }
    const result2 = card.locator('[data-vin-result]');
    const engine2 = card.locator('[data-step="engine"]');
    await field.fill('NZE141-1234567');
    await find.click();
    await expect(result2).toContainText('Toyota Corolla');
    await result2.getByRole('button', { name: '2010' }).click();
    await expect(card.locator('[data-step="year"]')).toHaveValue('2010');
    await expect(card.locator('[data-step="model"]')).toHaveValue('corolla');
    await expect(engine2).toBeEnabled();
    await screenshot(page, info, 'vehicle-by-frame');
  });
});
