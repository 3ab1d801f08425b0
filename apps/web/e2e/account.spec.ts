import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiGet,
  expectAccessible,
  isPhone,
  outboxEntries,
  queryDb,
  screenshot,
  uniquePhoneDigits,
} from './support';

// Accounts (issue 5): registration with the SMS code from the outbox, automatic sign-in, the profile, sign-out
// with confirmation, password reset by call, sign-in with the new password, the SPEC §5/§8 messages on the
// right fields, the 401 → refresh → retry path, and the order history of the new customer.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** test-e2e.mjs runs the API with DATA_DIR=data/e2e, whose outbox receives every SMS, call and e-mail. */
const OUTBOX = process.env.OUTBOX_PATH || path.join(ROOT, 'data/e2e/outbox.jsonl');

const PASSWORD = 'Krasnaya-Mashina-42';
const CHANGED_PASSWORD = 'Zelenaya-Mashina-58';
const NEW_PASSWORD = 'Sinyaya-Mashina-73';

/** The newest code sent to `to` for `purpose` after `since` (gateways write a moment after the answer). */
async function codeFromOutbox(to: string, purpose: string, since: number): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const entries = outboxEntries(OUTBOX).filter(
          (e) => e.to === to && e.purpose === purpose && e.code && Date.parse(e.at) >= since - 1000,
        );
        found = entries.at(-1)?.code;
        return found;
      },
      { message: `a ${purpose} code for ${to} in ${OUTBOX}`, timeout: 10_000 },
    )
    .toMatch(/^\d{4}$/);
  return found!;
}

function masked(digits: string): string {
  return `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8, 10)}`;
}

/** Every test speaks from its own public address, so the API's per-address limits of one run do not meet. */
function uniqueAddress(): string {
  return `203.0.113.${Math.floor(Math.random() * 250) + 1}, 198.51.100.${Math.floor(Math.random() * 250) + 1}`;
}

async function tokenCookies(context: BrowserContext) {
  const all = await context.cookies();
  return { access: all.find((c) => c.name === 'access'), refresh: all.find((c) => c.name === 'refresh') };
}

