import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  branches,
  categories,
  cities,
  orderItems,
  orders,
  paymentMethods,
  payments,
  products,
  showcases,
  transports,
} from '../../db/schema';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { createUser, login, nextIp, post, readOutbox, waitForOutbox } from '../../../test/auth-helpers';
import { PASSWORD_CHANGES_PER_USER } from './profile.routes';
import { expectToldWhen } from '../../../test/throttle-helpers';

// Profile, e-mail confirmation, password change and order history of the signed-in user.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const PROFILE = '/api/v1/user/profile/';

async function signedIn(opts: { firstName?: string } = {}) {
  const user = await createUser(ctx, opts);
  const tokens = await login(ctx, user.phone, user.password);
  return { ...user, ...tokens, auth: `Bearer ${tokens.access}` };
}

async function get(url: string, authorization?: string) {
  const res = await ctx.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });
  return { status: res.statusCode, body: json<Record<string, unknown>>(res), raw: res.body };
}

const patch = (auth: string, payload: unknown) =>
  post(ctx, PROFILE, payload, { authorization: auth, method: 'PATCH' });

describe('access', () => {
  it('refuses every profile call without a signed-in user', async () => {
    const visitor = json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: nextIp(),
      }),
    ).token;
    for (const authorization of [undefined, visitor]) {
      for (const url of [PROFILE, `${PROFILE}orders/`, `${PROFILE}orders/1/`]) {
        const res = await get(url, authorization);
        expect(res.status, url).toBe(401);
        expect(res.body).toEqual({ errors: { detail: 'Учетные данные не были предоставлены.' } });
      }
      expect(
        (await post(ctx, PROFILE, { first_name: 'Иван' }, { method: 'PATCH', authorization })).status,
      ).toBe(401);
    }
  });
});

describe('GET/PATCH /api/v1/user/profile/', () => {
  it('returns the profile in the wire shape, without secrets', async () => {
    const u = await signedIn({ firstName: 'Анна' });
    const res = await get(PROFILE, u.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      last_name: '',
      first_name: 'Анна',
      patronymic: '',
      phone_number: u.phone,
      date_of_birthday: null,
      email: '',
      date_joined: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      transport: null,
      city: null,
      email_verified: false,
      role: 'customer',
    });
    expect(res.raw).not.toContain('argon2');
  });

  it('updates any subset, normalising the birthday and resolving the city slug', async () => {
    const u = await signedIn();
    const [city] = await ctx.handle.db
      .select({ slug: cities.slug, title: cities.title })
      .from(cities)
      .limit(1);
    const [transport] = await ctx.handle.db.select({ id: transports.id }).from(transports).limit(1);
    const res = await patch(u.auth, {
      last_name: 'Петров',
      first_name: 'Пётр',
      patronymic: 'Ильич',
      date_of_birthday: '1990-1-5',
      city: city!.slug,
      transport: transport!.id,
      phone_number: '+79990000000', // not changeable here: ignored
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      last_name: 'Петров',
      first_name: 'Пётр',
      patronymic: 'Ильич',
      date_of_birthday: '1990-01-05',
      city: { slug: city!.slug, title: city!.title },
      transport: transport!.id,
      phone_number: u.phone,
    });
    const cleared = await patch(u.auth, { date_of_birthday: null, city: '', transport: '' });
    expect(cleared.body).toMatchObject({
      date_of_birthday: null,
      city: null,
      transport: null,
      last_name: 'Петров',
    });
  });

  it('refuses bad values field by field', async () => {
    const u = await signedIn();
    const bad = await patch(u.auth, { date_of_birthday: '1990-02-30', first_name: 'R2-D2', email: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      errors: {
        date_of_birthday: ['Некорректная дата'],
        first_name: ['Допустимы только русские или латинские буквы и пробелы'],
        email: ['Email введен неверно'],
      },
    });
    for (const date of ['05.01.1990', '3000-1-1', '1990-1-5T00:00']) {
      expect((await patch(u.auth, { date_of_birthday: date })).body, date).toEqual({
        errors: { date_of_birthday: ['Некорректная дата'] },
      });
    }
    expect((await patch(u.auth, { city: 'no-such-city' })).body).toEqual({
      errors: { city: ['Город не найден.'] },
    });
    expect((await patch(u.auth, { city: 'Not A Slug' })).body).toEqual({
      errors: { city: ['Некорректный идентификатор'] },
    });
    expect((await patch(u.auth, { transport: 999999999 })).body).toEqual({
      errors: { transport: ['Транспортное средство не найдено.'] },
    });
    // Nothing was saved by the refused requests.
    expect((await get(PROFILE, u.auth)).body).toMatchObject({
      date_of_birthday: null,
      city: null,
      first_name: '',
    });
  });
});

