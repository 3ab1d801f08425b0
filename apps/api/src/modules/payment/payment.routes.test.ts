import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstallmentResponse, OrderCreateResponse, PaymentMethodsResponse } from '@podbor/contract';
import { buildApp } from '../../app';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import {
  goods,
  orderBody,
  paymentMethodId,
  place,
  rows,
  setStock,
  visitor,
} from '../../../test/shop-helpers';
import { installmentOffer } from './installment';

// Payment methods and the instalment offer, and the sandbox provider being off by default. Orders, the payment
// status and the sandbox page are tested with order placement (orders/orders.routes.test.ts), YooKassa in
// yookassa.test.ts.

let ctx: TestContext;
/** A second app on the same database with the sandbox switched on, as a demo would run. */
let withSandbox: FastifyInstance;
let cash: number;
let card: number;
beforeAll(async () => {
  ctx = await createTestContext();
  withSandbox = await buildApp({ config: { ...ctx.config, paymentSandbox: true }, handle: ctx.handle });
  await withSandbox.ready();
  cash = await paymentMethodId(ctx, 'cash');
  card = await paymentMethodId(ctx, 'sandbox');
});
afterAll(async () => {
  await withSandbox?.close();
  await ctx?.close();
});

describe('GET /payment/methods/', () => {
  it('lists the CARD and CASH groups with the configured providers only', async () => {
    const res = await withSandbox.inject({ method: 'GET', url: '/api/v1/payment/methods/' });
    expect(res.statusCode).toBe(200);
    const groups = json<PaymentMethodsResponse>(res);
    expect(groups.map((g) => g.type)).toEqual(['CARD', 'CASH']);
    expect(groups[0]!.values).toEqual([
      expect.objectContaining({ id: card, gateway: 'sandbox', icons: expect.stringContaining('<svg') }),
    ]);
    expect(groups[1]!.values).toEqual([
      expect.objectContaining({ id: cash, gateway: 'cash', title: 'Оплата при получении' }),
    ]);
  });
});

describe('the sandbox card provider', () => {
  it('is off by default: never offered, no order can use it, and its page and buttons answer 404', async () => {
    expect(ctx.config.paymentSandbox).toBe(false);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/methods/' });
    expect(json<PaymentMethodsResponse>(res)).toEqual([
      expect.objectContaining({ type: 'CASH', values: [expect.objectContaining({ gateway: 'cash' })] }),
    ]);

    const where = await place(ctx);
    const p = await goods(ctx, { offset: 7 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const body = orderBody(where.branches[0]!.id, card, [{ slug: p.slug, quantity: 1 }], {
      payment_type: 'CARD',
      placement_type: 'BUY_NOW',
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: { authorization: (await visitor(ctx)).authorization },
      payload: body,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({
      errors: { payment_method_id: ['Этот способ оплаты сейчас недоступен.'] },
    });

    // A sandbox payment made while it was on (the demo app) cannot be paid once it is off.
    const owner = await visitor(ctx);
    const placed = await withSandbox.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: { authorization: owner.authorization },
      payload: body,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = json<OrderCreateResponse>(placed);
    const page = await ctx.app.inject({ method: 'GET', url: order.payment_url! });
    expect(page.statusCode).toBe(404);
    const pay = await ctx.app.inject({
      method: 'POST',
      url: order.payment_url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(pay.statusCode).toBe(404);
    expect(json(pay)).toEqual({ errors: { detail: 'Не найдено.' } });
    const [row] = await rows<{ status: string; is_paid: boolean }>(
      ctx,
      sql`select status, is_paid from orders where id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'awaiting_payment', is_paid: false });
  });
});

describe('GET /payment/installment/{slug}/', () => {
  it('offers 4 parts within 3 000–150 000 ₽ and nothing outside', async () => {
    const [p] = await rows<{ slug: string; price: number }>(
      ctx,
      sql`select slug, price::float8 as price from products where price between 3000 and 150000 limit 1`,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/v1/payment/installment/${p!.slug}/` });
    expect(res.statusCode).toBe(200);
    const offer = json<InstallmentResponse>(res);
    expect(offer).toMatchObject({ available: true, parts: 4, total: p!.price });
    expect(offer.part_price * 4).toBeLessThanOrEqual(p!.price + 1e-9);
    expect(offer.part_price * 4).toBeGreaterThan(p!.price - 0.04);
    expect(offer.description).toMatch(/4 платежа по/);
    expect(installmentOffer(2999.99)).toMatchObject({ available: false, parts: 0, part_price: 0, total: 0 });
    expect(installmentOffer(150_000.01).available).toBe(false);
    expect(installmentOffer(10_001)).toMatchObject({ available: true, part_price: 2500.25 });
  });

  it("splits the price the page shows: the supplier offer's in a city without own stock", async () => {
    // A product with free units in one city and none in another, and a supplier's offer «под заказ».
    const free = (
      city: string,
    ) => sql`exists (select 1 from stock s join warehouses w on w.id = s.warehouse_id
      join branches b on b.id = w.branch_id and b.is_active
      where s.product_id = p.id and b.city_id = ${sql.raw(city)} and s.quantity > s.reserved)`;
    const [p] = await rows<{ id: number; slug: string; price: number; stocked: string; bare: string }>(
      ctx,
      sql`select p.id, p.slug, p.price::float8 as price, cs.slug as stocked, cb.slug as bare
          from products p, cities cs, cities cb
          where not p.is_service and p.price between 3000 and 140000 and ${free('cs.id')} and not ${free('cb.id')}
          order by p.id limit 1`,
    );
    expect(p).toBeDefined();
    const offerPrice = Math.round(p!.price) + 4001;
    const [s] = await rows<{ id: number }>(
      ctx,
      sql`insert into suppliers (title, is_active) values ('Рассрочка: поставщик', true) returning id`,
    );
    await ctx.handle.db.execute(
      sql`insert into supplier_offers (supplier_id, product_id, purchase_price, price, quantity, delivery_days,
            supplier_article, supplier_brand)
          values (${s!.id}, ${p!.id}, ${offerPrice / 2}, ${offerPrice}, 3, 4, 'A1', 'B')`,
    );
    const ask = async (city: string) => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payment/installment/${p!.slug}/`,
        headers: { 'x-city': city },
      });
      expect(res.statusCode).toBe(200);
      return json<InstallmentResponse>(res);
    };
    try {
      expect(await ask(p!.bare)).toMatchObject({ available: true, total: offerPrice });
      expect((await ask(p!.bare)).part_price).toBe(installmentOffer(offerPrice).part_price);
      // Where the city has it in stock, the page shows (and splits) the product's own price.
      expect(await ask(p!.stocked)).toMatchObject({ available: true, total: p!.price });
      // An offer of an inactive supplier is not sold: the product's own price again.
      await ctx.handle.db.execute(sql`update suppliers set is_active = false where id = ${s!.id}`);
      expect(await ask(p!.bare)).toMatchObject({ total: p!.price });
    } finally {
      await ctx.handle.db.execute(sql`delete from supplier_offers where supplier_id = ${s!.id}`);
      await ctx.handle.db.execute(sql`delete from suppliers where id = ${s!.id}`);
    }
  });

  it('answers 404 for an unknown product', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/payment/installment/no-such-product/' });
    expect(res.statusCode).toBe(404);
    expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
  });
});
