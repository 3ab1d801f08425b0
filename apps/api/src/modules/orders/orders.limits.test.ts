import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type OrderCreateResponse } from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import { nextIp } from '../../../test/auth-helpers';
import {
  goods,
  orderShop,
  orderBody,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Caller,
  type Place,
} from '../../../test/shop-helpers';
import { transitionOrder } from './orders.service';

// Issue #12, "nobody can take the stock off the shelves for free": the hoarding limits of order placement with
// their default values (config.ts), and the shorter hold of anonymous cash orders. The hourly allowances are off
// here (they have their own tests in orders.routes.test.ts); every request comes from its own address unless a
// test is about addresses.

let ctx: TestContext;
let where: Place;
let cash: number;
let card: number;
beforeAll(async () => {
  ({ ctx, where, cash, card } = await orderShop({
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    paymentSandbox: true,
  }));
});
afterAll(() => ctx?.close());

type Errors = { errors: Record<string, string[]> & { detail?: string } };

function order(caller: Caller, payload: unknown, remoteAddress = nextIp()) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    remoteAddress,
    headers: { authorization: caller.authorization },
    payload: payload as object,
  });
}

const buyNow = (lines: { slug: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
  orderBody(where.branches[0]!.id, cash, lines, { placement_type: 'BUY_NOW', ...extra });
const byCard = (lines: { slug: string; quantity: number }[]) =>
  buyNow(lines, { payment_type: 'CARD', payment_method_id: card });

async function stocked(offset: number, quantity: number) {
  const p = await goods(ctx, { offset });
  await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: quantity });
  return p;
}

describe('size of one order', () => {
  it('takes at most half of the free stock of the city (a set of four always), naming the product and the quantity allowed', async () => {
    const caller = await user(ctx);
    const p = await stocked(0, 10);
    const tooMany = await order(caller, buyNow([{ slug: p.slug, quantity: 6 }]));
    expect(tooMany.statusCode).toBe(409);
    const message = `Товар «${p.title}»: в одном заказе можно заказать не больше 5 шт.`;
    expect(json<Errors>(tooMany).errors).toEqual({ detail: message, cart: [message] });
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(0);
    expect((await order(caller, buyNow([{ slug: p.slug, quantity: 5 }]))).statusCode).toBe(201);

    // A stock of four or fewer may be taken whole: nobody is refused a set of four.
    const small = await stocked(1, 4);
    expect((await order(caller, buyNow([{ slug: small.slug, quantity: 4 }]))).statusCode).toBe(201);
    expect((await stockOf(ctx, small.id))[0]).toMatchObject({ quantity: 4, reserved: 4 });
  });

  it('never more than 50 units of one product, however large the stock', async () => {
    const caller = await user(ctx);
    const p = await stocked(2, 5000);
    // By card: a cash order has its own, smaller, bound on units.
    const res = await order(caller, byCard([{ slug: p.slug, quantity: 51 }]));
    expect(res.statusCode).toBe(409);
    expect(json<Errors>(res).errors.cart).toEqual([
      `Товар «${p.title}»: в одном заказе можно заказать не больше 50 шт.`,
    ]);
    expect((await order(caller, byCard([{ slug: p.slug, quantity: 50 }]))).statusCode).toBe(201);
  });

  it('has at most 30 lines', async () => {
    const caller = await user(ctx);
    const lines = [];
    for (let i = 0; i < 31; i++) lines.push({ slug: (await stocked(10 + i, 10)).slug, quantity: 1 });
    const res = await order(caller, byCard(lines));
    expect(res.statusCode).toBe(400);
    expect(json<Errors>(res).errors).toEqual({
      cart: ['В одном заказе может быть не больше 30 позиций. Оформите остальные товары отдельным заказом.'],
    });
    expect((await order(caller, byCard(lines.slice(0, 30)))).statusCode).toBe(201);
  });
});