describe('e-mail confirmation', () => {
  it('sends a code through the mail gateway and confirms the address with it', async () => {
    const u = await signedIn();
    const res = await patch(u.auth, { email: 'Petr@Example.ru' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email: 'Petr@Example.ru', email_verified: false });
    const mail = await waitForOutbox(ctx, (e) => e.to === 'Petr@Example.ru' && e.purpose === 'email');
    expect(mail.code).toMatch(/^\d{4}$/);
    expect(res.raw).not.toContain(`"${mail.code}"`);

    const wrongCode = String((Number(mail.code) + 1) % 10000).padStart(4, '0');
    const wrong = await post(
      ctx,
      `${PROFILE}verify_email/`,
      { code: wrongCode, email: 'petr@example.ru' },
      { authorization: u.auth },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { code: ['Неверный или устаревший код.'] } });
    // A code for this account's address does not confirm another address.
    const otherEmail = await post(
      ctx,
      `${PROFILE}verify_email/`,
      { code: mail.code, email: 'other@example.ru' },
      { authorization: u.auth },
    );
    expect(otherEmail.status).toBe(400);

    const ok = await post(
      ctx,
      `${PROFILE}verify_email/`,
      { code: mail.code, email: 'petr@example.ru' },
      { authorization: u.auth },
    );
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'Почта подтверждена', details: 'Email подтвержден.' });
    expect((await get(PROFILE, u.auth)).body).toMatchObject({ email_verified: true });
    // Single use.
    expect(
      (
        await post(
          ctx,
          `${PROFILE}verify_email/`,
          { code: mail.code, email: 'petr@example.ru' },
          { authorization: u.auth },
        )
      ).status,
    ).toBe(400);

    // Changing the address makes it unconfirmed again; clearing it sends nothing.
    expect((await patch(u.auth, { email: 'new@example.ru' })).body).toMatchObject({
      email: 'new@example.ru',
      email_verified: false,
    });
    await waitForOutbox(ctx, (e) => e.to === 'new@example.ru');
    const before = readOutbox(ctx).length;
    expect((await patch(u.auth, { email: '' })).body).toMatchObject({ email: '', email_verified: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(readOutbox(ctx).length).toBe(before);
  });

  it('validates the request and another user cannot use my code', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await patch(a.auth, { email: 'shared@example.ru' });
    await patch(b.auth, { email: 'shared@example.ru' });
    const mailToA = await waitForOutbox(ctx, (e) => e.to === 'shared@example.ru');
    // b's code spacing means b got no new mail within the minute; a's code must not confirm b's address.
    const res = await post(
      ctx,
      `${PROFILE}verify_email/`,
      { code: mailToA.code, email: 'shared@example.ru' },
      { authorization: b.auth },
    );
    expect(res.status).toBe(400);
    const invalid = await post(
      ctx,
      `${PROFILE}verify_email/`,
      { code: '12', email: 'x' },
      { authorization: a.auth },
    );
    expect(invalid.body).toEqual({
      errors: { code: ['Код должен состоять из 4 цифр'], email: ['Email введен неверно'] },
    });
  });
});

