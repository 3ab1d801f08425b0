import { expect, test, type Page } from '@playwright/test';
import { adminScreenshot, createStaff, signInStaff } from './admin-support';
import { apiGet, expectAccessible, queryDb, uniquePhoneDigits } from './support';

// Issue #14's callback desk, review moderation and customers, on the desktop and the 1024 px tablet: a callback
// sent from the storefront appears on the open desk within 2 s without a reload and is marked done before its
// 17-minute clock runs out; a hidden review leaves the product page; the shop's reply shows under a review.

test.describe.configure({ timeout: 120_000 });

async function db<T>(sql: string, params: unknown[]): Promise<T[]> {
  const rows = await queryDb<T>(sql, params);
  if (!rows) throw new Error('the desk e2e needs DATABASE_URL (npm run test:e2e passes it)');
  return rows;
}

test('a storefront callback appears on the desk within 2 s and is done before its clock runs out', async ({
  page,
  browser,
}, info) => {
  const manager = createStaff('manager', { name: 'Смирнов Пётр' });
  await signInStaff(page, manager, '/admin/callbacks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Обратные звонки');
  const badge = page.locator('[data-callback-badge]');
  await expect(badge).toBeVisible();
  const openBefore = Number(await page.locator('[data-callback-open]').textContent());

  // The customer, in their own browser: the help modal of the storefront (within the line's hours).
  const shop = await browser.newContext();
  await shop.clock.setFixedTime(new Date('2026-11-25T12:00:00+03:00'));
  const customer = await shop.newPage();
  await customer.goto('/pages');
  await customer.locator('header [data-help-button]').first().click();
  const dialog = customer.getByRole('dialog', { name: 'Консультация' });
  const digits = uniquePhoneDigits();
  const name = `Игорь ${info.project.name === 'tablet' ? 'Планшетов' : 'Столов'}`;
  await dialog.getByLabel('Имя').fill(name);
  await dialog.getByLabel('Телефон').fill(digits);
  await dialog.getByLabel('Сообщение').fill('Подберите тормозные колодки на Весту');
  await dialog.getByRole('button', { name: 'Жду звонка' }).click();
  await expect(dialog.getByRole('heading', { name: 'Заявка принята' })).toBeVisible();
  const sentAt = Date.now();
  await shop.close();

  // The open desk shows it without a reload, within 2 seconds, with its clock running.
  const card = page.locator('[data-callback-id]', { hasText: name });
  await expect(card).toBeVisible({ timeout: 2_000 });
  info.annotations.push({ type: 'callback appeared after', description: `${Date.now() - sentAt} ms` });
  await expect(card).toContainText('Подберите тормозные колодки на Весту');
  await expect(card.locator('[data-clock]')).toContainText('осталось');
  await expect(page.locator('[data-callback-open]')).not.toHaveText(String(openBefore));
  await expectAccessible(page);
  await adminScreenshot(page, info, 'callbacks');

  await card.getByRole('button', { name: 'Взять в работу' }).click();
  await expect(card.locator('[data-taken-by]')).toHaveText('Смирнов Пётр (вы)');
  await card.getByRole('button', { name: 'Заметка' }).click();
  await card.getByLabel('Заметка к заявке').fill('Перезвонил, подобрали колодки Brembo');
  await card.getByRole('button', { name: 'Сохранить заметку' }).click();
  await expect(card).toContainText('Перезвонил, подобрали колодки Brembo');
  await expect(card.locator('[data-clock]')).toContainText('осталось');
  await card.getByRole('button', { name: 'Выполнена' }).click();
  await expect(card).toHaveCount(0);

  await page.getByRole('tab', { name: 'Выполненные' }).click();
  const done = page.locator('[data-callback-id]', { hasText: name });
  await expect(done.locator('[data-clock]')).toContainText('Выполнена за');
  const [row] = await db<{ status: string; late: boolean }>(
    `select status, done_at > created_at + interval '17 minutes' as late from feedback where phone = $1`,
    [`+7${digits}`],
  );
  expect(row).toEqual({ status: 'done', late: false });
});

interface Detail {
  slug: string;
  categories: string[][];
}

async function productUrl(slug: string): Promise<string> {
  const detail = await apiGet<Detail>(`/api/v1/catalog/products/${slug}/`);
  return `/catalog/${detail.categories[0]!.join('/')}/product_${slug}#reviews`;
}

async function reviewsPanel(page: Page) {
  const panel = page.getByRole('tabpanel', { name: /^Отзывы/ });
  await expect(panel).toBeVisible();
  return panel;
}

