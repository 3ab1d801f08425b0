import { expect, test, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { API_BASE_URL, apiGet, expectAccessible, SCREENSHOT_DIR } from './support';

// Issue #17: the vehicle read from the search text. 'колодки камри 2018' → the offer «Показать для Toyota Camry
// 2018?» in the dropdown and on the results page; applying it chooses that vehicle (header, cookie) and shows
// the parts for 'колодки' that fit it.

const QUERY = 'колодки камри 2018';

interface Answer {
  vehicle?: { label: string; query: string; transports: { id: number; label: string }[] };
}

async function viewportShot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}-${info.project.name}.png`),
    animations: 'disabled',
  });
}

test('reads the vehicle from the search text, offers it and shows the fitting parts once applied', async ({
  page,
}, info) => {
  test.slow();
  const answer = await apiGet<Answer>(`/api/v1/catalog/search/?query=${encodeURIComponent(QUERY)}`);
  expect(answer.vehicle?.label).toBe('Toyota Camry 2018');
  expect(answer.vehicle!.query).toBe('колодки');
  // Each project applies a different vehicle of the offer when there are several.
  const transports = answer.vehicle!.transports;
  const chosen = transports[info.project.name === 'phone' ? transports.length - 1 : 0]!;

  // The results page of the whole query (Enter) makes the same offer above parts that fit.
  await page.goto(`/search?q=${encodeURIComponent(QUERY)}`);
  const pageOffer = page.locator('[data-search-vehicle-offer]');
  await expect(pageOffer).toContainText('Показать для Toyota Camry 2018?');
  await expect(page.locator('[data-search-results] h2')).toHaveText(/^Найдено: /);
  await expectAccessible(page);
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `vehicle-search-page-${info.project.name}.png`),
    fullPage: true,
    animations: 'disabled',
  });

  // The dropdown: the offer heads it, one option per vehicle of the offer.
  const input = page.getByRole('combobox', { name: 'Поиск по каталогу' });
  await input.fill(QUERY);
  const offer = page.locator('[data-search-dropdown] [data-search-vehicle-offer]');
  await expect(offer).toHaveText('Показать для Toyota Camry 2018?');
  const options = page.locator('[data-search-section="vehicle"] [role="option"]');
  await expect(options).toHaveCount(transports.length);
  await expect(page.locator('[data-search-section="products"] [role="option"]').first()).toContainText(
    /колодк/i,
  );
  await expectAccessible(page, '[data-search]');
  await viewportShot(page, info, 'vehicle-search-dropdown');

  await options.filter({ hasText: chosen.label }).first().click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/search' &&
      url.searchParams.get('q') === 'колодки' &&
      url.searchParams.get('transport_id') === String(chosen.id),
  );
  await expect(page.locator('header [data-transport-open]:visible [data-transport-label]')).toHaveText(
    chosen.label,
  );
  const cookie = (await page.context().cookies()).find((c) => c.name === 'transportId');
  expect(cookie?.value).toBe(String(chosen.id));

  // The parts shown are the API's parts for 'колодки' that fit the chosen vehicle (and universal ones).
  const res = await fetch(
    `${API_BASE_URL}/api/v1/catalog/search/products/${chosen.id}/?query=${encodeURIComponent('колодки')}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ page: 1 }) },
  );
  const fitting = (await res.json()) as { total: number };
  expect(fitting.total).toBeGreaterThan(0);
  await expect(page.locator('[data-search-results] h2')).toContainText(String(fitting.total));
  // Once applied, the vehicle is no longer offered.
  await expect(page.locator('[data-search-vehicle-offer]')).toHaveCount(0);
  await viewportShot(page, info, 'vehicle-search-applied');
});
