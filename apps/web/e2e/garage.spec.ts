import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiGet, expectAccessible, queryDb, screenshot, signUp } from './support';

// The garage (issue #17): a signed-in customer saves two vehicles from the vehicle selector («Сохранить в гараж»),
// switches between them from the header (phone: the transport button) and the catalogue counts follow; the
// personal account's «Гараж» renames a vehicle and records its mileage.

interface TitleSlug {
  title: string;
  slug: string;
}
interface Engine extends TitleSlug {
  transport_id: number;
}
interface TreeNode {
  slug: string;
  found: number;
}
interface Vehicle {
  year: string;
  brand: string;
  model: string;
  id: number;
  label: string;
  counts: Record<string, number>;
}

async function vehicleOf(year: string, brandSlug: string, modelSlug?: string): Promise<Vehicle | null> {
  const groups = await apiGet<{ slug: string; brands: TitleSlug[] }[]>(`/api/v2/transport/${year}/brands/`);
  const group = groups.find((g) => g.brands.some((b) => b.slug === brandSlug));
  if (!group) return null;
  const models = await apiGet<TitleSlug[]>(`/api/v2/transport/${year}/${group.slug}/${brandSlug}/models/`);
  const model = models.find((m) => !modelSlug || m.slug === modelSlug);
  if (!model) return null;
  const engines = await apiGet<Engine[]>(
    `/api/v2/transport/${year}/${group.slug}/${brandSlug}/${model.slug}/engines/`,
  );
  const id = engines[0]!.transport_id;
  const [detail, tree] = await Promise.all([
    apiGet<{ label: string }>(`/api/v1/transport/${id}/`),
    apiGet<TreeNode[]>(`/api/v1/catalog/categories/tree/${id}/`),
  ]);
  return {
    year,
    brand: `${group.slug}/${brandSlug}`,
    model: model.slug,
    id,
    label: detail.label,
    counts: Object.fromEntries(tree.filter((n) => n.found > 0).map((n) => [n.slug, n.found])),
  };
}

/** Two vehicles of the seeded shop whose catalogue counts differ (a Lada Vesta and another make's model). */
async function twoVehicles(): Promise<[Vehicle, Vehicle]> {
  const years = await apiGet<string[]>('/api/v2/transport/years/');
  const year = years.includes('2018') ? '2018' : years[5]!;
  const first = (await vehicleOf(year, 'lada', 'vesta')) ?? (await vehicleOf(year, 'lada'));
  expect(first).not.toBeNull();
  return [first!, await anotherMake(year, first!)];
}

/** A vehicle of `year` of another make than Lada whose catalogue counts differ from `first`'s. */
async function anotherMake(year: string, first: Vehicle): Promise<Vehicle> {
  const groups = await apiGet<{ brands: TitleSlug[] }[]>(`/api/v2/transport/${year}/brands/`);
  for (const brand of groups.flatMap((g) => g.brands).filter((b) => b.slug !== 'lada')) {
    const other = await vehicleOf(year, brand.slug);
    if (other && JSON.stringify(other.counts) !== JSON.stringify(first.counts)) return other;
  }
  throw new Error('no second vehicle with other catalogue counts in the seed');
}

/** The header's transport button (desktop top bar, phone chip row): whichever is on screen. */
const transportButton = (page: Page) => page.locator('header [data-transport-open]:visible');

async function openDialog(page: Page): Promise<Locator> {
  await transportButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Выбор транспорта' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function choose(page: Page, v: Vehicle) {
  const dialog = await openDialog(page);
  await dialog.locator('select[data-step="year"]').selectOption(v.year);
  await dialog.locator('select[data-step="brand"]').selectOption(v.brand);
  await dialog.locator('select[data-step="model"]').selectOption(v.model);
  await dialog.locator('select[data-step="engine"]').selectOption(String(v.id));
  await expect(dialog).toBeHidden();
  await expect(transportButton(page).locator('[data-transport-label]')).toHaveText(v.label);
}

async function saveCurrent(page: Page) {
  const dialog = await openDialog(page);
  const panel = dialog.locator('[data-garage-panel]');
  await panel.locator('[data-garage-save]').click();
  await expect(panel.getByRole('status')).toHaveText('Автомобиль сохранён в гараж');
  await expect(panel.locator('[data-garage-save]')).toHaveCount(0);
  await dialog.getByRole('button', { name: /Закрыть/ }).click();
  await expect(dialog).toBeHidden();
}

