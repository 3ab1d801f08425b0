import { CONTENT_MESSAGES } from '@podbor/contract';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminScreenshot, createStaff, signInStaff, seenWithin } from './admin-support';
import { expectAccessible } from './support';

// Issue #14, content: an admin edits an info page's text and the storefront page shows it within 5 s; adds a banner
// with an uploaded picture and sees it on the home page; changes the shop's phone and the storefront header shows
// it (then puts it back: other specs read the phone). Each project works on its own page and banner; only the
// desktop project writes the settings (one row for the whole shop), the tablet checks a refusal instead.

test('an info page edited in the back office and a new banner show on the storefront within 5 s @tablet', async ({
  page,
  context,
}, info) => {
  test.setTimeout(120_000);
  const tag = `${info.project.name}-${Date.now() % 1_000_000}`;
  const admin = createStaff('admin', { name: 'Орлова Мария' });
  await signInStaff(page, admin, '/admin/pages');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страницы для покупателей');
  await expect(page.locator('[data-pages] tbody tr').first()).toBeVisible();
  await expectAccessible(page);
  await adminScreenshot(page, info, 'pages');

  // A new page: its address comes from the title; it starts as a draft.
  await page.getByLabel('Заголовок').fill(`Подарочные карты ${tag}`);
  await page.getByRole('button', { name: 'Создать' }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/\d+$/);
  const slugField = page.getByLabel('Адрес: /pages/…');
  await expect(slugField).toHaveValue(`podarochnye-karty-${tag}`);
  const slug = await slugField.inputValue();
  const editor = page.getByRole('textbox', { name: 'Текст страницы' });
  await editor.click();
  await page.keyboard.type(`Первая редакция ${tag}`);
  await page.getByLabel('Опубликована (видна покупателям)').check();
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('[data-page-form] [role="status"]')).toHaveText('Сохранено');
  await expectAccessible(page);
  await adminScreenshot(page, info, 'page-editor');

  // The storefront has shown the first text, so every cache on the way holds it.
  const shop = await context.newPage();
  await shop.goto(`/pages/${slug}`);
  await expect(shop.getByText(`Первая редакция ${tag}`)).toBeVisible();

  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(`Вторая редакция ${tag}`);
  await page.getByRole('button', { name: 'Сохранить' }).click();
  await expect(page.locator('[data-page-form] [role="status"]')).toHaveText('Сохранено');
  const pageSaved = Date.now();
  const pageLag = await seenWithin(
    shop,
    `/pages/${slug}`,
    async () => (await shop.getByText(`Вторая редакция ${tag}`).count()) > 0,
    pageSaved,
  );
  expect(pageLag, 'the storefront page shows the new text within 5 s').toBeLessThanOrEqual(5_000);

  // A home banner with an uploaded picture (dark, so its white title stays readable), placed first.
  await page.goto('/admin/banners');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Баннеры');
  await page.getByRole('button', { name: 'Добавить баннер' }).click();
  const form = page.locator('[data-banner-form]');
  const title = `Неделя фильтров ${tag}`;
  await form.getByLabel('Заголовок', { exact: true }).fill(title);
  await form.getByLabel('Подзаголовок').fill('Скидка 10% на воздушные и салонные фильтры');
  await form.getByLabel('Ссылка: /catalog/… или https://…').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Добавить' }).click();
  await expect(form.getByText(CONTENT_MESSAGES.linkInvalid)).toBeVisible();
  await form.getByLabel('Ссылка: /catalog/… или https://…').fill('/catalog');
  await form.getByLabel(/^Порядок/).fill(info.project.name === 'tablet' ? '2' : '1');
  const picture = await sharp({ create: { width: 2000, height: 750, channels: 3, background: '#1b2a44' } })
    .png()
    .toBuffer();
  await form
    .getByLabel(/^Картинка/)
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: picture });
  await form.getByRole('button', { name: 'Добавить' }).click();
  // Saved with its picture: the list shows it as on the site.
  const row = page.locator('[data-banners] tr').filter({ hasText: title });
  await expect(row.getByText('Показывается')).toBeVisible();
  const bannerSaved = Date.now();

  const promos = shop.getByRole('region', { name: 'Акции' });
  const bannerLag = await seenWithin(
    shop,
    '/',
    async () => (await promos.getByText(title).count()) > 0,
    bannerSaved,
  );
  expect(bannerLag, 'the home page shows the new banner within 5 s').toBeLessThanOrEqual(5_000);
  await expect(form.getByRole('status')).toHaveText('Сохранено');
  await expectAccessible(page);
  await adminScreenshot(page, info, 'banners');
  await expect(promos.locator('li').filter({ hasText: title }).locator('img')).toHaveAttribute(
    'src',
    /\/media\/banners\/u\/\d+-[0-9a-f]{16}\.webp/,
  );

  // Clean up through the screens: the banner and the page leave the storefront.
  await row.getByRole('button', { name: title, exact: true }).click();
  await form.getByRole('button', { name: 'Удалить' }).click();
  await form.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(row).toHaveCount(0);
  await page.goto('/admin/pages');
  await page.getByRole('link', { name: `Подарочные карты ${tag}` }).click();
  await page.getByRole('button', { name: 'Удалить страницу' }).click();
  await page.getByRole('button', { name: 'Да, удалить' }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  const gone = await shop.goto(`/pages/${slug}`);
  expect(gone?.status()).toBe(404);
});

test('the shop phone changed in settings shows in the storefront header within 5 s @tablet', async ({
  page,
  context,
}, info) => {
  test.setTimeout(90_000);
  const admin = createStaff('admin', { name: 'Орлова Мария' });
  await signInStaff(page, admin, '/admin/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки магазина');
  const phone = page.getByLabel('Телефон', { exact: true });
  await expect(phone).not.toHaveValue('');
  await expectAccessible(page);
  await adminScreenshot(page, info, 'settings');

  // An ИНН with a wrong check digit is refused and nothing is saved.
  const inn = page.getByLabel('ИНН (10 или 12 цифр)');
  const innBefore = await inn.inputValue();
  await inn.fill('7727123457');
  await page.getByRole('button', { name: 'Сохранить настройки' }).click();
  await expect(page.getByText(CONTENT_MESSAGES.innInvalid)).toBeVisible();
  await inn.fill(innBefore);

  const before = await phone.inputValue();
  const next = `+7 (800) 777-${String(Date.now() % 100).padStart(2, '0')}-01`;
  const tel = `tel:${next.replace(/[^\d+]/g, '')}`;
  const shop = await context.newPage();
  await shop.goto('/');
  await expect(shop.locator('header a[href^="tel:"]').first()).toBeVisible();
  try {
    await phone.fill(next);
    await page.getByRole('button', { name: 'Сохранить настройки' }).click();
    await expect(page.locator('[data-settings-form] [role="status"]')).toContainText('Сохранено');
    const saved = Date.now();
    const lag = await seenWithin(
      shop,
      '/',
      async () => (await shop.locator(`header a[href="${tel}"]`).count()) > 0,
      saved,
    );
    expect(lag, 'the header shows the new phone within 5 s').toBeLessThanOrEqual(5_000);
    await expect(shop.locator(`footer a[href="${tel}"]`).first()).toBeAttached();
  } finally {
    await page.reload();
    await expect(phone).not.toHaveValue('');
    if ((await phone.inputValue()) !== before) {
      await phone.fill(before);
      await page.getByRole('button', { name: 'Сохранить настройки' }).click();
      await expect(page.locator('[data-settings-form] [role="status"]')).toContainText('Сохранено');
    }
  }
});
