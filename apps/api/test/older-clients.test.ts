import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokenFamilies, refreshTokens } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { rotateSession } from '../src/lib/sessions';
import { createTestContext, json, type TestContext } from './helpers';
import { createUser, login, post, waitForOutbox } from './auth-helpers';
import {
  goods,
  orderBody,
  paymentMethodId,
  place,
  rows,
  setStock,
  user,
  visitor,
  type Caller,
  type Place,
} from './shop-helpers';

// Issue #13, items 15–19: other clients of the API than Podbor's storefront, some of whose versions behave
// differently from it (API-SHAPES describes one of them). Each behaviour here is one such client's.

let ctx: TestContext;
let where: Place;
beforeAll(async () => {
  ctx = await createTestContext({
    config: {
      paymentSandbox: true,
      mediaPublicUrl: 'https://media.podbor.example',
      paymentReturnUrls: {
        'old.podbor.example': 'https://old.podbor.example/payment/status?orderId={orderId}',
      },
      // Several orders from one caller here; the order limits have their own suite.
      ordersPerCallerPerHour: 0,
      openOrdersPerCaller: 0,
    },
  });
  where = await place(ctx);
});
afterAll(() => ctx?.close());

const REFRESH = '/api/v1/user/token/refresh/';
const PROFILE = '/api/v1/user/profile/';

type Pair = { access: string; refresh: string };

async function profileStatus(access: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: PROFILE,
    headers: { authorization: `Bearer ${access}` },
  });
  return res.statusCode;
}

/** Moves every spending of the token back in time: the next request is `seconds` later, as far as the server knows. */
async function later(refresh: string, seconds: number) {
  await ctx.handle.db
    .update(refreshTokens)
    .set({ usedAt: sql`${refreshTokens.usedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.familyId, decodeJwt(refresh).fam as string));
}

async function familyRevoked(refresh: string) {
  const [row] = await ctx.handle.db
    .select({ reason: refreshTokenFamilies.revokedReason })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, decodeJwt(refresh).fam as string));
  return row?.reason ?? null;
}

describe('item 15: a client that keeps its first refresh token', () => {
  it('stays signed in across page loads hours and days apart, refreshing with the sign-in token each time', async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.phone, user.password);
    const jtis = new Set<unknown>();
    // One page load a minute later, then an hour, then two days: always with the token from the sign-in.
    for (const gap of [60, 3600, 2 * 86_400]) {
      await later(first.refresh, gap);
      const res = await post(ctx, REFRESH, { refresh: first.refresh });
      expect(res.status, `after ${gap} s`).toBe(200);
      const pair = res.body as Pair;
      expect(await profileStatus(pair.access)).toBe(200);
      jtis.add(decodeJwt(pair.refresh).jti);
    }
    // Nothing new was issued after the first rotation: the session still has a single live token.
    expect(jtis.size).toBe(1);
    const tokens = await ctx.handle.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, decodeJwt(first.refresh).fam as string));
    expect(tokens).toHaveLength(2);
    expect(await familyRevoked(first.refresh)).toBeNull();
  });

  it('still ends a rotating session when its old token comes back', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as Pair;
    const t2 = (await post(ctx, REFRESH, { refresh: t1.refresh })).body as Pair;
    await later(t0.refresh, 3600);
    // The client stores rotated tokens (it presented t1), so t0 now is a copy: the whole session ends.
    expect((await post(ctx, REFRESH, { refresh: t0.refresh })).status).toBe(401);
    expect(await familyRevoked(t0.refresh)).toBe('reuse');
    expect((await post(ctx, REFRESH, { refresh: t2.refresh })).status).toBe(401);
    expect(await profileStatus(t2.access)).toBe(401);
  });

  it("catches someone else replaying a first-token client's token: once either side rotates, the other ends it", async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.phone, user.password);
    expect((await post(ctx, REFRESH, { refresh: first.refresh })).status).toBe(200); // page load
    await later(first.refresh, 600);
    // A thief with a copy of the first token gets the session's current token and, as any client would, uses it.
    const stolen = (await post(ctx, REFRESH, { refresh: first.refresh })).body as Pair;
    const thief = (await post(ctx, REFRESH, { refresh: stolen.refresh })).body as Pair;
    expect(await profileStatus(thief.access)).toBe(200);
    await later(first.refresh, 600);
    // The owner's next page load with the first token is now a replay in a rotating session.
    expect((await post(ctx, REFRESH, { refresh: first.refresh })).status).toBe(401);
    expect(await familyRevoked(first.refresh)).toBe('reuse');
    expect((await post(ctx, REFRESH, { refresh: thief.refresh })).status).toBe(401);
    expect(await profileStatus(thief.access)).toBe(401);
  });

  it('gives a later token no such leeway, and none at all when turned off', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as Pair;
    expect((await post(ctx, REFRESH, { refresh: t1.refresh })).status).toBe(200);
    await later(t1.refresh, 3600);
    expect((await post(ctx, REFRESH, { refresh: t1.refresh })).status).toBe(401);

    const other = await createUser(ctx);
    const s0 = await login(ctx, other.phone, other.password);
    const opts = { graceSec: ctx.config.refreshGraceSeconds, firstTokenReuse: false };
    const rotated = await rotateSession(ctx.handle.db, ctx.config.jwtSecret, s0.refresh, opts);
    expect(rotated.ok).toBe(true);
    await later(s0.refresh, 3600);
    const again = await rotateSession(ctx.handle.db, ctx.config.jwtSecret, s0.refresh, opts);
    expect(again).toEqual({ ok: false, reason: 'reused' });
  });
});

describe('item 16: changing the password', () => {
  it('signs out the other sessions but not the one that changed it, whatever the client does with the answer', async () => {
    const user = await createUser(ctx);
    const here = await login(ctx, user.phone, user.password);
    const phone = await login(ctx, user.phone, user.password);
    const password = 'Drugoi-Parol-Klienta-5';
    const res = await post(
      ctx,
      `${PROFILE}change-password/`,
      { password, password2: password, current_password: user.password },
      { authorization: `Bearer ${here.access}`, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Пароль успешно изменен' });
    // The client keeps the tokens it had: its access token and its refresh token both still work.
    expect(await profileStatus(here.access)).toBe(200);
    const refreshed = await post(ctx, REFRESH, { refresh: here.refresh });
    expect(refreshed.status).toBe(200);
    expect(await profileStatus((refreshed.body as Pair).access)).toBe(200);
    // Every other session has ended.
    expect(await profileStatus(phone.access)).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: phone.refresh })).status).toBe(401);
    expect(await familyRevoked(phone.refresh)).toBe('password_change');
  });
});

describe('item 17: e-mail confirmation', () => {
  it("answers with the status text the client checks for, 'Почта подтверждена', and today's details", async () => {
    const user = await createUser(ctx);
    const { access } = await login(ctx, user.phone, user.password);
    const email = `client-${user.id}@example.ru`;
    const auth = `Bearer ${access}`;
    expect((await post(ctx, PROFILE, { email }, { authorization: auth, method: 'PATCH' })).status).toBe(200);
    const mail = await waitForOutbox(ctx, (e) => e.to === email && e.purpose === 'email');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${PROFILE}verify_email/`,
      headers: { authorization: auth },
      payload: { code: mail.code, email },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'Почта подтверждена', details: 'Email подтвержден.' });
  });
});

