import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectedDate,
  formatDayMonth,
  type CartResponse,
  type PaymentStatusResponse,
  type CatalogProductsResponse,
  type OrderCreateResponse,
  type OrderDetailResponse,
  type ProductDetailResponse,
} from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import {
  goods,
  orderBody,
  orderShop,
  rows,
  setStock,
  user,
  type Caller,
  type Place,
  type TestProduct,
} from '../../../test/shop-helpers';

// Supplier offers «под заказ» (issue #15) from the product page to a cancelled order: the best offer is shown where
// the city has no own stock, a cart line takes the offer's price, units and multiplicity, an order takes the units
// off the offer (never more than it has, also when two orders race) and a cancelled order gives them back.

let ctx: TestContext;
let where: Place;
let cash: number;
let buyer: Caller;
let p: TestProduct;
let stocked: TestProduct;
let best: number;
let slower: number;
let inactive: number;

async function supplier(title: string, active = true): Promise<number> {
  const [s] = await rows<{ id: number }>(
    ctx,
    sql`insert into suppliers (title, is_active) values (${title}, ${active}) returning id`,
  );
  return Number(s!.id);
}

async function offer(
  supplierId: number,
  productId: number,
  o: { price: number; purchase: number; quantity: number; days: number; multiplicity?: number },
) {
  await ctx.handle.db.execute(
    sql`insert into supplier_offers (supplier_id, product_id, purchase_price, price, quantity, delivery_days, multiplicity,
          supplier_article, supplier_brand)
        values (${supplierId}, ${productId}, ${o.purchase}, ${o.price}, ${o.quantity}, ${o.days}, ${o.multiplicity ?? 1}, 'A1', 'B')
        on conflict (supplier_id, product_id) do update set price = excluded.price, quantity = excluded.quantity,
          delivery_days = excluded.delivery_days, multiplicity = excluded.multiplicity, purchase_price = excluded.purchase_price`,
  );
}

async function offerQuantity(supplierId: number, productId: number): Promise<number | undefined> {
  const [r] = await rows<{ quantity: number }>(
    ctx,
    sql`select quantity from supplier_offers where supplier_id = ${supplierId} and product_id = ${productId}`,
  );
  return r ? Number(r.quantity) : undefined;
}

const headers = (caller?: Caller) => ({
  'x-city': where.citySlug,
  ...(caller ? { authorization: caller.authorization } : {}),
});

const detail = async (slug: string) =>
  json<ProductDetailResponse>(
    await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${slug}/`, headers: headers() }),
  );

const cartCall = (method: 'POST' | 'PUT', path: string, payload: object, caller = buyer) =>
  ctx.app.inject({ method, url: `/api/v1/payment/cart/${path}`, headers: headers(caller), payload });

const placeOrder = (caller: Caller, lines: object[], placement: 'CART' | 'BUY_NOW' = 'BUY_NOW') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    headers: headers(caller),
    payload: orderBody(where.branches[0]!.id, cash, [], { placement_type: placement, cart: lines }),
  });

beforeAll(async () => {
  ({ ctx, where, cash } = await orderShop({
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  buyer = await user(ctx);
  p = await goods(ctx, { offset: 40 });
  stocked = await goods(ctx, { offset: 41 });
  await setStock(ctx, p.id, {});
  await setStock(ctx, stocked.id, { [where.branches[0]!.warehouseId]: 5 });
  best = await supplier('Поставщик лучший');
  slower = await supplier('Поставщик дорогой');
  inactive = await supplier('Поставщик выключенный', false);
  await offer(best, p.id, { price: 1234.5, purchase: 1000, quantity: 6, days: 3, multiplicity: 2 });
  await offer(slower, p.id, { price: 2000, purchase: 1500, quantity: 50, days: 1 });
  // Cheaper, but its supplier is switched off.
  await offer(inactive, p.id, { price: 500, purchase: 400, quantity: 50, days: 1 });
  await offer(best, stocked.id, { price: 100, purchase: 90, quantity: 50, days: 2 });
});
afterAll(() => ctx?.close());

describe('the storefront', () => {
  it('shows the cheapest active offer on the page of a product the city has none of', async () => {
    const d = await detail(p.slug);
    expect(d.offer).toEqual({
      price: 1234.5,
      quantity: 6,
      delivery_days: 3,
      multiplicity: 2,
      expected_date: expectedDate(3),
      supplier_id: best,
    });
    // Own stock in the city: no offer.
    expect((await detail(stocked.slug)).offer).toBeNull();
  });

  it('puts the offer on the listing card of a product without stock (one query for the page)', async () => {
    await ctx.handle.db.execute(sql`update products set price = 0.01 where id = ${p.id}`);
    const [cat] = await rows<{ slug: string }>(
      ctx,
      sql`select c.slug from categories c join products p on p.category_id = c.id where p.id = ${p.id}`,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/${cat!.slug}/products/?sort=price&order=asc`,
      payload: { page: 1, sort: 'price', order: 'asc', filter: {} },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = json<CatalogProductsResponse>(res);
    const item = page.results.find((r) => r.slug === p.slug);
    expect(item?.in_stock).toBe(false);
    expect(item?.offer).toMatchObject({ price: 1234.5, delivery_days: 3, supplier_id: best });
    for (const other of page.results.filter((r) => r.in_stock)) expect(other.offer).toBeNull();
  });
});

