import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartResponse } from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import {
  goods,
  place,
  setStock,
  user,
  visitor,
  type Caller,
  type Place,
  type TestProduct,
} from '../../../test/shop-helpers';

let ctx: TestContext;
let where: Place;
let otherCity: { slug: string; warehouseId: number };
beforeAll(async () => {
  ctx = await createTestContext();
  where = await place(ctx);
  const [row] = (
    await ctx.handle.db.execute(
      // A warehouse of an active branch in another city.
      (await import('drizzle-orm'))
        .sql`select c.slug, w.id as warehouse_id from warehouses w join branches b on b.id = w.branch_id and b.is_active
        join cities c on c.id = b.city_id where c.id <> ${where.cityId} order by w.id limit 1`,
    )
  ).rows as { slug: string; warehouse_id: number }[];
  otherCity = { slug: row!.slug, warehouseId: Number(row!.warehouse_id) };
});
afterAll(() => ctx?.close());

async function call(
  caller: Caller | null,
  method: 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return ctx.app.inject({
    method,
    url: `/api/v1/payment/cart/${path}`,
    headers: {
      ...(caller ? { authorization: caller.authorization } : {}),
      'x-city': where.citySlug,
      ...headers,
    },
    payload: payload as object,
  });
}

async function catalogueInstallation(
  slug: string,
): Promise<{ with_installation: boolean; installation_price: number }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/catalog/products/${slug}/`,
    headers: { 'x-city': where.citySlug },
  });
  return json(res);
}

describe('without a token', () => {
  it.each([
    ['POST', ''],
    ['POST', 'add-item/'],
    ['PUT', 'update-item/'],
    ['POST', 'clear/'],
  ] as const)('%s %s answers 401 with the envelope', async (method, path) => {
    for (const authorization of [undefined, 'undefined', 'unknown-visitor-token-aaaaaaaaaaaaaaaaa']) {
      const res = await ctx.app.inject({
        method,
        url: `/api/v1/payment/cart/${path}`,
        headers: authorization ? { authorization } : {},
        payload:
          path === 'add-item/'
            ? { product: 'x', quantity: 1 }
            : path === 'update-item/'
              ? { items: [{ product: 'x', quantity: 1 }] }
              : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(json(res)).toEqual({ errors: { detail: 'Учетные данные не были предоставлены.' } });
    }
  });
});

describe.each(['user', 'visitor'] as const)('cart of a %s', (kind) => {
  let caller: Caller;
  let product: TestProduct;
  let plain: TestProduct;
  beforeAll(async () => {
    caller = kind === 'user' ? await user(ctx) : await visitor(ctx);
    const offset = kind === 'user' ? 0 : 10;
    // Goods whose installation is priced in this city (the catalogue's product page says so).
    for (let i = 0; ; i++) {
      product = await goods(ctx, { withInstallation: true, offset: offset + i });
      if ((await catalogueInstallation(product.slug)).with_installation) break;
      if (i > 50) throw new Error('no product with installation offered in the city');
    }
    plain = await goods(ctx, { withInstallation: false, offset });
    const [a, b] = where.branches;
    await setStock(ctx, product.id, {
      [a!.warehouseId]: 3,
      [b!.warehouseId]: 4,
      [otherCity.warehouseId]: 50,
    });
    await setStock(ctx, plain.id, { [a!.warehouseId]: 2 });
  });

  it('starts empty', async () => {
    const res = await call(caller, 'POST', '', { transport: '', city: '' });
    expect(res.statusCode).toBe(200);
    expect(json<CartResponse>(res)).toMatchObject({ total_price: 0, total: 0, results: [] });
  });

  it('adds a product with its price, stock of the city, title, categories and line totals; new lines are checked', async () => {
    const res = await call(caller, 'POST', 'add-item/', {
      product: product.slug,
      quantity: 2,
      with_installation: false,
      transport: '',
      city: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = json<CartResponse>(res);
    expect(cart.total).toBe(1);
    const line = cart.results[0]!;
    expect(line).toMatchObject({
      quantity: 2,
      is_checked: true,
      total_products_price: Math.round(product.price * 200) / 100,
      total_installation_price: 0,
      product: {
        id: product.id,
        slug: product.slug,
        price: product.price,
        warehouse_stock: 7,
        with_installation: false,
        title: product.title,
      },
    });
    expect(line.product.categories?.[0]?.length).toBeGreaterThan(0);
    expect(cart.total_price).toBe(line.total_price);
  });

  it('adds to the quantity already in the cart', async () => {
    const res = await call(caller, 'POST', 'add-item/', {
      product: product.slug,
      quantity: 1,
      with_installation: false,
    });
    expect(json<CartResponse>(res).results[0]?.quantity).toBe(3);
  });

  it('refuses more than one order may take of the stock of the city with 409 and a Russian message, leaving the cart as it was', async () => {
    const res = await call(caller, 'POST', 'add-item/', {
      product: product.slug,
      quantity: 5,
      with_installation: false,
    });
    expect(res.statusCode).toBe(409);
    const body = json<{ errors: { detail: string; quantity: string[] } }>(res);
    // 8 of the 7 in the city: more than the stock, and one order may take 4 of a stock of 7 (lib/order-limits).
    expect(body.errors.detail).toBe(
      `Товар «${product.title}»: в одном заказе можно заказать не больше 4 шт.`,
    );
    expect(body.errors.quantity).toEqual([body.errors.detail]);
    const after = json<CartResponse>(await call(caller, 'POST', ''));
    expect(after.results[0]?.quantity).toBe(3);
  });

  it('counts the stock of the city named in the body over the X-City header', async () => {
    const res = await call(caller, 'POST', '', { city: otherCity.slug });
    expect(json<CartResponse>(res).results[0]?.product.warehouse_stock).toBe(50);
  });

  it('prices installation from the catalogue table where it is offered and refuses it where not', async () => {
    const offer = await catalogueInstallation(product.slug);
    expect(offer.with_installation).toBe(true);
    {
      const res = await call(caller, 'PUT', 'update-item/', {
        items: [{ product: product.slug, quantity: 2, with_installation: true }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const line = json<CartResponse>(res).results.find((l) => l.product.slug === product.slug)!;
      expect(line.product).toMatchObject({
        with_installation: true,
        installation_price: offer.installation_price,
        installation_available: true,
      });
      expect(line.total_installation_price).toBe(Math.round(offer.installation_price * 2 * 100) / 100);
      expect(line.total_price).toBe(Math.round((product.price + offer.installation_price) * 2 * 100) / 100);
    }
    const refused = await call(caller, 'POST', 'add-item/', {
      product: plain.slug,
      quantity: 1,
      with_installation: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(refused).errors.with_installation?.[0]).toMatch(
      /Установка/,
    );
    const line = json<CartResponse>(
      await call(caller, 'POST', 'add-item/', { product: plain.slug, quantity: 1 }),
    ).results.find((l) => l.product.slug === plain.slug)!;
    expect(line.product).toMatchObject({
      with_installation: false,
      installation_price: 0,
      installation_available: false,
    });
  });

  it('keeps the checked state across reloads and an update that does not mention it', async () => {
    let res = await call(caller, 'PUT', 'update-item/', {
      items: [{ product: plain.slug, quantity: 1, with_installation: false, is_checked: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    res = await call(caller, 'PUT', 'update-item/', {
      items: [{ product: plain.slug, quantity: 2, with_installation: false }],
    });
    const cart = json<CartResponse>(await call(caller, 'POST', '', {}));
    const line = cart.results.find((l) => l.product.slug === plain.slug)!;
    expect(line).toMatchObject({ quantity: 2, is_checked: false });
    const checked = cart.results.filter((l) => l.is_checked);
    expect(cart.checked_total).toBe(checked.length);
    expect(cart.checked_total_price).toBe(
      Math.round(checked.reduce((s, l) => s + (l.total_price ?? 0), 0) * 100) / 100,
    );
  });

  it('lowers a quantity even above a stock that shrank, but refuses to raise it beyond', async () => {
    const [a] = where.branches;
    await setStock(ctx, plain.id, { [a!.warehouseId]: 1 });
    expect(
      (await call(caller, 'PUT', 'update-item/', { items: [{ product: plain.slug, quantity: 2 }] }))
        .statusCode,
    ).toBe(200);
    const raised = await call(caller, 'PUT', 'update-item/', {
      items: [{ product: plain.slug, quantity: 3 }],
    });
    expect(raised.statusCode).toBe(409);
    expect(json<{ errors: { detail: string } }>(raised).errors.detail).toBe(
      `Недостаточно товара «${plain.title}» в наличии: можно заказать не больше 1 шт.`,
    );
    expect(
      (await call(caller, 'PUT', 'update-item/', { items: [{ product: plain.slug, quantity: 1 }] }))
        .statusCode,
    ).toBe(200);
  });

  it('removes a line with quantity 0', async () => {
    const res = await call(caller, 'PUT', 'update-item/', {
      items: [{ product: plain.slug, quantity: 0, with_installation: false }],
    });
    expect(json<CartResponse>(res).results.map((l) => l.product.slug)).toEqual([product.slug]);
  });

  it('refuses bad input with field errors', async () => {
    const cases: [string, 'POST' | 'PUT', unknown, string][] = [
      ['add-item/', 'POST', { product: 'no-such-product', quantity: 1 }, 'product'],
      ['add-item/', 'POST', { product: product.slug, quantity: 0 }, 'quantity'],
      ['add-item/', 'POST', { product: product.slug, quantity: 1000 }, 'quantity'],
      ['add-item/', 'POST', { product: product.slug, quantity: 1.5 }, 'quantity'],
      ['add-item/', 'POST', { quantity: 1 }, 'product'],
      ['update-item/', 'PUT', { items: [{ product: 'no-such-product', quantity: 1 }] }, 'items'],
      ['update-item/', 'PUT', { items: [] }, 'items'],
      ['update-item/', 'PUT', { items: [{ product: product.slug, quantity: -1 }] }, 'items'],
    ];
    for (const [path, method, payload, field] of cases) {
      const res = await call(caller, method, path, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = Object.keys(json<{ errors: object }>(res).errors);
      expect(
        fields.some((f) => f === field || f.startsWith(`${field}.`)),
        `${JSON.stringify(payload)} → ${fields.join()}`,
      ).toBe(true);
    }
  });

  it('refuses going above 999 in total', async () => {
    const [a] = where.branches;
    await setStock(ctx, product.id, { [a!.warehouseId]: 5000 });
    // The contract's bound, with the shop's own per-order limits switched off (0 units, 100 %).
    const saved = { units: ctx.config.orderLineMaxUnits, share: ctx.config.orderLineMaxStockPercent };
    try {
      ctx.config.orderLineMaxUnits = 0;
      ctx.config.orderLineMaxStockPercent = 100;
      const set = await call(caller, 'PUT', 'update-item/', {
        items: [{ product: product.slug, quantity: 999 }],
      });
      expect(set.statusCode).toBe(200);
      const res = await call(caller, 'POST', 'add-item/', { product: product.slug, quantity: 1 });
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({ errors: { quantity: ['Количество должно быть от 1 до 999'] } });
    } finally {
      ctx.config.orderLineMaxUnits = saved.units;
      ctx.config.orderLineMaxStockPercent = saved.share;
    }
  });

  it('clears the cart', async () => {
    const res = await call(caller, 'POST', 'clear/');
    expect(res.statusCode).toBe(200);
    expect(json<CartResponse>(res)).toMatchObject({ total: 0, total_price: 0, results: [] });
  });
});

describe('isolation and vehicle', () => {
  it("one visitor never sees or changes another's cart", async () => {
    const a = await visitor(ctx);
    const b = await visitor(ctx);
    const product = await goods(ctx, { offset: 20 });
    await setStock(ctx, product.id, { [where.branches[0]!.warehouseId]: 10 });
    await call(a, 'POST', 'add-item/', { product: product.slug, quantity: 2 });
    expect(json<CartResponse>(await call(b, 'POST', '')).total).toBe(0);
    await call(b, 'POST', 'clear/');
    expect(json<CartResponse>(await call(a, 'POST', '')).results[0]?.quantity).toBe(2);
  });

  it('remembers the vehicle sent with the cart and forgets it on ""', async () => {
    const v = await visitor(ctx);
    const [t] = (
      await ctx.handle.db.execute(
        (await import('drizzle-orm')).sql`select id from transports order by id limit 1`,
      )
    ).rows as { id: number }[];
    await call(v, 'POST', '', { transport: Number(t!.id) });
    const stored = async () =>
      (
        (
          await ctx.handle.db.execute(
            (await import('drizzle-orm'))
              .sql`select c.transport_id from carts c join anonymous_visitors v on v.id = c.visitor_id order by c.id desc limit 1`,
          )
        ).rows as { transport_id: number | null }[]
      )[0]?.transport_id;
    expect(Number(await stored())).toBe(Number(t!.id));
    await call(v, 'POST', '', {});
    expect(Number(await stored())).toBe(Number(t!.id));
    await call(v, 'POST', '', { transport: '' });
    expect(await stored()).toBeNull();
  });
});

describe('the cart holds only what can be ordered', () => {
  it('a line grows no further than one order may take: a set of four, half a larger stock, 50 units at most', async () => {
    const caller = await visitor(ctx);
    const [a] = where.branches;
    const add = (slug: string, quantity: number) =>
      call(caller, 'POST', 'add-item/', { product: slug, quantity, with_installation: false });
    const message = (title: string, n: number) =>
      `Товар «${title}»: в одном заказе можно заказать не больше ${n} шт.`;

    const small = await goods(ctx, { offset: 40 });
    await setStock(ctx, small.id, { [a!.warehouseId]: 4 });
    expect((await add(small.slug, 4)).statusCode).toBe(200);

    const medium = await goods(ctx, { offset: 41 });
    await setStock(ctx, medium.id, { [a!.warehouseId]: 9 });
    const refused = await add(medium.slug, 5);
    expect(refused.statusCode).toBe(409);
    expect(json<{ errors: { detail: string; quantity: string[] } }>(refused).errors).toEqual({
      detail: message(medium.title, 4),
      quantity: [message(medium.title, 4)],
    });
    expect((await add(medium.slug, 4)).statusCode).toBe(200);
    expect((await add(medium.slug, 1)).statusCode).toBe(409);

    const plenty = await goods(ctx, { offset: 42 });
    await setStock(ctx, plenty.id, { [a!.warehouseId]: 1000 });
    expect((await add(plenty.slug, 50)).statusCode).toBe(200);
    const over = await call(caller, 'PUT', 'update-item/', {
      items: [{ product: plenty.slug, quantity: 51 }],
    });
    expect(over.statusCode).toBe(409);
    expect(json<{ errors: { detail: string } }>(over).errors.detail).toBe(message(plenty.title, 50));

    const cart = json<CartResponse>(await call(caller, 'POST', ''));
    expect(Object.fromEntries(cart.results.map((l) => [l.product.slug, l.quantity]))).toEqual({
      [small.slug]: 4,
      [medium.slug]: 4,
      [plenty.slug]: 50,
    });
  });
});