/** A product with stock in the test city (`offset` keeps the tests of this file on different products). */
async function inStock(offset: number) {
  const product = await goods(ctx, { offset: 40 + offset });
  await setStock(ctx, product.id, { [where.branches[0]!.warehouseId]: 100 });
  return product;
}

async function placeOrder(caller: Caller, body: Record<string, unknown>) {
  return post(ctx, '/api/v1/payment/orders/', body, { authorization: caller.authorization });
}

describe('item 19: cart read with GET', () => {
  it('answers GET /payment/cart/ with the cart, as POST does', async () => {
    const product = await inStock(0);
    const caller = await visitor(ctx);
    const added = await post(
      ctx,
      '/api/v1/payment/cart/add-item/',
      { product: product.slug, quantity: 2, with_installation: false, city: where.citySlug },
      { authorization: caller.authorization },
    );
    expect(added.status).toBe(200);
    const read = (query = '') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payment/cart/${query}`,
        headers: { authorization: caller.authorization },
      });
    const got = await read(`?city=${where.citySlug}&transport=`);
    expect(got.statusCode).toBe(200);
    const posted = await post(
      ctx,
      '/api/v1/payment/cart/',
      { city: where.citySlug, transport: '' },
      { authorization: caller.authorization },
    );
    expect(json(got)).toEqual(posted.body);
    expect(json<{ total: number; results: { quantity: number }[] }>(got)).toMatchObject({
      total: 1,
      results: [{ quantity: 2 }],
    });
    // Without a token it is the cart of nobody; a broken query is a Russian 400.
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/cart/' });
    expect(anonymous.statusCode).toBe(401);
    const bad = await read('?transport=abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toEqual({ errors: { transport: ['Ожидается целое положительное число'] } });
  });
});

describe('item 19: an order with a payment type and no method', () => {
  it("takes the type's default method, of the gateway named", async () => {
    const product = await inStock(1);
    const line = [{ slug: product.slug, quantity: 1 }];
    const cashOrder = orderBody(where.branches[0]!.id, 0, line, { gateway: 'cash' });
    delete (cashOrder as { payment_method_id?: number }).payment_method_id;
    const res = await placeOrder(await visitor(ctx), cashOrder);
    expect(res.status).toBe(201);
    const cashId = await paymentMethodId(ctx, 'cash');
    const [row] = await rows<{ payment_method_id: number }>(
      ctx,
      sql`select payment_method_id from orders where id = ${res.body.id as number}`,
    );
    expect(Number(row?.payment_method_id)).toBe(cashId);

    // A card order without a method id goes to the card gateway named, payment page and all.
    const cardOrder = orderBody(where.branches[0]!.id, 0, line, {
      payment_type: 'CARD',
      payment_method_id: null,
      gateway: 'sandbox',
    });
    const card = await placeOrder(await visitor(ctx), cardOrder);
    expect(card.status).toBe(201);
    expect(card.body).toMatchObject({ payment_type: 'CARD', payment_url: expect.any(String) });

    // Without a gateway: the first method of the type listed by payment/methods/.
    const methods = (await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/methods/' })).json<
      { type: string; values: { id: number }[] }[]
    >();
    const firstCash = methods.find((g) => g.type === 'CASH')!.values[0]!.id;
    const plain = orderBody(where.branches[0]!.id, 0, line);
    delete (plain as { payment_method_id?: number }).payment_method_id;
    const noGateway = await placeOrder(await visitor(ctx), plain);
    expect(noGateway.status).toBe(201);
    const [other] = await rows<{ payment_method_id: number }>(
      ctx,
      sql`select payment_method_id from orders where id = ${noGateway.body.id as number}`,
    );
    expect(Number(other?.payment_method_id)).toBe(firstCash);

    // A gateway with no method of that type is a clear 400, not a 500.
    const wrong = await placeOrder(
      await visitor(ctx),
      orderBody(where.branches[0]!.id, 0, line, {
        payment_type: 'CARD',
        payment_method_id: null,
        gateway: 'cash',
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ errors: { payment_method_id: ['Способ оплаты не найден.'] } });
  });
});

describe('item 19: order history filters of older clients', () => {
  let owner: Caller;
  const ids: number[] = [];
  const history = async (query: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/user/profile/orders/${query}`,
      headers: { authorization: owner.authorization },
    });
    return { status: res.statusCode, body: json<{ total: number; results: { id: number }[] }>(res) };
  };

  beforeAll(async () => {
    owner = await user(ctx);
    const product = await inStock(2);
    const cash = await paymentMethodId(ctx, 'cash');
    for (const day of ['2024-03-05T09:00:00Z', '2024-03-15T09:00:00Z']) {
      const res = await placeOrder(
        owner,
        orderBody(where.branches[0]!.id, cash, [{ slug: product.slug, quantity: 1 }]),
      );
      expect(res.status).toBe(201);
      const id = res.body.id as number;
      ids.push(id);
      await ctx.handle.db.execute(sql`update orders set created_at = ${day}::timestamptz where id = ${id}`);
    }
    // Numbers made of digits that neither id has, so only an id match can find an order by its id.
    const used = new Set(ids.join(''));
    const free = [...'123456789'].filter((d) => !used.has(d));
    for (const [i, id] of ids.entries()) {
      await ctx.handle.db.execute(sql`update orders set number = ${free[i]!.repeat(9)} where id = ${id}`);
    }
  });

  it('accepts dates without zero padding', async () => {
    const after = await history('?created_after=2024-3-10');
    expect(after.status).toBe(200);
    expect(after.body.results.map((o) => o.id)).toEqual([ids[1]]);
    const before = await history('?created_before=2024-3-5');
    expect(before.body.results.map((o) => o.id)).toEqual([ids[0]]);
    const both = await history('?created_after=2024-3-1&created_before=2024-03-31');
    expect(both.body.total).toBe(2);
    for (const wrong of ['2024-2-30', '2024-13-1', '2024-3-', '24-3-1']) {
      const res = await history(`?created_after=${wrong}`);
      expect(res.status, wrong).toBe(400);
      expect(res.body).toEqual({ errors: { created_after: ['Некорректная дата'] } });
    }
  });

  it('finds an order by its id as well as by its 9-digit number', async () => {
    const byId = await history(`?search=${ids[0]}`);
    expect(byId.body.results.map((o) => o.id)).toEqual([ids[0]]);
    const [row] = await rows<{ number: string }>(ctx, sql`select number from orders where id = ${ids[1]!}`);
    const byNumber = await history(`?search=${row!.number}`);
    expect(byNumber.body.results.map((o) => o.id)).toEqual([ids[1]]);
    // Another customer's order id finds nothing here.
    const stranger = await history('?search=2147483647');
    expect(stranger.body.total).toBe(0);
  });
});