test('a review is hidden and leaves the product page; the shop reply shows under another', async ({
  page,
}, info) => {
  const [product] = await db<{ id: number; slug: string }>(
    `select id, slug from products where is_active order by popularity desc nulls last, id
     offset $1 limit 1`,
    [info.project.name === 'tablet' ? 7 : 3],
  );
  const stamp = `${info.project.name} ${Date.now()}`;
  const spam = `Пишите в телеграм, дешевле — ${stamp}`;
  const good = `Встали как родные, спасибо — ${stamp}`;
  for (const [comment, grade] of [
    [spam, 1],
    [good, 5],
  ] as const)
    await db(
      `insert into reviews (product_id, author_first_name, author_last_name, grade, comment, moderation)
       values ($1, 'Анна', 'Покупатель', $2, $3, 'new')`,
      [product!.id, grade, comment],
    );
  const url = await productUrl(product!.slug);
  await page.goto(url);
  let panel = await reviewsPanel(page);
  await expect(panel.getByTestId('review-list')).toContainText(spam);

  const manager = createStaff('manager');
  await signInStaff(page, manager, `/admin/reviews?product=${product!.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Отзывы');
  const spamCard = page.locator('[data-review-id]', { hasText: spam });
  const goodCard = page.locator('[data-review-id]', { hasText: good });
  await expect(spamCard).toBeVisible();
  await expectAccessible(page);
  await adminScreenshot(page, info, 'reviews');

  await spamCard.getByRole('button', { name: 'Скрыть…' }).click();
  await spamCard.getByRole('button', { name: 'Скрыть отзыв' }).click();
  await expect(spamCard.getByText('Обязательное поле')).toBeVisible();
  await spamCard.getByLabel('Причина скрытия').fill('Реклама');
  await spamCard.getByRole('button', { name: 'Скрыть отзыв' }).click();
  await expect(spamCard).toHaveCount(0);

  await goodCard.getByRole('button', { name: 'Ответить' }).click();
  await goodCard.getByLabel(/Ответ магазина/).fill('Спасибо, что выбрали нас! Ждём снова.');
  await goodCard.getByRole('button', { name: 'Сохранить ответ' }).click();
  await expect(goodCard.locator('[data-admin-reply]')).toContainText('Спасибо, что выбрали нас!');
  await goodCard.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(goodCard).toHaveCount(0);

  await page.goto(url);
  panel = await reviewsPanel(page);
  await expect(panel.getByTestId('review-list')).toContainText(good);
  await expect(panel.getByTestId('review-list')).not.toContainText(spam);
  const reviewItem = panel.getByTestId('review-list').getByRole('listitem').filter({ hasText: good });
  await expect(reviewItem.locator('[data-review-reply]')).toContainText('Ответ магазина');
  await expect(reviewItem.locator('[data-review-reply]')).toContainText(
    'Спасибо, что выбрали нас! Ждём снова.',
  );
  await expectAccessible(page, '[role="tabpanel"]');
});

test('staff find a customer by phone, see their page, block and unblock them @tablet', async ({
  page,
}, info) => {
  const digits = uniquePhoneDigits();
  const [customer] = await db<{ id: number }>(
    `insert into users (phone_number, first_name, last_name, is_active) values ($1, 'Олег', 'Ветров', true) returning id`,
    [`+7${digits}`],
  );
  const manager = createStaff('manager');
  await signInStaff(page, manager, '/admin/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Покупатели');
  await expect(page.locator('[data-customers]')).toBeVisible();
  await page
    .getByLabel('Телефон или имя')
    .fill(`8 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
  const link = page.locator('[data-customers]').getByRole('link', { name: 'Ветров Олег' });
  // Another project's run may add a namesake meanwhile: the phone finds exactly one.
  await expect(page.locator('[data-customers] tbody tr')).toHaveCount(1);
  await expect(link).toBeVisible();
  await expectAccessible(page);
  await adminScreenshot(page, info, 'customers');

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/customers/${customer!.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ветров Олег');
  await expect(page.locator('[data-customer-state]')).toHaveText('Активен');
  await page.getByRole('button', { name: 'Заблокировать…' }).click();
  await page.getByLabel('Причина блокировки').fill('Не выкупает заказы');
  await page.getByRole('button', { name: 'Заблокировать', exact: true }).click();
  await expect(page.locator('[data-customer-state]')).toHaveText('Заблокирован');
  await expect(page.locator('[data-customer]')).toContainText('Не выкупает заказы');
  await expectAccessible(page);
  await adminScreenshot(page, info, 'customer');
  const [row] = await db<{ blocked: boolean }>(
    'select blocked_at is not null as blocked from users where id = $1',
    [customer!.id],
  );
  expect(row!.blocked).toBe(true);
  await page.getByRole('button', { name: 'Разблокировать' }).click();
  await expect(page.locator('[data-customer-state]')).toHaveText('Активен');
});
