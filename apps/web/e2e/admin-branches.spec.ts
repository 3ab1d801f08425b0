import { expect, test } from '@playwright/test';
import { apiGet, expectAccessible } from './support';
import { adminScreenshot, createStaff, signInStaff } from './admin-support';

// Issue #14: branches and their coordinates, picked on the map. An administrator moves a branch by clicking the map
// and changes its description; the storefront's branch list has the new point and text. A manager may look only.

interface ShopBranch {
  id: number;
  title: string;
  latitude: string | number;
  description: string;
}

test('an admin moves a branch on the map and the storefront shows the new point @tablet', async ({
  page,
}, info) => {
  // Two full-page screenshots per project and axe over the whole branch table with its map: under CI load this took
  // longer than the default minute once.
  test.slow();
  const admin = createStaff('admin');
  await signInStaff(page, admin, '/admin/branches');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Филиалы');
  const rows = page.locator('[data-branches] tbody tr');
  await expect(rows.first()).toBeVisible();
  await adminScreenshot(page, info, 'branches');

  // Each project edits its own branch: the two run at once against one database.
  const row = rows.nth((await rows.count()) - (info.project.name === 'tablet' ? 2 : 1));
  const title = (await row.getByRole('button').textContent())!.trim();
  await row.getByRole('button').click();
  const form = page.locator('[data-branch-form]');
  await expect(form).toBeVisible();
  const latitude = form.locator('[data-field="latitude"]');
  const before = Number(await latitude.inputValue());

  // A click on the map above its centre is the branch's new point: further north.
  const map = page.locator('[data-pick-map]');
  await expect(map.locator('.leaflet-marker-icon')).toBeVisible();
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 4);
  await expect.poll(async () => Number(await latitude.inputValue())).toBeGreaterThan(before);
  const picked = Number(await latitude.inputValue());

  const text = `Вход со двора, ${info.project.name} ${Date.now()}`;
  await form.getByLabel('Как добраться').fill(text);
  await expectAccessible(page);
  await adminScreenshot(page, info, 'branch-edit');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByRole('status')).toHaveText('Сохранено');

  const shop = await apiGet<{ branches: ShopBranch[] }[]>('/api/v1/branches/');
  const shown = shop.flatMap((c) => c.branches).find((b) => b.title === title);
  expect(shown?.description).toBe(text);
  expect(Number(shown?.latitude)).toBeCloseTo(picked, 5);
});

test('a manager sees the branches but cannot change them @tablet', async ({ page }) => {
  const manager = createStaff('manager');
  await signInStaff(page, manager, '/admin/branches');
  await page.locator('[data-branches] tbody tr').first().getByRole('button').click();
  const form = page.locator('[data-branch-form]');
  await expect(form.getByLabel('Адрес')).toBeDisabled();
  await expect(form.getByRole('button', { name: 'Сохранить' })).toHaveCount(0);
});