describe('item 18: media URLs for a client on another origin', () => {
  const MEDIA = 'https://media.podbor.example/media/';
  const getJson = async <T>(url: string, headers: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return json<T>(res);
  };

  it('answers absolute media URLs under MEDIA_PUBLIC_URL; the storefront asks for them as stored', async () => {
    const showcase = await getJson<{ logo: string; favicon: string }>('/api/v1/showcase/');
    expect(showcase.logo).toMatch(/^https:\/\/media\.podbor\.example\/media\/.+/);
    expect(showcase.favicon.startsWith(MEDIA)).toBe(true);
    const relative = await getJson<{ logo: string }>('/api/v1/showcase/', { 'x-media-urls': 'relative' });
    expect(relative.logo).toBe(showcase.logo.slice('https://media.podbor.example'.length));
    expect(relative.logo.startsWith('/media/')).toBe(true);

    // The demo seed gives each product one picture (its maker and volume drawn on it).
    const [product] = await rows<{ slug: string; title: string }>(
      ctx,
      sql`select slug, title from products where is_active and jsonb_array_length(images) > 0 order by id limit 1`,
    );
    const detail = await getJson<{ images: string[] }>(`/api/v1/catalog/products/${product!.slug}/`);
    expect(detail.images.length).toBeGreaterThan(0);
    for (const url of detail.images) expect(url.startsWith(MEDIA), url).toBe(true);
    const search = await getJson<{ products: { image: string | null }[] }>(
      `/api/v1/catalog/search/?query=${encodeURIComponent(product!.title)}`,
    );
    const images = search.products.flatMap((p) => (p.image ? [p.image] : []));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image.startsWith(MEDIA), image).toBe(true);
  });

  it("falls back to the API's public address, and reads the per-host payment return addresses", () => {
    const env = { NODE_ENV: 'test', DATA_DIR: ctx.config.dataDir, JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...env, PUBLIC_URL: 'https://shop.example/' }).mediaPublicUrl).toBe(
      'https://shop.example',
    );
    expect(
      loadConfig({ ...env, PUBLIC_URL: 'https://shop.example', API_PUBLIC_URL: 'https://api.shop.example' })
        .mediaPublicUrl,
    ).toBe('https://api.shop.example');
    expect(
      loadConfig({
        ...env,
        API_PUBLIC_URL: 'https://api.shop.example',
        MEDIA_PUBLIC_URL: 'https://cdn.example/shop/',
      }).mediaPublicUrl,
    ).toBe('https://cdn.example/shop');
    const returns = loadConfig({
      ...env,
      PAYMENT_RETURN_URLS:
        'Old.Shop.Example:8080=https://old.shop.example/payment/status?orderId={orderId}, m.example=https://m.example/pay/{orderId}',
    }).paymentReturnUrls;
    expect(returns).toEqual({
      'old.shop.example': 'https://old.shop.example/payment/status?orderId={orderId}',
      'm.example': 'https://m.example/pay/{orderId}',
    });
    for (const wrong of [
      'old.shop.example',
      'old.shop.example=/relative/{orderId}',
      'x=https://x.example/',
    ]) {
      expect(() => loadConfig({ ...env, PAYMENT_RETURN_URLS: wrong }), wrong).toThrow(/PAYMENT_RETURN_URLS/);
    }
  });
});