describe('the cart', () => {
  it('refuses a quantity that is not a multiple of the offer, or more than the supplier has', async () => {
    const odd = await cartCall('POST', 'add-item/', { product: p.slug, quantity: 3, supplier_id: best });
    expect(odd.statusCode).toBe(400);
    expect(json(odd)).toEqual({
      errors: {
        quantity: [`Товар «${p.title}» под заказ продаётся по 2 шт.: укажите количество, кратное 2.`],
      },
    });
    const many = await cartCall('POST', 'add-item/', { product: p.slug, quantity: 8, supplier_id: best });
    expect(many.statusCode).toBe(409);
    expect(json<{ errors: { detail: string } }>(many).errors.detail).toBe(
      `У поставщика недостаточно товара «${p.title}»: можно заказать не больше 6 шт.`,
    );
    const inactiveOne = await cartCall('POST', 'add-item/', {
      product: p.slug,
      quantity: 2,
      supplier_id: inactive,
    });
    expect(inactiveOne.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: object }>(inactiveOne).errors)).toEqual(['supplier_id']);
    // From own stock there is nothing to add.
    expect((await cartCall('POST', 'add-item/', { product: p.slug, quantity: 2 })).statusCode).toBe(409);
  });

  it('prices a line from the offer and says «под заказ, 3 дня»', async () => {
    const res = await cartCall('POST', 'add-item/', { product: p.slug, quantity: 4, supplier_id: best });
    expect(res.statusCode, res.body).toBe(200);
    const line = json<CartResponse>(res).results.find((l) => l.product.slug === p.slug)!;
    expect(line.product.price).toBe(1234.5);
    expect(line.product.warehouse_stock).toBe(6);
    expect(line.total_products_price).toBe(4938);
    expect(line.offer).toEqual({
      supplier_id: best,
      available: true,
      delivery_days: 3,
      multiplicity: 2,
      expected_date: expectedDate(3),
      label: 'под заказ, 3 дня',
    });
    // An update that does not name the supplier keeps the line on its offer.
    const upd = await cartCall('PUT', 'update-item/', { items: [{ product: p.slug, quantity: 6 }] });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(json<CartResponse>(upd).results[0]!.offer?.supplier_id).toBe(best);
    await cartCall('PUT', 'update-item/', { items: [{ product: p.slug, quantity: 4 }] });
  });
});

