import { expect, test, type Page } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiGet,
  expectAccessible,
  isPhone,
  outboxEntries,
  queryDb,
  uniquePhoneDigits,
  type Showcase,
} from './support';

// Issue #13 items 11–13: one consistent shop (hours, branch counts, the seller's details, the offer, consent,
// callbacks after hours, demo goods that neither repeat nor share one picture), accounts (the resend countdown
// from the moment a code is sent, the profile from the header's city and vehicle, one review per customer,
// buyers' reviews marked) and the smaller fixes (order numbers in URLs and the search mask, 404 for an unknown
// order, the compact header's user button name, unique landmarks on info pages).

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const OUTBOX = process.env.OUTBOX_PATH || path.join(ROOT, 'data/e2e/outbox.jsonl');
const PASSWORD = 'Krasnaya-Mashina-42';

type ShopFacts = Showcase & {
  work_hours: { from: string; to: string; time_zone: string };
  seller: { name: string; inn: string; ogrn: string; address: string };
  branches_count: number;
};

async function codeFromOutbox(to: string, since: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = outboxEntries(OUTBOX)
          .filter(
            (e) => e.to === to && e.purpose === 'register' && e.code && Date.parse(e.at) >= since - 1000,
          )
          .at(-1)?.code;
        return found;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{4}$/);
  return found!;
}

function uniqueAddress(): string {
  return `203.0.113.${Math.floor(Math.random() * 250) + 1}, 192.0.2.${Math.floor(Math.random() * 250) + 1}`;
}

async function openLogin(page: Page, phone: boolean) {
  if (phone) await page.locator('[data-bottom-menu]').getByRole('button', { name: 'Профиль' }).click();
  else await page.locator('header [data-user-button]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('one consistent shop (item 11)', () => {
  test('hours, branch counts and the seller come from one place; offer and privacy are linked', async ({
    page,
  }, info) => {
    const shop = await apiGet<ShopFacts>('/api/v1/showcase/');
    const hours = `${shop.work_hours.from.replace(/^0/, '')}–${shop.work_hours.to.replace(/^0/, '')}`;

    await page.goto('/');
    if (!isPhone(info))
      await expect(page.locator('header [data-header-phone]')).toContainText(`Ежедневно ${hours}`);
    // The home page's count is the branch list's; «О компании» says the same number.
    await expect(
      page
        .locator('dl > div')
        .filter({ has: page.locator('dt', { hasText: /филиал/ }) })
        .locator('dd'),
    ).toHaveText(String(shop.branches_count));
    const footer = page.locator('footer');
    await expect(footer.locator('[data-seller]')).toContainText(`ИНН ${shop.seller.inn}`);
    await expect(footer.locator('[data-seller]')).toContainText(`ОГРН ${shop.seller.ogrn}`);
    await expect(footer.locator('[data-seller]')).toContainText(shop.seller.address);
    await expect(footer.getByRole('link', { name: 'Публичная оферта' })).toHaveAttribute(
      'href',
      '/pages/oferta',
    );

    await page.goto('/pages/o-kompanii');
    const about = page.locator('article');
    await expect(about).toContainText(`${shop.branches_count} филиал`);
    await expect(about).toContainText(`ИНН ${shop.seller.inn}`);
    await page.goto('/pages/kontakty');
    await expect(page.locator('article')).toContainText(
      `с ${shop.work_hours.from.replace(/^0/, '')} до ${shop.work_hours.to.replace(/^0/, '')}`,
    );
    await page.goto('/pages/oferta');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Публичная оферта');
    await expect(page.locator('article')).toContainText(`ОГРН ${shop.seller.ogrn}`);
    await expect(
      page.locator('article').getByRole('link', { name: 'Политикой конфиденциальности' }),
    ).toBeVisible();
  });

  test('a callback asked for at 22:25 Moscow time promises the next morning, not 17 minutes @desktop', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date('2026-11-25T22:25:00+03:00'));
    await page.goto('/pages/dostavka');
    await page.locator('header [data-help-button]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Консультация' });
    await expect(dialog.locator('[data-callback-promise]')).toContainText('завтра после 8:00 по Москве');
    await expect(dialog.locator('[data-callback-promise]')).not.toContainText('17 минут');
    await expectAccessible(page, '[role="dialog"]');
  });

  test('registration asks consent to personal-data processing, with the privacy link', async ({
    page,
  }, info) => {
    await page.goto('/');
    const login = await openLogin(page, isPhone(info));
    await login.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const dialog = page.getByRole('dialog', { name: 'Регистрация' });
    const consent = dialog.getByRole('checkbox', { name: /согласен на обработку персональных данных/ });
    await expect(consent).not.toBeChecked();
    await expect(dialog.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute(
      'href',
      '/pages/privacy',
    );
    await dialog.getByLabel('Телефон').fill(uniquePhoneDigits());
    await dialog.locator('#register-password').fill(PASSWORD);
    await dialog.getByLabel('Повторите пароль').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await expect(dialog.locator('#register-consent-error')).toHaveText(
      'Подтвердите согласие на обработку персональных данных',
    );
    await expect(dialog.locator('[data-login-step="registration"]')).toBeVisible();
  });

  test('demo oils neither repeat nor share one picture: each shows its maker and volume @desktop', async ({
    page,
  }) => {
    const rows = await queryDb<{
      title: string;
      images: string[];
      maker: string;
      volume: string;
      slug: string;
    }>(
      `select p.title, p.images, p.slug, m.slug as maker, v.value as volume
         from products p join categories c on c.id = p.category_id and c.slug = 'motornye-masla'
         join manufacturers m on m.id = p.manufacturer_id
         join product_property_values pv on pv.product_id = p.id
         join properties pr on pr.id = pv.property_id and pr.slug = 'obem'
         join property_values v on v.id = pv.value_id`,
      [],
    );
    if (!rows) throw new Error('DATABASE_URL is needed: npm run test:e2e passes it');
    expect(rows.length).toBeGreaterThan(10);
    expect(new Set(rows.map((r) => r.title)).size).toBe(rows.length);
    for (const r of rows)
      expect(r.images).toEqual([`/media/products/oil/${r.maker}-${r.volume.replace('.', '_')}l.webp`]);
    expect(new Set(rows.map((r) => r.images[0])).size).toBeGreaterThan(5);
    // The picture is served.
    const res = await page.request.get(rows[0]!.images[0]!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/webp');
  });
});

