import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible, screenshot } from './support';
import { listing, setVehicle, vehicleFor } from './catalog-support';

// Issue #17 «fit everywhere»: with a vehicle chosen, listing cards say «Подходит» (or «Универсальный»), a search
// suggestion that does not fit says «Не подходит», and the cart warns before ordering a part that does not fit
// (the order form then asks once).

interface SearchAnswer {
  products: { slug: string; title: string; vendor_code?: string; fit?: string }[];
}

test.describe('fit everywhere', () => {
  test.describe.configure({ timeout: 120_000 });

  test('cards, search and the cart say whether a part fits the chosen vehicle', async ({
    page,
    context,
    baseURL,
  }, info) => {
    // Each project its own vehicle's pads and its own non-fitting part, so desktop and phone never collide.
    const offset = info.project.name === 'phone' ? 1 : 0;
    const pads = await listing('perednie-kolodki', {});
    const vehicle = await vehicleFor(pads.results[offset]!.slug);
    await setVehicle(context, baseURL!, vehicle);

    // A listing card for the vehicle: «Подходит».
    const fitted = await listing('perednie-kolodki', {}, vehicle.id);
    await page.goto(`/catalog/${fitted.results[0]!.categories[0]!.join('/')}?page=1&order=byPopularDown`);
    const grid = page.getByTestId('product-grid');
    await expect(grid.locator('[data-fit="fits"]').first()).toHaveText('Подходит');
    await expect(grid.locator('[data-fit="no"]')).toHaveCount(0);
    await screenshot(page, info, 'fit-listing');

    // A city with a branch, for the cart.
    const cities = await apiGet<{ slug: string; branches: { id: number }[] }[]>('/api/v1/branches/');
    const city =
      cities.find((c) => c.slug === 'moskva' && c.branches.length > 0) ??
      cities.find((c) => c.branches.length > 0)!;
    const url = new URL(baseURL!);
    await context.addCookies([
      { name: 'selectedCity', value: city.slug, domain: url.hostname, path: '/' },
      { name: 'selectedBranchId', value: String(city.branches[0]!.id), domain: url.hostname, path: '/' },
    ]);

    // A pad that does not fit this vehicle (the search answers `fit` for it), in stock in the city.
    let other: { slug: string; title: string; article: string } | null = null;
    const candidates = (await listing('perednie-kolodki', { page: 2 })).results;
    for (let k = 0; k < candidates.length && !other; k++) {
      const c = candidates[(k * 2 + offset) % candidates.length]!;
      if (!c.vendor_code) continue;
      const found = await apiGet<SearchAnswer>(
        `/api/v1/catalog/search/?query=${encodeURIComponent(c.vendor_code)}&transport=${vehicle.id}`,
      );
      if (found.products.find((p) => p.slug === c.slug)?.fit !== 'no') continue;
      const added = await page.request.post('/api/v1/payment/cart/add-item/', {
        data: {
          product: c.slug,
          quantity: 1,
          with_installation: false,
          transport: vehicle.id,
          city: city.slug,
        },
      });
      if (added.status() === 409) continue;
      expect(added.status(), await added.text()).toBe(200);
      other = { slug: c.slug, title: c.title, article: c.vendor_code };
    }
    expect(other, 'a pad that does not fit the vehicle').not.toBeNull();

    // The search suggestion says it does not fit.
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const input = page.getByRole('combobox', { name: 'Поиск по каталогу' });
    await input.click();
    await input.pressSequentially(other!.article, { delay: 30 });
    await expect(page.getByRole('listbox', { name: 'Результаты поиска' })).toBeVisible();
    const products = page
      .getByRole('listbox', { name: 'Результаты поиска' })
      .locator('[data-search-section="products"]');
    const option = products.getByRole('option').filter({ hasText: other!.title }).first();
    await expect(option.locator('[data-fit="no"]')).toHaveText('Не подходит');
    await expectAccessible(page, '[data-search]');
    await screenshot(page, info, 'fit-search');

    // The cart: the line says so and the warning above «Оформить заказ» names it, with the ways out.
    await page.goto('/cart');
    const line = page.locator(`[data-cart-line="${other!.slug}"]`);
    await expect(line.locator('[data-fit="no"]')).toHaveText('Не подходит к вашему автомобилю');
    const warning = page.locator('[data-cart-fit-warning]');
    await expect(warning).toContainText(`Товар «${other!.title}» не подходит к вашему автомобилю`);
    await expect(warning.getByRole('button', { name: 'Сменить автомобиль' })).toBeVisible();
    await expect(warning.getByRole('button', { name: 'Удалить из корзины' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, info, 'fit-cart');

    // Ordering anyway: the order form asks once before sending.
    await page.locator('[data-cart-checkout]').click();
    await expect(page.locator('[data-order-form]')).toBeVisible();
    await expect(page.locator(`[data-order-line="${other!.slug}"] [data-fit="no"]`)).toBeVisible();
    await page.getByLabel('Имя').fill('Иван Петров');
    await page.getByLabel('Телефон').fill('9991234567');
    await page.getByRole('radio', { name: /Оплата при получении/ }).check();
    await page.locator('[data-order-consent]').check();
    await page.locator('[data-order-submit]').click();
    const confirm = page.locator('[data-order-fit-confirm]');
    await expect(confirm).toContainText(`«${other!.title}» не подходит`);
    await expect(confirm.getByRole('button', { name: 'Да, оформить' })).toBeVisible();
    await expect(page).toHaveURL(/\/order/);
    await screenshot(page, info, 'fit-order-confirm');
  });
});