async function openLogin(page: Page, info: TestInfo): Promise<Locator> {
  if (isPhone(info))
    await page.locator('[data-bottom-menu]').getByRole('button', { name: 'Профиль' }).click();
  else await page.locator('header [data-user-button]').first().click();
  const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header's user menu (desktop) or the bottom menu's profile link (phone) leads to the personal pages. */
async function openUserMenu(page: Page) {
  await page.locator('header [data-user-button]').first().click();
  return page.getByRole('menu');
}

function fieldError(dialog: Locator, id: string) {
  return dialog.locator(`#${id}-error`);
}

test.describe('accounts', () => {
  test('register → profile → sign out → reset by call → sign in, with the SPEC messages', async ({
    page,
    context,
  }, info) => {
    test.setTimeout(360_000);
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': uniqueAddress() });
    const digits = uniquePhoneDigits();
    const phone = `+7${digits}`;

    await page.goto('/');
    let dialog = await openLogin(page, info);

    await test.step('authorization: required fields and the phone pattern', async () => {
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, info, 'account-login');
      await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(fieldError(dialog, 'login-phone')).toHaveText('Обязательное поле');
      await expect(fieldError(dialog, 'login-password')).toHaveText('Обязательное поле');
      await expect(dialog.getByLabel('Телефон')).toBeFocused();
      await dialog.getByLabel('Телефон').fill('912');
      await expect(dialog.getByLabel('Телефон')).toHaveValue('+7 (912');
      await dialog.getByLabel('Пароль').fill('whatever');
      await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(fieldError(dialog, 'login-phone')).toHaveText('Номер введен неверно');
      await expect(dialog.getByLabel('Телефон')).toHaveAttribute('aria-invalid', 'true');
      // No extra sign-in method is configured in this run: no button for one.
      await expect(dialog.locator('[data-auth-method]')).toHaveCount(0);
    });

    await test.step('registration: mismatched passwords, then the code step', async () => {
      await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
      dialog = page.getByRole('dialog', { name: 'Регистрация' });
      await expect(dialog.locator('[data-login-step="registration"]')).toBeVisible();
      // The form starts empty (forms reset between steps).
      await expect(dialog.getByLabel('Телефон')).toHaveValue('');
      await expect(dialog.getByRole('button', { name: 'Авторизация' })).toBeVisible();
      await expectAccessible(page, '[role="dialog"]');
      await dialog.getByLabel('Телефон').fill(digits);
      await expect(dialog.getByLabel('Телефон')).toHaveValue(masked(digits));
      await dialog.locator('#register-password').fill(PASSWORD);
      await dialog.getByLabel('Повторите пароль').fill(`${PASSWORD}!`);
      await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
      await expect(fieldError(dialog, 'register-password2')).toHaveText('Пароли не совпадают');
      await expect(fieldError(dialog, 'register-password')).toHaveCount(0);
      await dialog.getByLabel('Повторите пароль').fill(PASSWORD);
      // 152-FZ: no account without the consent, which links the privacy policy.
      await expect(fieldError(dialog, 'register-consent')).toHaveText(
        'Подтвердите согласие на обработку персональных данных',
      );
      await expect(dialog.getByRole('link', { name: 'политикой конфиденциальности' })).toHaveAttribute(
        'href',
        '/pages/privacy',
      );
      await dialog.getByRole('checkbox', { name: /согласен на обработку персональных данных/ }).check();
    });

    const registeredAt = Date.now();
    await dialog.getByRole('button', { name: 'Зарегистрироваться' }).click();
    dialog = page.getByRole('dialog', { name: 'Подтверждение номера' });

    await test.step('verification: wrong code; the resend countdown runs from the moment the code was sent', async () => {
      await expect(dialog.locator('[data-login-step="verification"]')).toBeVisible();
      await expect(dialog).toContainText(masked(digits));
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, info, 'account-verification');
      const code = await codeFromOutbox(phone, 'register', registeredAt);
      const wrong = code === '0000' ? '1111' : '0000';
      await dialog.getByLabel('Код из SMS').fill(wrong);
      await dialog.getByRole('button', { name: 'Подтвердить' }).click();
      await expect(dialog.locator('[data-general-error]')).toHaveText('Неверный код.');

      // The server sends a new code only 59 s after the last: the countdown already runs, so a click now does
      // nothing rather than fail.
      const resend = dialog.locator('[data-resend] button');
      await expect(resend).toHaveAttribute('aria-disabled', 'true');
      await expect(resend.locator('[data-countdown]')).toHaveText(/^0:[0-5]\d$/);
      await resend.dispatchEvent('click'); // aria-disabled: Playwright would wait for it to enable
      await expect(dialog.locator('[data-resend] [role="status"]')).toHaveText('');
      const before = await resend.locator('[data-countdown]').textContent();
      await expect(resend.locator('[data-countdown]')).not.toHaveText(before!, { timeout: 3000 });

      await dialog.getByLabel('Код из SMS').fill(code);
      await dialog.getByRole('button', { name: 'Подтвердить' }).click();
    });

    await test.step('signed in automatically: dialog closed, both cookies set, header shows the profile', async () => {
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect.poll(async () => Boolean((await tokenCookies(context)).refresh?.value)).toBe(true);
      const { access, refresh } = await tokenCookies(context);
      expect(access?.httpOnly).toBe(true);
      expect(refresh?.httpOnly).toBe(true);
      if (!isPhone(info))
        await expect(page.locator('header [data-user-button]').first()).toHaveAttribute(
          'aria-haspopup',
          'menu',
        );
      // Page scripts never see a token.
      expect(await page.evaluate(() => document.cookie)).not.toMatch(/(^|; )(access|refresh)=/);
    });

    await test.step('profile: edit and keep after reload', async () => {
      if (isPhone(info))
        await page.locator('[data-bottom-menu]').getByRole('link', { name: 'Профиль' }).click();
      else await (await openUserMenu(page)).getByRole('menuitem', { name: 'Мой профиль' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Мой профиль' })).toBeVisible();
      await page.locator('[data-profile-edit]').click();
      await page.getByLabel('Фамилия').fill('Петров2');
      await expect(page.getByLabel('Фамилия')).toHaveValue('Петров');
      await page.locator('#profile-first_name').fill('Иван');
      await page.getByLabel('Отчество').fill('Сергеевич');
      await page.getByLabel('Дата рождения').fill('1988-04-12');
      await page.getByLabel('Email').fill('not-an-email');
      await page.locator('[data-profile-save]').click();
      await expect(page.locator('#profile-email-error')).toHaveText('Email введен неверно');
      const email = `ivan.${digits}@example.ru`;
      await page.getByLabel('Email').fill(email);
      const city = page.getByLabel('Город');
      const cityOption = (await city.locator('option').nth(1).textContent())!;
      await city.selectOption({ label: cityOption });
      const savedAt = Date.now();
      await page.locator('[data-profile-save]').click();
      await expect(page.getByRole('status').filter({ hasText: 'Данные сохранены' })).toBeVisible();

      await page.reload();
      await expect(page.locator('[data-profile-name]')).toHaveText('Петров Иван Сергеевич');
      await expect(page.locator('[data-profile-birthday]')).toHaveText('12 апреля 1988 г.');
      await expect(page.locator('[data-profile-city]')).toHaveText(cityOption);
      await expect(page.locator('[data-profile-email]')).toContainText('не подтверждён');

      // E-mail confirmation with the code from the letter.
      const form = page.locator('[data-email-verify]');
      await form.getByLabel('Код из письма').fill('12');
      await form.getByRole('button', { name: 'Подтвердить' }).click();
      await expect(page.locator('#email-code-error')).toHaveText('Код должен состоять из 4 цифр');
      await form.getByLabel('Код из письма').fill(await codeFromOutbox(email, 'email', savedAt));
      await form.getByRole('button', { name: 'Подтвердить' }).click();
      await expect(page.locator('[data-profile-email]')).toContainText('подтверждён');
      await expect(page.locator('[data-email-verify]')).toHaveCount(0);
    });

    await test.step('profile: choose a vehicle', async () => {
      await page.locator('[data-vehicle-change]').click();
      const picker = page.locator('[data-vehicle-picker]');
      const pick = async (label: string) => {
        const select = picker.getByLabel(label);
        await expect(select).toBeEnabled();
        await expect(select.locator('option').nth(1)).toBeAttached();
        const value = await select.locator('option').nth(1).getAttribute('value');
        await select.selectOption(value!);
      };
      await pick('Год выпуска');
      await pick('Марка');
      await pick('Модель');
      await pick('Двигатель');
      await picker.locator('[data-vehicle-save]').click();
      await expect(page.locator('[data-vehicle-label]')).not.toBeEmpty();
      const label = await page.locator('[data-vehicle-label]').textContent();
      await page.reload();
      await expect(page.locator('[data-vehicle-label]')).toHaveText(label!);
      await expectAccessible(page);
      await screenshot(page, info, 'account-profile');
    });

    await test.step('password change: wrong current password, mismatch, then success keeps this session', async () => {
      const card = page.locator('[data-password-card]');
      await card.getByLabel('Текущий пароль').fill('Nepravilny-1');
      await card.locator('#password-password').fill(CHANGED_PASSWORD);
      await card.getByLabel('Повторите новый пароль').fill(`${CHANGED_PASSWORD}x`);
      await card.locator('[data-password-submit]').click();
      await expect(page.locator('#password-password2-error')).toHaveText('Пароли не совпадают');
      await card.getByLabel('Повторите новый пароль').fill(CHANGED_PASSWORD);
      await card.locator('[data-password-submit]').click();
      await expect(page.locator('#password-current_password-error')).toHaveText('Неверный текущий пароль.');
      const before = await tokenCookies(context);
      await card.getByLabel('Текущий пароль').fill(PASSWORD);
      await card.locator('[data-password-submit]').click();
      await expect(card.locator('[data-password-changed]')).toContainText('Пароль успешно изменен');
      // The API ended the old session and handed this browser a new pair, stored as cookies.
      const after = await tokenCookies(context);
      expect(after.refresh?.value).toBeTruthy();
      expect(after.refresh?.value).not.toBe(before.refresh?.value);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Мой профиль' })).toBeVisible();
    });

    await test.step('an access token that stops working mid-session: 401 → refresh → retry', async () => {
      // A well-formed token that looks fresh (so nothing refreshes early) but that the API refuses.
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '1', typ: 'access', sid: 'x', exp: Math.floor(Date.now() / 1000) + 600 })}.AAAA`;
      await context.addCookies([
        {
          name: 'access',
          value: forged,
          url: new URL('/', page.url()).href,
          httpOnly: true,
          sameSite: 'Lax',
        },
      ]);
      expect((await tokenCookies(context)).access?.value).toBe(forged);
      await page.locator('[data-profile-edit]').click();
      await page.getByLabel('Отчество').fill('Петрович');
      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/v1/user/profile/') && r.request().method() === 'PATCH',
      );
      await page.locator('[data-profile-save]').click();
      expect((await answer).status()).toBe(200);
      await expect(page.locator('[data-profile-name]')).toHaveText('Петров Иван Петрович');
      const { access } = await tokenCookies(context);
      expect(access?.value).toBeTruthy();
      expect(access?.value).not.toBe(forged);
    });

    let orderNumber = '';
    await test.step('order history: an order placed through the API, search and date filter, detail', async () => {
      const rows = await queryDb<{ slug: string; branch_id: number; city: string }>(
        `select p.slug, b.id as branch_id, c.slug as city
           from stock s join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
           join cities c on c.id = b.city_id join products p on p.id = s.product_id
          where s.quantity - s.reserved >= 5 and p.is_active and not p.is_service and b.is_active
          order by p.id limit 1`,
        [],
      );
      expect(rows, 'DATABASE_URL of the e2e database').not.toBeNull();
      const { slug, branch_id: branchId, city } = rows![0]!;
      const methods = await apiGet<{ type: string; values: { id: number }[] }[]>('/api/v1/payment/methods/');
      const cash = methods.find((g) => g.type === 'CASH')!.values[0]!.id;
      const added = await page.request.post('/api/v1/payment/cart/add-item/', {
        data: { product: slug, quantity: 2, with_installation: false, transport: '', city },
      });
      expect(added.status()).toBe(200);
      const created = await page.request.post('/api/v1/payment/orders/', {
        headers: { 'idempotency-key': `e2e-${digits}` },
        data: {
          name: 'Иван Петров',
          phone: masked(digits),
          email: '',
          payment_type: 'CASH',
          payment_method_id: cash,
          cart: [{ slug, quantity: 2, with_installation: false }],
          branch_office_id: Number(branchId),
          transport_id: '',
          placement_type: 'CART',
          consent: true,
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const order = (await created.json()) as { id: number; number: string };
      orderNumber = order.number;

      if (isPhone(info)) await page.goto('/profile/orders');
      else
        await page
          .locator('[data-profile-nav], nav[aria-label="Личный кабинет"]')
          .getByRole('link', { name: 'История заказов' })
          .click();
      await expect(page.getByRole('heading', { level: 1, name: 'История заказов' })).toBeVisible();
      const card = page.locator(`[data-order-number="${orderNumber}"]`);
      await expect(card).toBeVisible();
      await expect(card).toContainText(`Заказ № ${orderNumber}`);
      await expect(card.locator('[data-order-status]')).not.toBeEmpty();
      await expect(card.locator('[data-order-total]')).toContainText('₽');
      await expect(card.getByRole('listitem').first()).toContainText('× 2');
      await expectAccessible(page);
      await screenshot(page, info, 'account-orders');

      await page.getByLabel('Номер заказа').fill(orderNumber);
      await page.locator('[data-orders-apply]').click();
      await expect(page).toHaveURL(new RegExp(`search=${orderNumber}`));
      await expect(page.locator('[data-order-number]')).toHaveCount(1);
      await page.getByLabel('Номер заказа').fill('999999999');
      await page.locator('[data-orders-apply]').click();
      await expect(page.locator('[data-orders-empty]')).toContainText('Заказы не найдены');
      await page.locator('[data-orders-reset]').click();
      await expect(page.locator(`[data-order-number="${orderNumber}"]`)).toBeVisible();
      const tomorrow = new Date(Date.now() + 36 * 3600 * 1000).toISOString().slice(0, 10);
      await page.goto(`/profile/orders?created_after=${tomorrow}`);
      await expect(page.locator('[data-orders-empty]')).toBeVisible();
      await page.goto(`/profile/orders?created_before=${tomorrow}&ordering=created_at`);
      await expect(page.locator(`[data-order-number="${orderNumber}"]`)).toBeVisible();

      await page
        .locator(`[data-order-number="${orderNumber}"]`)
        .getByRole('link', { name: 'Подробнее' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${orderNumber}` })).toBeVisible();
      await expect(page.locator('[data-order-line]')).toHaveCount(1);
      await expectAccessible(page);
      await screenshot(page, info, 'account-order-detail');
    });

    await test.step('sign out with confirmation: both cookies go', async () => {
      if (isPhone(info)) await page.getByRole('button', { name: 'Выйти' }).click();
      else await (await openUserMenu(page)).getByRole('menuitem', { name: 'Выйти' }).click();
      let confirm = page.getByRole('dialog', { name: 'Выход' });
      await expect(confirm).toContainText('Вы уверены, что хотите выйти?');
      await expectAccessible(page, '[role="dialog"]');
      await confirm.getByRole('button', { name: 'Нет' }).click();
      await expect(confirm).toBeHidden();
      expect((await tokenCookies(context)).refresh).toBeTruthy();
      const { access: oldAccess } = await tokenCookies(context);

      if (isPhone(info)) await page.getByRole('button', { name: 'Выйти' }).click();
      else await (await openUserMenu(page)).getByRole('menuitem', { name: 'Выйти' }).click();
      confirm = page.getByRole('dialog', { name: 'Выход' });
      await confirm.getByRole('button', { name: 'Да' }).click();
      await expect(confirm).toBeHidden();
      await expect.poll(async () => tokenCookies(context)).toEqual({ access: undefined, refresh: undefined });
      await expect(page).toHaveURL(/\/$/);
      // The session is revoked at the API too: the old access token no longer opens the profile.
      const res = await fetch(`${process.env.API_BASE_URL || 'http://127.0.0.1:4000'}/api/v1/user/profile/`, {
        headers: { authorization: `Bearer ${oldAccess!.value}` },
      });
      expect(res.status).toBe(401);
    });

    dialog = await openLogin(page, info);
    await test.step('reset by call: wrong code on the code field, new password, success', async () => {
      await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
      dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
      await expect(dialog.locator('[data-login-step="reset-phone"]')).toBeVisible();
      await dialog.getByRole('button', { name: 'Получить звонок' }).click();
      await expect(fieldError(dialog, 'reset-phone')).toHaveText('Обязательное поле');
      await dialog.getByLabel('Телефон').fill('12345');
      await dialog.getByRole('button', { name: 'Получить звонок' }).click();
      await expect(fieldError(dialog, 'reset-phone')).toHaveText('Номер введен неверно');
      await dialog.getByLabel('Телефон').fill(digits);
      const calledAt = Date.now();
      await dialog.getByRole('button', { name: 'Получить звонок' }).click();
      await expect(dialog.locator('[data-login-step="reset-code"]')).toBeVisible();
      const codeField = dialog.getByLabel('Введите последние 4 цифры номера, с которого поступил звонок');
      await expect(codeField).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Авторизация' })).toBeVisible();
      // The call has just been made: the resend countdown runs from it.
      await expect(dialog.locator('[data-resend] button')).toHaveAttribute('aria-disabled', 'true');
      await expect(dialog.locator('[data-resend] [data-countdown]')).toHaveText(/^0:[0-5]\d$/);
      await expectAccessible(page, '[role="dialog"]');
      const code = await codeFromOutbox(phone, 'reset_call', calledAt);
      await codeField.fill(code === '0000' ? '1111' : '0000');
      await dialog.getByRole('button', { name: 'Продолжить' }).click();
      await expect(fieldError(dialog, 'reset-code')).toHaveText('Неверный код.');
      await codeField.fill(code);
      await dialog.getByRole('button', { name: 'Продолжить' }).click();

      dialog = page.getByRole('dialog', { name: 'Новый пароль' });
      await expect(dialog.locator('[data-login-step="reset-password"]')).toBeVisible();
      await dialog.locator('#reset-password').fill(NEW_PASSWORD);
      await dialog.locator('#reset-password2').fill('Sovsem-Drugoy-99');
      await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
      await expect(fieldError(dialog, 'reset-password2')).toHaveText('Пароли не совпадают');
      await dialog.locator('#reset-password2').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Сохранить пароль' }).click();
      dialog = page.getByRole('dialog', { name: 'Восстановление пароля' });
      await expect(dialog.locator('[data-reset-success]')).toContainText('Пароль успешно изменен');
      await expectAccessible(page, '[role="dialog"]');
      await screenshot(page, info, 'account-reset-success');
      await dialog.getByRole('button', { name: 'Войти' }).click();
    });

    await test.step('sign in: the old password is refused under the button, the new one works', async () => {
      dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
      await expect(dialog.locator('[data-login-step="authorization"]')).toBeVisible();
      await dialog.getByLabel('Телефон').fill(digits);
      await dialog.getByLabel('Пароль').fill(CHANGED_PASSWORD);
      await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(dialog.locator('[data-general-error]')).toHaveText('Неверный номер телефона или пароль.');
      await dialog.getByLabel('Пароль').fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await expect.poll(async () => Boolean((await tokenCookies(context)).refresh?.value)).toBe(true);
      await page.goto('/profile/orders');
      await expect(page.locator(`[data-order-number="${orderNumber}"]`)).toBeVisible();
    });
  });

  test('a guest opening the personal pages gets the login dialog, and closing it resets the steps', async ({
    page,
  }, info) => {
    await page.goto('/profile');
    const dialog = page.getByRole('dialog', { name: 'Вход в личный кабинет' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('[data-signed-out]')).toContainText('Войдите в личный кабинет');
    await screenshot(page, info, 'account-profile-signed-out');
    // A secondary step, then close: the next opening starts at authorization with empty forms.
    await dialog.getByRole('button', { name: 'Забыли пароль?' }).click();
    await page.getByRole('dialog').getByLabel('Телефон').fill('912');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.locator('[data-signed-out-login]').click();
    await expect(page.getByRole('dialog', { name: 'Вход в личный кабинет' })).toBeVisible();
    await expect(page.getByRole('dialog').getByLabel('Телефон')).toHaveValue('');
    await page.keyboard.press('Escape');

    await page.goto('/profile/orders');
    await expect(page.getByRole('dialog', { name: 'Вход в личный кабинет' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the bottom menu profile item opens the login dialog for a guest @phone', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-bottom-menu]').getByRole('button', { name: 'Профиль' }).click();
    await expect(page.getByRole('dialog', { name: 'Вход в личный кабинет' })).toBeVisible();
  });
});