describe('PUT /api/v1/user/profile/change-password/', () => {
  const URL = `${PROFILE}change-password/`;

  it('changes the password and ends the other sessions; this one goes on with its tokens', async () => {
    const u = await signedIn();
    const otherDevice = await login(ctx, u.phone, u.password);
    const password = 'Novyi-Parol-Profilya-9';
    const res = await post(
      ctx,
      URL,
      { current_password: u.password, password, password2: password },
      { authorization: u.auth, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'Пароль успешно изменен',
      access: expect.any(String),
      refresh: expect.any(String),
    });
    expect((await post(ctx, '/api/v1/user/token/refresh/', { refresh: otherDevice.refresh })).status).toBe(
      401,
    );
    expect((await get(PROFILE, u.auth)).status).toBe(200);
    expect((await post(ctx, '/api/v1/user/token/refresh/', { refresh: res.body.refresh })).status).toBe(200);
    await expect(login(ctx, u.phone, password)).resolves.toHaveProperty('access');
  });

  it('checks the current password, the new one and the repeat', async () => {
    const u = await signedIn();
    const put = (payload: object) => post(ctx, URL, payload, { authorization: u.auth, method: 'PUT' });
    expect(
      (
        await put({
          current_password: 'Wrong-Current-1',
          password: 'Horoshii-Parol-1',
          password2: 'Horoshii-Parol-1',
        })
      ).body,
    ).toEqual({
      errors: { current_password: ['Неверный текущий пароль.'] },
    });
    expect(
      (await put({ current_password: u.password, password: 'qwerty123', password2: 'qwerty123' })).body,
    ).toEqual({
      errors: { password: ['Этот пароль слишком распространен. Придумайте другой.'] },
    });
    expect(
      (
        await put({
          current_password: u.password,
          password: 'Horoshii-Parol-1',
          password2: 'Horoshii-Parol-2',
        })
      ).body,
    ).toEqual({
      errors: { password2: ['Пароли не совпадают'] },
    });
  });

  it('stops guessing the current password with a stolen access token', async () => {
    const u = await signedIn();
    const answers = [];
    for (let i = 0; i <= PASSWORD_CHANGES_PER_USER.limit; i++) {
      const body = {
        current_password: `Guess-${i}-password`,
        password: 'Horoshii-Parol-1',
        password2: 'Horoshii-Parol-1',
      };
      answers.push(await post(ctx, URL, body, { authorization: u.auth, method: 'PUT' }));
    }
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 429]);
    expectToldWhen(answers.at(-1)!, 'Слишком много запросов. Повторите попытку через ');
  });
});