describe('orders nobody pays up front (cash)', () => {
  it('hold at most 40 units; the same order paid online is accepted', async () => {
    const caller = await user(ctx);
    const a = await stocked(50, 1000);
    const b = await stocked(51, 1000);
    const lines = [
      { slug: a.slug, quantity: 30 },
      { slug: b.slug, quantity: 11 },
    ];
    const res = await order(caller, buyNow(lines));
    expect(res.statusCode).toBe(400);
    expect(json<Errors>(res).errors).toEqual({
      cart: [
        'При оплате при получении в заказе может быть не больше 40 шт. товаров. Уменьшите количество или оплатите заказ онлайн.',
      ],
    });
    expect((await stockOf(ctx, a.id))[0]!.reserved).toBe(0);
    expect((await order(caller, byCard(lines))).statusCode).toBe(201);
  });

  it('are worth at most ORDER_CASH_MAX_TOTAL (150 000 ₽ by default)', async () => {
    expect(ctx.config.orderCashMaxTotal).toBe(150_000);
    const caller = await user(ctx);
    const p = await stocked(52, 100);
    const saved = ctx.config.orderCashMaxTotal;
    try {
      // Just below two units of this product: one fits, two do not.
      ctx.config.orderCashMaxTotal = Math.round(p.price * 2) - 1;
      const res = await order(caller, buyNow([{ slug: p.slug, quantity: 2 }]));
      expect(res.statusCode).toBe(400);
      expect(json<Errors>(res).errors.cart).toEqual([
        `При оплате при получении сумма заказа может быть не больше ${formatPrice(ctx.config.orderCashMaxTotal)}. Уменьшите заказ или оплатите его онлайн.`,
      ]);
      expect((await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);
    } finally {
      ctx.config.orderCashMaxTotal = saved;
    }
  });

  it('of an anonymous visitor hold their stock 24 hours, of a signed-in customer 72', async () => {
    const p = await stocked(53, 100);
    const hold = async (caller: Caller) => {
      const created = json<OrderCreateResponse>(await order(caller, buyNow([{ slug: p.slug, quantity: 1 }])));
      const [o] = await rows<{ hours: number }>(
        ctx,
        sql`select extract(epoch from expires_at - created_at)::float8 / 3600 as hours from orders where id = ${created.id}`,
      );
      return Number(o!.hours);
    };
    expect(await hold(await visitor(ctx))).toBe(24);
    expect(await hold(await user(ctx))).toBe(72);
  });
});

describe('open unpaid orders', () => {
  it('a customer may have 3 at a time; a collected, cancelled or paid one makes room again', async () => {
    const caller = await visitor(ctx);
    const p = await stocked(60, 100);
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]));
      expect(res.statusCode, res.body).toBe(201);
      placed.push(json<OrderCreateResponse>(res).id);
    }
    const refused = await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]));
    expect(refused.statusCode).toBe(400);
    expect(json<Errors>(refused).errors).toEqual({
      non_field_errors: [
        'У вас уже 3 неоплаченных заказа — новый можно оформить, когда вы оплатите или получите один из них. Если заказ больше не нужен, позвоните нам — мы его отменим.',
      ],
    });
    expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(3);
    // Another customer is not affected.
    expect((await order(await visitor(ctx), buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);

    const db = ctx.handle.db;
    await db.transaction((tx) => transitionOrder(tx, placed[0]!, 'assembling'));
    await db.transaction((tx) => transitionOrder(tx, placed[0]!, 'ready'));
    // Assembled and waiting at the branch, still unpaid: it still counts.
    expect((await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(400);
    await db.transaction((tx) => transitionOrder(tx, placed[0]!, 'completed'));
    expect((await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);
    await db.transaction((tx) => transitionOrder(tx, placed[1]!, 'cancelled'));
    expect((await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);
    expect((await order(caller, buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(400);

    // Paid orders do not count: their stock is not held for free.
    const payer = await user(ctx);
    for (let i = 0; i < 3; i++) {
      const created = json<OrderCreateResponse>(await order(payer, byCard([{ slug: p.slug, quantity: 1 }])));
      const paid = await ctx.app.inject({
        method: 'POST',
        url: created.payment_url!,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay',
      });
      expect(paid.statusCode).toBe(303);
    }
    expect((await order(payer, byCard([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);
  });

  it('one address may have 10 at a time, whatever tokens it uses', async () => {
    expect(ctx.config.openOrdersPerIp).toBe(10);
    const p = await stocked(62, 1000);
    const address = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await order(await visitor(ctx), buyNow([{ slug: p.slug, quantity: 1 }]), address);
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await order(await visitor(ctx), buyNow([{ slug: p.slug, quantity: 1 }]), address);
    expect(refused.statusCode).toBe(400);
    expect(json<Errors>(refused).errors).toEqual({
      non_field_errors: [
        'С вашего адреса оформлено слишком много неоплаченных заказов. Оплатите или получите один из них, прежде чем оформлять новый, или позвоните нам.',
      ],
    });
    expect((await order(await visitor(ctx), buyNow([{ slug: p.slug, quantity: 1 }]))).statusCode).toBe(201);
  });
});
