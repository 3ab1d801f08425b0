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
  const groups = await apiGet<{ brands: TitleSlug[] }[]>(`/api/v2/transport/${year}/brands/`);
  for (const brand of groups.flatMap((g) => g.brands).filter((b) => b.slug !== 'lada')) {
    const other = await vehicleOf(year, brand.slug);
    if (other && JSON.stringify(other.counts) !== JSON.stringify(first!.counts)) return [first!, other];
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