test.describe('accounts (item 12) and smaller fixes (item 13)', () => {
  test('reset code step: the resend countdown already runs when the call was just made', async ({
    page,
    context,
  }, info) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueAddress() });
    await page.goto('/');
    const login = await openLogin(page, isPhone(info));
    await login.getByRole('button', { name: 'Забыли пароль?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
    await dialog.getByLabel('Телефон').fill(uniquePhoneDigits());
    await dialog.getByRole('button', { name: 'Получить звонок' }).click();
    await expect(dialog.locator('[data-login-step="reset-code"]')).toBeVisible();
    const resend = dialog.locator('[data-resend] button');
    await expect(resend).toHaveAttribute('aria-disabled', 'true');
    await expect(resend.locator('[data-countdown]')).toHaveText(/^0:[0-5]\d$/);
    await resend.dispatchEvent('click'); // aria-disabled: Playwright would wait for it to enable
    await expect(dialog.locator('[data-resend] [role="status"]')).toHaveText('');
  });

  test('a new customer: profile from the header, one review, order number URLs and mask', async ({
    page,
    context,
    baseURL,
  }, info) => {
    test.setTimeout(240_000);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueAddress() });
    const cities =
      await apiGet<{ slug: string; title: string; branches: { id: number }[] }[]>('/api/v1/branches/');
    const city = cities.filter((c) => c.branches.length > 0).at(-1)!;
    const [vehicle] =
      (await queryDb<{ id: number; year: number }>(
        `select t.id, t.year_from as year from transports t order by t.id limit 1`,
        [],
      )) ?? [];
    const url = new URL(baseURL!);
    await context.addCookies([
      { name: 'selectedCity', value: city.slug, domain: url.hostname, path: '/' },
      { name: 'selectedBranchId', value: String(city.branches[0]!.id), domain: url.hostname, path: '/' },
      { name: 'transportId', value: String(vehicle!.id), domain: url.hostname, path: '/' },
    ]);

    const digits = uniquePhoneDigits();
    await page.goto('/');
    let dialog = await openLogin(page, isPhone(info));
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    dialog = page.getByRole('dialog', { name: 'Регистрация' });
    await dialog.getByLabel('Телефон').fill(digits);
    await dialog.locator('#register-password').fill(PASSWORD);
    await dialog.getByLabel('Повторите пароль').fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: /согласен на обработку персональных данных/ }).check();
    const sentAt = Date.now();
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    dialog = page.getByRole('dialog', { name: 'Подтверждение номера' });
    await test.step('the resend countdown runs from the registration text', async () => {
      const resend = dialog.locator('[data-resend] button');
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(resend.locator('[data-countdown]')).toHaveText(/^0:[0-5]\d$/);
    });
    await dialog.getByLabel('Код из SMS').fill(await codeFromOutbox(`+7${digits}`, sentAt));
    await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await test.step('the profile starts from the city and vehicle chosen in the header', async () => {
      await page.goto('/profile');
      await expect(page.locator('[data-profile-city]')).toHaveText(city.title);
      await expect(page.locator('[data-vehicle-label]')).toBeVisible();
      const [consent] =
        (await queryDb<{ at: string | null }>(
          `select personal_data_consent_at as at from users where phone_number = $1`,
          [`+7${digits}`],
        )) ?? [];
      expect(consent?.at).toBeTruthy();
    });

    await test.step('the review form gives way to a thank-you once the customer has reviewed', async () => {
      const [product] =
        (await queryDb<{ slug: string }>(
          `select slug from products where is_active and not is_service and rating_count = 0 order by id desc limit 1`,
          [],
        )) ?? [];
      const detail = await apiGet<{ categories: string[][] }>(`/api/v1/catalog/products/${product!.slug}/`);
      const href = `/catalog/${detail.categories[0]!.join('/')}/product_${product!.slug}#reviews`;
      await page.goto(href);
      const form = page
        .locator('form')
        .filter({ has: page.getByRole('button', { name: 'Отправить отзыв' }) });
      await expect(form).toBeVisible();
      await form.locator('label').filter({ hasText: '5 из 5' }).click();
      await form.getByLabel('Комментарий').fill('Подошло с первого раза.');
      await form.getByRole('button', { name: 'Отправить отзыв' }).click();
      await expect(page.locator('[data-review-done]')).toBeVisible();
      await expect(form).toHaveCount(0);
      await page.reload();
      await expect(page.locator('[data-review-done]')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Отправить отзыв' })).toHaveCount(0);
    });

    await test.step('orders open by their 9-digit number; the search takes nine digits only', async () => {
      const number = String(900_000_000 + Math.floor(Math.random() * 99_999_999));
      const inserted = await queryDb<{ id: number }>(
        `with o as (
           insert into orders (number, user_id, status, payment_type, payment_method_id, branch_id, name, phone,
                               items_price, total_price)
           select $1, u.id, 'completed', 'CASH', (select min(id) from payment_methods), $2, 'Покупатель', u.phone_number,
                  500, 500
             from users u where u.phone_number = $3 returning id)
         insert into order_items (order_id, product_id, title, price, quantity)
         select o.id, p.id, p.title, 500, 1 from o, (select id, title from products where not is_service order by id limit 1) p
         returning order_id as id`,
        [number, city.branches[0]!.id, `+7${digits}`],
      );
      expect(inserted).toHaveLength(1);
      await page.goto('/profile/orders');
      const link = page.getByRole('link', { name: `Заказ № ${number}` });
      await expect(link).toHaveAttribute('href', `/profile/orders/${number}`);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/profile/orders/${number}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Заказ № ${number}`);

      await page.goto('/profile/orders');
      const field = page.getByLabel('Номер заказа');
      // Typed before the page has hydrated, the keys land in a plain input that React then resets: type again
      // until the mask is live (CI saw "" here).
      await expect(async () => {
        await field.fill('');
        await field.pressSequentially('№ 12a3-45');
        await expect(field).toHaveValue('12345', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await field.fill('');
      await field.pressSequentially('1234567890123');
      await expect(field).toHaveValue('123456789');
    });

    await test.step('an order number that is not the customer’s shows «Заказ не найден» (404)', async () => {
      const res = await page.goto('/profile/orders/123456789');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказ не найден');
      await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    });
  });

  test('reviews by buyers are marked @desktop', async ({ page }) => {
    // A product whose newest review is a verified buyer's; the review is found by its text, since other specs may
    // add reviews meanwhile and push it from the top of the list.
    const [row] =
      (await queryDb<{ slug: string; comment: string }>(
        `select p.slug, r.comment from reviews r join products p on p.id = r.product_id
          where p.is_active and r.is_verified_buyer and length(r.comment) > 20
            and r.created_at = (select max(created_at) from reviews r2 where r2.product_id = p.id)
          order by p.rating_count desc limit 1`,
        [],
      )) ?? [];
    const detail = await apiGet<{ categories: string[][] }>(`/api/v1/catalog/products/${row!.slug}/`);
    await page.goto(`/catalog/${detail.categories[0]!.join('/')}/product_${row!.slug}#reviews`);
    const review = page
      .getByTestId('review-list')
      .locator('li', { hasText: row!.comment.slice(0, 40) })
      .first();
    await expect(review.locator('[data-review-buyer]')).toHaveText('Проверенная покупка');
  });

  test('@desktop the compact header keeps the user button’s name', async ({ page }) => {
    await page.goto('/catalog');
    await page.mouse.wheel(0, 1500);
    await expect(page.locator('header [data-compact="true"]')).toBeVisible();
    await expect(page.locator('header').getByRole('button', { name: 'Войти' })).toBeVisible();
  });

  test('the city search takes «Питер» and «Екб», recentres the map, and has one clear button', async ({
    page,
  }) => {
    const cities =
      await apiGet<{ slug: string; title: string; branches: { id: number }[] }[]>('/api/v1/branches/');
    const spb = cities.find((c) => c.title === 'Санкт-Петербург')!;
    const ekb = cities.find((c) => c.title === 'Екатеринбург')!;
    await page.goto('/');
    await page.locator('header [data-city-button]:visible').first().click();
    const dialog = page.getByRole('dialog', { name: 'ВЫБОР ГОРОДА' });
    const field = dialog.getByRole('textbox', { name: 'Введите город' });
    await field.fill('Питер');
    await expect(dialog.locator(`[data-branch-id="${spb.branches[0]!.id}"]`)).toBeVisible();
    await expect(dialog.locator('[data-branch-id]')).toHaveCount(spb.branches.length);
    // The map follows the one city left: its markers are that city's branches.
    await expect(dialog.locator('[data-branch-marker]')).toHaveCount(spb.branches.length);
    await expect(dialog.locator(`[data-branch-marker="${spb.branches[0]!.id}"]`)).toHaveCount(1);
    await field.fill('екб');
    await expect(dialog.locator('[data-branch-id]')).toHaveCount(ekb.branches.length);
    await expect(dialog.locator(`[data-branch-marker="${ekb.branches[0]!.id}"]`)).toHaveCount(1);
    // Only the shop's own clear button: the field is no native search input with a second one.
    await expect(field).not.toHaveAttribute('type', 'search');
    await expect(dialog.getByRole('button', { name: 'Очистить поле' })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Очистить поле' }).click();
    await expect(field).toHaveValue('');
  });

  test('info pages name each landmark once', async ({ page }) => {
    await page.goto('/pages/dostavka');
    const names = await page
      .locator('nav, aside, [role="navigation"], [role="complementary"], [role="search"]')
      .evaluateAll((els) => els.map((e) => `${e.tagName}:${e.getAttribute('aria-label') ?? ''}`));
    expect(new Set(names).size).toBe(names.length);
    await expect(page.getByRole('navigation', { name: 'Разделы для покупателей' })).toBeVisible();
  });
});