async function menuCounts(page: Page, phone: boolean, transportId: number): Promise<Record<string, number>> {
  if (phone) {
    await page
      .getByRole('navigation', { name: 'Нижнее меню' })
      .getByRole('link', { name: 'Каталог' })
      .click();
  } else {
    await page.locator('header [data-catalog-button]').click();
  }
  const menu = page.locator(`[data-catalog-menu][data-transport-id="${transportId}"]`);
  await expect(menu.locator('[data-category]').first()).toBeVisible();
  const counts = await menu
    .locator('[data-category]')
    .evaluateAll((links) =>
      Object.fromEntries(
        links.map((a) => [
          a.getAttribute('data-category'),
          Number(a.querySelector('[data-count]')?.getAttribute('data-count')),
        ]),
      ),
    );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return counts;
}

test('garage: save two vehicles, switch from the header, the catalogue follows; rename in the account', async ({
  page,
}, info) => {
  test.slow();
  const phone = info.project.name === 'phone';
  const [a, b] = await twoVehicles();
  await signUp(page);
  await page.goto('/catalog');

  await choose(page, a);
  await saveCurrent(page);
  await choose(page, b);
  await saveCurrent(page);

  // Both in the switcher, the chosen one marked; one tap goes back to the first.
  let dialog = await openDialog(page);
  const items = dialog.locator('[data-garage-panel] [data-garage-vehicle]');
  await expect(items).toHaveCount(2);
  await expect(items.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, info, 'garage-switcher');
  await expectAccessible(page, '[role="dialog"]');
  await items.nth(0).click();
  await expect(dialog).toBeHidden();
  await expect(transportButton(page).locator('[data-transport-label]')).toHaveText(a.label);
  const countsA = await menuCounts(page, phone, a.id);
  for (const [slug, found] of Object.entries(a.counts)) expect(countsA[slug], slug).toBe(found);

  dialog = await openDialog(page);
  await dialog.locator('[data-garage-panel] [data-garage-vehicle]').nth(1).click();
  await expect(dialog).toBeHidden();
  await expect(transportButton(page).locator('[data-transport-label]')).toHaveText(b.label);
  const countsB = await menuCounts(page, phone, b.id);
  for (const [slug, found] of Object.entries(b.counts)) expect(countsB[slug], slug).toBe(found);
  expect(countsB).not.toEqual(countsA);

  // The personal account's garage: rename the first vehicle and record its mileage; a bad VIN is refused.
  await page.goto('/profile/garage');
  const cards = page.locator('[data-garage-item]');
  await expect(cards).toHaveCount(2);
  const first = cards.nth(0);
  await first.locator('[data-garage-edit]').click();
  const form = first.locator('[data-garage-form]');
  await form.getByLabel('Название').fill('Рабочая Granta');
  await form.getByLabel('Пробег, км').fill('120 500');
  await form.getByLabel('VIN или номер кузова').fill('XTA21917OK0123456');
  await form.locator('[data-garage-submit]').click();
  await expect(form).toContainText('В VIN не бывает букв I, O и Q');
  await form.getByLabel('VIN или номер кузова').fill('');
  await form.locator('[data-garage-submit]').click();
  await expect(form).toBeHidden();
  await expect(page.locator('[data-garage-item="Рабочая Granta"]')).toContainText(/120\s500 км/);
  await screenshot(page, info, 'garage-page');
  await expectAccessible(page);
});

