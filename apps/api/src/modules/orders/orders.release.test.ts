import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateResponse, OrderReleaseResponse } from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import {
  goods,
  orderShop,
  orderBody,
  reservationInvariants,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Caller,
  type Place,
} from '../../../test/shop-helpers';
import { transitionOrder } from './orders.service';

// Staff release an order's hold (issue #12): POST /api/admin/v1/orders/{number}/release/, the first back-office
// call. The `staff` auth level is enforced by lib/route.ts for every such route.

let ctx: TestContext;
let where: Place;
let cash: number;
let card: number;
let manager: Caller & { userId: number };
let admin: Caller & { userId: number };
beforeAll(async () => {
  ({ ctx, where, cash, card } = await orderShop({
    paymentSandbox: true,
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  manager = await user(ctx, 'manager');
  admin = await user(ctx, 'admin');
});
afterAll(() => ctx?.close());

const release = (
  caller: Caller | null,
  number: string,
  payload: unknown = { reason: 'Клиент не отвечает' },
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/v1/orders/${number}/release/`,
    headers: caller ? { authorization: caller.authorization } : {},
    payload: payload as object,
  });

let offset = 0;
async function placed(type: 'CASH' | 'CARD', quantity = 2) {
  const p = await goods(ctx, { offset: offset++ });
  await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    headers: { authorization: (await visitor(ctx)).authorization },
    payload: orderBody(where.branches[0]!.id, type === 'CARD' ? card : cash, [{ slug: p.slug, quantity }], {
      payment_type: type,
      placement_type: 'BUY_NOW',
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: json<OrderCreateResponse>(res), product: p };
}

type Errors = { errors: Record<string, unknown> & { detail?: string } };

describe('who may release', () => {
  it('answers 401 without a session (a visitor token is none) and 403 to a customer, before reading the body', async () => {
    const { order } = await placed('CASH');
    for (const caller of [null, await visitor(ctx)]) {
      const res = await release(caller, order.number!);
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ errors: { detail: 'Учетные данные не были предоставлены.' } });
    }
    const customer = await user(ctx);
    const res = await release(customer, order.number!);
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      errors: { detail: 'У вас недостаточно прав для выполнения данного действия.' },
    });
    // Not even a validation error tells a customer anything about the call.
    expect((await release(customer, 'abc', {})).statusCode).toBe(403);
    expect((await stockOf(ctx, (await orderProduct(order.id)).productId))[0]!.reserved).toBe(2);
  });

  it("gives a manager of another branch «not found» and leaves the hold; their own branch's order is released", async () => {
    const { order, product } = await placed('CASH');
    const elsewhere = await user(ctx, 'manager');
    const here = await user(ctx, 'manager');
    await ctx.handle.db.execute(
      sql`insert into staff_branches (user_id, branch_id) values (${elsewhere.userId}, ${where.branches[1]!.id}),
                                                           (${here.userId}, ${where.branches[0]!.id})`,
    );
    const res = await release(elsewhere, order.number!);
    expect(res.statusCode).toBe(404);
    expect(json<Errors>(res).errors.detail).toContain(order.number!);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(2);
    const ok = await release(here, order.number!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stockOf(ctx, product.id))[0]!.reserved).toBe(0);
  });

  it('takes the role from the account, not from the token: a demoted manager is refused at once', async () => {
    const { order } = await placed('CASH');
    const former = await user(ctx, 'manager');
    await ctx.handle.db.execute(sql`update users set role = 'customer' where id = ${former.userId}`);
    expect((await release(former, order.number!)).statusCode).toBe(403);
  });
});

async function orderProduct(orderId: number) {
  const [row] = await rows<{ product_id: number }>(
    ctx,
    sql`select product_id from order_items where order_id = ${orderId}`,
  );
  return { productId: Number(row!.product_id) };
}

async function orderStatus(orderId: number) {
  const [row] = await rows<{ status: string }>(ctx, sql`select status from orders where id = ${orderId}`);
  return row!.status;
}

describe('releasing', () => {
  it('cancels an unpaid cash order, puts its stock back on sale and records who did it and why', async () => {
    const { order, product } = await placed('CASH', 3);
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 10, reserved: 3 });
    const res = await release(manager, order.number!, { reason: '  Заказ-однодневка, 200 позиций  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<OrderReleaseResponse>(res)).toEqual({
      id: order.id,
      number: order.number,
      status: 'cancelled',
      released_units: 3,
    });
    expect(await orderStatus(order.id)).toBe('cancelled');
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 10, reserved: 0 });
    const log = await rows<{
      user_id: number;
      action: string;
      entity: string;
      entity_id: string;
      data: unknown;
    }>(
      ctx,
      sql`select user_id, action, entity, entity_id, data from audit_log where entity = 'order' and entity_id = ${String(order.id)}`,
    );
    expect(log).toEqual([
      {
        user_id: manager.userId,
        action: 'order.release',
        entity: 'order',
        entity_id: String(order.id),
        data: {
          number: order.number,
          reason: 'Заказ-однодневка, 200 позиций',
          status_before: 'new',
          released_units: 3,
        },
      },
    ]);

    // Twice is once: the second call is refused and changes nothing.
    const again = await release(admin, order.number!);
    expect(again.statusCode).toBe(409);
    expect(json<Errors>(again).errors.detail).toBe(
      `Заказ №${order.number} уже отменён, его товар вернулся в наличие.`,
    );
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 10, reserved: 0 });
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('releases an uncollected cash order already assembled, and an online order still awaiting payment', async () => {
    const collected = await placed('CASH');
    await ctx.handle.db.transaction((tx) => transitionOrder(tx, collected.order.id, 'assembling'));
    await ctx.handle.db.transaction((tx) => transitionOrder(tx, collected.order.id, 'ready'));
    const res = await release(admin, collected.order.number!);
    expect(res.statusCode, res.body).toBe(200);
    expect((await stockOf(ctx, collected.product.id))[0]!.reserved).toBe(0);

    const online = await placed('CARD');
    expect((await release(manager, online.order.number!)).statusCode).toBe(200);
    expect(await orderStatus(online.order.id)).toBe('cancelled');
    const [payment] = await rows<{ status: string }>(
      ctx,
      sql`select status from payments where order_id = ${online.order.id}`,
    );
    expect(payment!.status).toBe('canceled');
    expect((await stockOf(ctx, online.product.id))[0]!.reserved).toBe(0);
    // Its payment page no longer takes money.
    const page = await ctx.app.inject({ method: 'GET', url: online.order.payment_url! });
    expect(page.body).not.toContain('Оплатить</button>');
  });

  it('refuses a paid order (its money goes back through the payment provider first) and a collected one', async () => {
    const paid = await placed('CARD');
    await ctx.app.inject({
      method: 'POST',
      url: paid.order.payment_url!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    const res = await release(manager, paid.order.number!);
    expect(res.statusCode).toBe(409);
    expect(json<Errors>(res).errors.detail).toBe(
      `Заказ №${paid.order.number} оплачен: снять с него резерв можно только вместе с возвратом денег покупателю через платёжную систему.`,
    );
    expect(await orderStatus(paid.order.id)).toBe('paid');
    expect((await stockOf(ctx, paid.product.id))[0]!.reserved).toBe(2);
    // Paid and taken into work: still paid.
    await ctx.handle.db.transaction((tx) => transitionOrder(tx, paid.order.id, 'assembling'));
    expect((await release(manager, paid.order.number!)).statusCode).toBe(409);

    const done = await placed('CASH');
    for (const to of ['assembling', 'ready', 'completed'] as const)
      await ctx.handle.db.transaction((tx) => transitionOrder(tx, done.order.id, to));
    const collected = await release(manager, done.order.number!);
    expect(collected.statusCode).toBe(409);
    expect(json<Errors>(collected).errors.detail).toBe(`Заказ №${done.order.number} уже выдан покупателю.`);
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from audit_log where entity_id in (${String(paid.order.id)}, ${String(done.order.id)})`,
    );
    expect(Number(n!.n)).toBe(0);
  });

  it('answers 404 for an unknown or malformed number and 400 for a missing or too long reason', async () => {
    const missing = await release(manager, '999999999');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ errors: { detail: 'Заказ №999999999 не найден.' } });
    const { order } = await placed('CASH');
    // A malformed number in the path names no order, like any malformed path parameter of this API.
    const malformed = await release(manager, '12345');
    expect(malformed.statusCode).toBe(404);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
      const res = await release(manager, order.number!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(json<Errors>(res).errors)).toContain('reason');
    }
    expect(await orderStatus(order.id)).toBe('new');
  });
});