describe('order history', () => {
  let owner: Awaited<ReturnType<typeof signedIn>>;
  const ids: number[] = [];
  const numbers = ['100000001', '100000002', '100000003', '200000004', '200000005'];
  // Moscow-time creation moments (UTC+3): 1–5 March 2024, 12:00 MSK; the last one at 01:00 MSK on 6 March.
  const created = [
    '2024-03-01T09:00:00Z',
    '2024-03-02T09:00:00Z',
    '2024-03-03T09:00:00Z',
    '2024-03-04T09:00:00Z',
    '2024-03-05T22:00:00Z',
  ];
  let productSlug = '';
  let categoryPath: string[] = [];

  beforeAll(async () => {
    const db = ctx.handle.db;
    owner = await signedIn();
    const stranger = await createUser(ctx);
    const [branch] = await db
      .select({ id: branches.id, title: branches.title, street: branches.street })
      .from(branches)
      .limit(1);
    let [method] = await db.select({ id: paymentMethods.id }).from(paymentMethods).limit(1);
    method ??= (
      await db
        .insert(paymentMethods)
        .values({ title: 'Наличными', type: 'CASH', gateway: 'cash' })
        .returning({ id: paymentMethods.id })
    )[0];
    const [showcase] = await db.select({ id: showcases.id }).from(showcases).limit(1);
    const [product] = await db
      .select({
        id: products.id,
        slug: products.slug,
        title: products.title,
        article: products.article,
        price: products.price,
        path: categories.path,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .limit(1);
    productSlug = product!.slug;
    categoryPath = product!.path;
    for (const [i, number] of numbers.entries()) {
      const [order] = await db
        .insert(orders)
        .values({
          number,
          userId: owner.id,
          showcaseId: showcase?.id ?? null,
          paymentType: i === 0 ? 'CARD' : 'CASH',
          paymentMethodId: method!.id,
          branchId: branch!.id,
          name: 'Пётр',
          phone: owner.phone,
          itemsPrice: 1000 * (i + 1),
          totalPrice: 1000 * (i + 1),
          isPaid: i === 0,
          paidAt: i === 0 ? new Date('2024-03-01T10:00:00Z') : null,
          status: i === 0 ? 'paid' : 'new',
          createdAt: new Date(created[i]!),
        })
        .returning({ id: orders.id });
      ids.push(order!.id);
      await db.insert(orderItems).values({
        orderId: order!.id,
        productId: product!.id,
        title: product!.title,
        vendorCode: product!.article,
        price: 500,
        quantity: 2 * (i + 1),
        withInstallation: i === 0,
        installationPrice: i === 0 ? 300 : 0,
      });
    }
    // A second line on the newest order: the history groups each page's lines back by order.
    await db.insert(orderItems).values({
      orderId: ids[4]!,
      productId: product!.id,
      title: 'Шиномонтаж',
      price: 250,
      quantity: 1,
      isService: true,
    });
    await db.insert(payments).values({
      id: crypto.randomUUID(),
      orderId: ids[0]!,
      provider: 'sandbox',
      externalId: 'sbx-123',
      status: 'succeeded',
      amount: 1000,
      idempotenceKey: 'k1',
    });
    // Someone else's order never shows up.
    await db.insert(orders).values({
      number: '100000009',
      userId: stranger.id,
      paymentType: 'CASH',
      paymentMethodId: method!.id,
      branchId: branch!.id,
      name: 'Чужой',
      phone: stranger.phone,
      itemsPrice: 1,
      totalPrice: 1,
    });
  });

  const list = async (query = '') => get(`${PROFILE}orders/${query}`, owner.auth);

  it('lists newest first, 12 a page by default, in the paginated envelope', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current: 1, pages: 1, total: 5 });
    const results = res.body.results as {
      id: number;
      number: string;
      created_at: string;
      total_price: number;
    }[];
    expect(results.map((r) => r.number)).toEqual([...numbers].reverse());
    expect(results[4]).toMatchObject({
      id: ids[0],
      created_at: '2024-03-01T09:00:00.000Z',
      total_price: 1000,
      is_paid: true,
      status: 'paid',
      products_count: 1,
    });
    expect(results[0]).toMatchObject({ id: ids[4], products_count: 2 });
  });

  it("carries each order's lines, the same as its detail shows", async () => {
    const res = await list();
    const results = res.body.results as { id: number; products: unknown[] }[];
    expect(results.map((r) => r.products.length)).toEqual([2, 1, 1, 1, 1]);
    for (const order of results) {
      const detail = await get(`${PROFILE}orders/${order.id}/`, owner.auth);
      expect(order.products).toEqual(detail.body.products);
    }
    expect(results[0]!.products[1]).toMatchObject({
      title: 'Шиномонтаж',
      price: 250,
      quantity: 1,
      is_service: true,
      total_price: 250,
    });
    expect(results[4]!.products).toEqual([
      expect.objectContaining({
        quantity: 2,
        with_installation: true,
        installation_price: 300,
        total_price: 1600,
        product: { slug: productSlug, categories: [categoryPath] },
      }),
    ]);
    // A filtered page carries only its own orders' lines.
    const found = (await list('?search=100000002')).body.results as {
      number: string;
      products: { quantity: number }[];
    }[];
    expect(found).toEqual([
      expect.objectContaining({ number: '100000002', products: [expect.objectContaining({ quantity: 4 })] }),
    ]);
  });

  // Counted on PGlite, where every query passes through one client.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'loads the lines of a whole page at once, not per order',
    async () => {
      const spy = vi.spyOn(ctx.handle.pglite!, 'query');
      const queriesFor = async (query: string) => {
        spy.mockClear();
        expect((await list(query)).status).toBe(200);
        return spy.mock.calls.length;
      };
      try {
        expect(await queriesFor('?size=5')).toBe(await queriesFor('?size=1'));
      } finally {
        spy.mockRestore();
      }
    },
  );

  it('orders, pages and filters', async () => {
    const asc = await list('?ordering=created_at');
    expect((asc.body.results as { number: string }[]).map((r) => r.number)).toEqual(numbers);
    const page2 = await list('?size=2&page=2');
    expect(page2.body).toMatchObject({ current: 2, pages: 3, total: 5 });
    expect((page2.body.results as { number: string }[]).map((r) => r.number)).toEqual([
      '100000003',
      '100000002',
    ]);
    const beyond = await list('?size=2&page=9');
    expect(beyond.body).toMatchObject({ current: 9, total: 5, results: [] });
    // Date-only bounds are whole Moscow days, both inclusive.
    const range = await list('?created_after=2024-03-02&created_before=2024-03-04');
    expect((range.body.results as { number: string }[]).map((r) => r.number)).toEqual([
      '200000004',
      '100000003',
      '100000002',
    ]);
    const lateEvening = await list('?created_after=2024-03-06');
    expect((lateEvening.body.results as { number: string }[]).map((r) => r.number)).toEqual(['200000005']);
    const exact = await list('?created_before=2024-03-01T09:00:00Z');
    expect((exact.body.results as { number: string }[]).map((r) => r.number)).toEqual(['100000001']);
    const search = await list('?search=20000');
    expect((search.body.results as { number: string }[]).map((r) => r.number)).toEqual([
      '200000005',
      '200000004',
    ]);
    expect((await list('?search=abc')).body).toMatchObject({ total: 0, results: [] });
    const empty = await list('?created_after=&search=&ordering=');
    expect(empty.body).toMatchObject({ total: 5 });
  });

  it('refuses bad query values with field errors', async () => {
    expect((await list('?ordering=price')).status).toBe(400);
    expect((await list('?created_after=yesterday')).body).toEqual({
      errors: { created_after: ['Некорректная дата'] },
    });
    expect((await list('?size=1000')).status).toBe(400);
    expect((await list('?page=0')).status).toBe(400);
  });

  it('shows an order in detail, and only to its owner', async () => {
    const res = await get(`${PROFILE}orders/${ids[0]}/`, owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids[0],
      number: '100000001',
      payment_type: 'CARD',
      is_paid: true,
      payment_date: '2024-03-01T10:00:00.000Z',
      gateway_order_id: 'sbx-123',
      created_at: '2024-03-01T09:00:00.000Z',
      status: 'paid',
      total_price: 1000,
      branch_office: expect.any(String),
      showcase: expect.any(String),
      products: [
        {
          id: expect.any(Number),
          title: expect.any(String),
          vendor_code: expect.any(String),
          price: 500,
          quantity: 2,
          is_service: false,
          with_installation: true,
          installation_price: 300,
          total_price: 1600,
          product: { slug: productSlug, categories: [categoryPath] },
        },
      ],
    });
    const stranger = await signedIn();
    expect((await get(`${PROFILE}orders/${ids[0]}/`, stranger.auth)).status).toBe(404);
    expect((await get(`${PROFILE}orders/999999999/`, owner.auth)).status).toBe(404);
    expect((await get(`${PROFILE}orders/abc/`, owner.auth)).status).toBe(404);
  });

  it('finds an order by its 9-digit number as well as by id, only the owner’s, else 404', async () => {
    const byNumber = await get(`${PROFILE}orders/100000001/`, owner.auth);
    expect(byNumber.status).toBe(200);
    expect(byNumber.body).toMatchObject({ id: ids[0], number: '100000001' });
    const stranger = await signedIn();
    expect((await get(`${PROFILE}orders/100000001/`, stranger.auth)).status).toBe(404);
    const unknown = await get(`${PROFILE}orders/123456789/`, owner.auth);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: { detail: expect.any(String) } });
  });
});