// The path in one go: a visitor types a VIN and lands on the step it proves, signs in, keeps that vehicle
// (with its VIN) and a second one in the garage, and switching between them changes the catalogue counts.
test("a visitor's VIN leads to the garage: signed in, two vehicles kept, switching changes the counts", async ({
  page,
}, info) => {
  test.slow();
  const phone = info.project.name === 'phone';
  const vin = 'XTA219010F0301234'; // a Lada Granta of 2015 (vehicle.spec reads it the same way)
  const granta = await vehicleOf('2015', 'lada', 'granta');
  expect(granta, 'a Lada Granta of 2015 in the seed').not.toBeNull();
  const other = await anotherMake('2015', granta!);

  await page.goto('/catalog');
  let dialog = await openDialog(page);
  await dialog.getByLabel('Или по VIN / номеру кузова').fill(vin);
  await dialog.getByRole('button', { name: 'Найти' }).click();
  const result = dialog.locator('[data-vin-result]');
  await expect(result).toContainText('Lada Granta');
  await expect(result).toContainText('Осталось выбрать двигатель');
  await expect(dialog.locator('[data-step="year"]')).toHaveValue('2015');
  await dialog.locator('select[data-step="engine"]').selectOption(String(granta!.id));
  await expect(dialog).toBeHidden();
  await expect(transportButton(page).locator('[data-transport-label]')).toHaveText(granta!.label);

  await signUp(page);
  await page.goto('/catalog');
  await expect(transportButton(page).locator('[data-transport-label]')).toHaveText(granta!.label);
  await saveCurrent(page);
  await choose(page, other);
  await saveCurrent(page);
  const saved = await (await page.request.get('/api/v1/user/garage/')).json();
  const kept = (saved.results as { transport: number; vin: string | null }[]).map((v) => [
    v.transport,
    v.vin,
  ]);
  expect(kept).toHaveLength(2);
  expect(kept).toEqual(
    expect.arrayContaining([
      [granta!.id, vin],
      [other.id, null],
    ]),
  );

  dialog = await openDialog(page);
  await dialog.locator('[data-garage-panel] [data-garage-vehicle]').nth(0).click();
  await expect(dialog).toBeHidden();
  const countsA = await menuCounts(page, phone, granta!.id);
  for (const [slug, found] of Object.entries(granta!.counts)) expect(countsA[slug], slug).toBe(found);
  dialog = await openDialog(page);
  await dialog.locator('[data-garage-panel] [data-garage-vehicle]').nth(1).click();
  await expect(dialog).toBeHidden();
  const countsB = await menuCounts(page, phone, other.id);
  for (const [slug, found] of Object.entries(other.counts)) expect(countsB[slug], slug).toBe(found);
  expect(countsB).not.toEqual(countsA);
});

test("an order's vehicle goes to the garage from the order page", async ({ page }, info) => {
  const [vehicle] = await twoVehicles();
  const { phone } = await signUp(page);
  const rows = await queryDb<{ slug: string; branch_id: number }>(
    `select p.slug, b.id as branch_id
       from stock s join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
       join products p on p.id = s.product_id
      where s.quantity - s.reserved >= 3 and p.is_active and not p.is_service and b.is_active
      order by p.id desc limit 1`,
    [],
  );
  expect(rows, 'DATABASE_URL of the e2e database').not.toBeNull();
  const { slug, branch_id: branchId } = rows![0]!;
  const methods = await apiGet<{ type: string; values: { id: number }[] }[]>('/api/v1/payment/methods/');
  const cash = methods.find((g) => g.type === 'CASH')!.values[0]!.id;
  const d = phone.slice(2);
  const created = await page.request.post('/api/v1/payment/orders/', {
    headers: { 'idempotency-key': `e2e-garage-${d}` },
    data: {
      name: 'Иван Петров',
      phone: `+7 (${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6, 8)}-${d.slice(8)}`,
      email: '',
      payment_type: 'CASH',
      payment_method_id: cash,
      cart: [{ slug, quantity: 1, with_installation: false }],
      branch_office_id: Number(branchId),
      transport_id: vehicle.id,
      placement_type: 'CART',
      consent: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { number } = (await created.json()) as { number: string };

  await page.goto(`/profile/orders/${number}`);
  const fact = page.locator('[data-order-vehicle]');
  await expect(fact).toContainText(vehicle.label);
  await fact.getByRole('button', { name: 'Сохранить в гараж' }).click();
  await expect(fact.getByRole('status')).toContainText('В гараже');
  await screenshot(page, info, 'order-vehicle-saved');
  await page.reload();
  await expect(page.locator('[data-order-vehicle]').getByRole('status')).toContainText('В гараже');
  await page.goto('/profile/garage');
  await expect(page.locator('[data-garage-item]')).toHaveCount(1);
  await expect(page.locator('[data-garage-item]')).toContainText(vehicle.label);
});
