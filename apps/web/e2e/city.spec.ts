import { expect, test, type Page } from '@playwright/test';
import { apiGet, expectAccessible, isPhone } from './support';

interface City {
  title: string;
  slug: string;
  branches: { id: number; title: string; street: string }[];
}

const cityButton = (page: Page) => page.locator('header [data-city-button]:visible').first();

test.describe('city and branch picker', () => {
  test('choosing another city and branch changes the header and survives a reload', async ({
    page,
    context,
  }, info) => {
    const cities = await apiGet<City[]>('/api/v1/branches/');
    await page.goto('/');
    const current = (await cityButton(page).innerText()).replace('Город:', '').trim();
    const target =
      cities.find((c) => c.title !== current && c.branches.length >= 2) ??
      cities.find((c) => c.title !== current)!;
    const branch = target.branches[target.branches.length - 1]!;

    await cityButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'ВЫБОР ГОРОДА' });
    await expect(dialog).toBeVisible();
    // Opening the picker records the city-changed-once flag (SPEC §4).
    expect((await context.cookies()).find((c) => c.name === 'firstChageCity')?.value).toBe('true');

    if (isPhone(info)) {
      // The dialog rises in with a slight scale: measure once the animation is over.
      await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
      expect((await dialog.boundingBox())?.height).toBe(844);
    }

    const filter = dialog.getByRole('textbox', { name: 'Введите город' });
    await filter.fill(target.title.slice(0, 4).toUpperCase());
    const firstBranch = dialog.locator(`[data-branch-id="${target.branches[0]!.id}"]`);
    await expect(firstBranch).toBeVisible();
    // Only cities matching the filter remain.
    const otherCity = cities.find(
      (c) => !c.title.toLowerCase().includes(target.title.slice(0, 4).toLowerCase()),
    )!;
    await expect(dialog.locator(`[data-city="${otherCity.slug}"]`)).toHaveCount(0);

    await firstBranch.click();
    await expect(firstBranch).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.locator('[data-branch-address]')).toHaveText(
      new RegExp(`^Адрес филиала: ${target.title}, ${escape(target.branches[0]!.street)}`),
    );

    // The map shows one captioned marker per branch of the chosen city; a marker click selects its branch.
    await expect(dialog.locator('[data-branch-map][data-ready="true"]')).toBeVisible();
    await expect(dialog.locator('[data-branch-marker]')).toHaveCount(target.branches.length);
    await expect(dialog.locator('.leaflet-tooltip', { hasText: branch.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Приблизить' })).toBeVisible();
    // The map is still flying to the city, so the click goes to the marker element itself, not to coordinates.
    await dialog.locator(`[data-branch-marker="${target.branches[0]!.id}"]`).dispatchEvent('click');
    await dialog.locator(`[data-branch-marker="${branch.id}"]`).dispatchEvent('click');
    await expect(dialog.locator(`button[data-branch-id="${branch.id}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(dialog.locator('[data-branch-address]')).toContainText(`${target.title}, ${branch.street}`);
    // Markers are keyboard-operable: Enter on a focused marker selects its branch too.
    await dialog.locator(`[data-branch-marker="${target.branches[0]!.id}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(firstBranch).toHaveAttribute('aria-pressed', 'true');
    await dialog.locator(`[data-branch-marker="${branch.id}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.locator(`button[data-branch-id="${branch.id}"]`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // The clear button empties the filter and brings every city back.
    await dialog.getByRole('button', { name: 'Очистить поле' }).click();
    await expect(filter).toHaveValue('');
    await expect(dialog.locator(`[data-city="${otherCity.slug}"]`).first()).toBeVisible();

    await expectAccessible(page, '[role="dialog"]');

    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(dialog).toBeHidden();
    await expect(cityButton(page)).toHaveText(`Город: ${target.title}`);

    const cookies = await context.cookies();
    const selectedCity = cookies.find((c) => c.name === 'selectedCity');
    expect(selectedCity?.value).toBe(target.slug);
    expect(cookies.find((c) => c.name === 'selectedBranchId')?.value).toBe(String(branch.id));
    // 30 days, readable by the page.
    expect(selectedCity!.expires - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
    expect(selectedCity!.httpOnly).toBe(false);

    await page.reload();
    await expect(cityButton(page)).toHaveText(`Город: ${target.title}`);
    if (!isPhone(info)) await expect(page.locator('header')).toContainText(branch.street);
  });

  test('closes on Escape and gives focus back to the city button', async ({ page }) => {
    await page.goto('/');
    await cityButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'ВЫБОР ГОРОДА' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cityButton(page)).toBeFocused();
  });
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