describe('orders', () => {
  let orderId: number;

  it('stores the offer on the order line and takes its units off the offer', async () => {
    const res = await placeOrder(buyer, [{ slug: p.slug, quantity: 4, supplier_id: best }], 'CART');
    expect(res.statusCode, res.body).toBe(201);
    orderId = json<OrderCreateResponse>(res).id;
    const [item] = await rows<Record<string, unknown>>(
      ctx,
      sql`select supplier_id, purchase_price::float8 as purchase_price, price::float8 as price, delivery_days,
            expected_at::text as expected_at, (expected_at - created_at::date) as days
          from order_items i join orders o on o.id = i.order_id where i.order_id = ${orderId}`,
    );
    expect(item).toMatchObject({
      supplier_id: best,
      purchase_price: 1000,
      price: 1234.5,
      delivery_days: 3,
      expected_at: expectedDate(3),
    });
    expect(await offerQuantity(best, p.id)).toBe(2);
    // No branch stock is held for it.
    const held = await rows(ctx, sql`select 1 from reservations where order_id = ${orderId}`);
    expect(held).toHaveLength(0);
    // The ordered line left the cart.
    const cart = json<CartResponse>(await cartCall('POST', '', {}));
    expect(cart.results.some((l) => l.product.slug === p.slug)).toBe(false);

    const mine = json<OrderDetailResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/user/profile/orders/${orderId}/`,
        headers: headers(buyer),
      }),
    );
    expect(mine.products[0]).toMatchObject({
      on_order: true,
      delivery_days: 3,
      expected_date: expectedDate(3),
    });

    // The order's status page says when it will be ready: when the supplier's goods arrive, not in two hours.
    const status = json<PaymentStatusResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payment/status/?orderId=${orderId}`,
        headers: headers(buyer),
      }),
    );
    expect(status.order?.ready_by).toBe(new Date(`${expectedDate(3)}T18:00:00+03:00`).toISOString());
    expect(status.order?.ready_message).toBe(
      `Часть товара везём под заказ от поставщика: ожидаем ${formatDayMonth(expectedDate(3))}. Пришлём SMS, когда можно забирать.`,
    );
  });

  it('two orders for the last units of an offer: one wins, the other gets 409 in Russian', async () => {
    const other = await user(ctx);
    const [a, b] = await Promise.all([
      placeOrder(buyer, [{ slug: p.slug, quantity: 2, supplier_id: best }]),
      placeOrder(other, [{ slug: p.slug, quantity: 2, supplier_id: best }]),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(json<{ errors: { detail: string } }>(lost).errors.detail).toBe(
      `Товар «${p.title}» у поставщика закончился.`,
    );
    expect(await offerQuantity(best, p.id)).toBe(0);
    // With no units left the best offer is the next one.
    expect((await detail(p.slug)).offer?.supplier_id).toBe(slower);
  });

  it('a cancelled order gives its units back to the offer', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/orders/${orderId}/cancel/`,
      headers: headers(buyer),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await offerQuantity(best, p.id)).toBe(4);
    // Once only: a repeated cancel changes nothing.
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payment/orders/${orderId}/cancel/`,
      headers: headers(buyer),
    });
    expect(await offerQuantity(best, p.id)).toBe(4);
  });

  it('a line whose offer vanished says so in the cart and the checkout refuses it', async () => {
    const add = await cartCall('POST', 'add-item/', { product: p.slug, quantity: 2, supplier_id: best });
    expect(add.statusCode, add.body).toBe(200);
    await ctx.handle.db.execute(
      sql`delete from supplier_offers where supplier_id = ${best} and product_id = ${p.id}`,
    );
    const line = json<CartResponse>(await cartCall('POST', '', {})).results.find(
      (l) => l.product.slug === p.slug,
    )!;
    expect(line.offer).toMatchObject({
      available: false,
      label: 'Предложение поставщика больше недоступно',
    });
    expect(line.product.warehouse_stock).toBe(0);
    const res = await placeOrder(buyer, [{ slug: p.slug, quantity: 2, supplier_id: best }]);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({
      errors: {
        cart: [
          `Предложение поставщика для товара «${p.title}» больше недоступно. Удалите его из корзины или выберите товар в наличии.`,
        ],
      },
    });
  });
});