describe('item 18: the payment return address per client host', () => {
  async function cardOrder(headers: Record<string, string>) {
    const product = await inStock(3);
    const caller = await visitor(ctx);
    const card = await paymentMethodId(ctx, 'sandbox');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: { authorization: caller.authorization, ...headers },
      payload: orderBody(where.branches[0]!.id, card, [{ slug: product.slug, quantity: 1 }], {
        payment_type: 'CARD',
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<{ id: number; payment_url: string }>(res);
  }
  const pay = (pagePath: string) =>
    ctx.app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });

  it("sends the browser back to the client's configured status page after paying", async () => {
    const order = await cardOrder({ 'x-client-host': 'OLD.podbor.example' });
    const back = `https://old.podbor.example/payment/status?orderId=${order.id}`;
    const paid = await pay(order.payment_url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(back);
    // The page, opened again, links back there too.
    const page = await ctx.app.inject({ method: 'GET', url: order.payment_url });
    expect(page.body).toContain(`href="${back}"`);
    const [payment] = await rows<{ return_url: string }>(
      ctx,
      sql`select return_url from payments where order_id = ${order.id}`,
    );
    expect(payment?.return_url).toBe(back);
  });

  it("keeps the storefront's /payment page for every other host", async () => {
    const others: Record<string, string>[] = [
      {},
      { 'x-client-host': 'shop.podbor.example' },
      { 'x-client-host': 'constructor' },
    ];
    for (const headers of others) {
      const order = await cardOrder(headers);
      const paid = await pay(order.payment_url);
      expect(paid.headers.location).toBe(`/payment?orderId=${order.id}`);
    }
  });
});
