import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderCreateResponse } from '@podbor/contract';
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

// Concurrent order placement. On PGlite (npm test) the requests interleave in one process over one connection;
// on PostgreSQL (TEST_DATABASE_URL, the e2e run) they run in parallel transactions on a pool of connections, which
// is where a check-then-write race would oversell.

let ctx: TestContext;
let where: Place;
let cash: number;
let callers: Caller[];
beforeAll(async () => {
  ({ ctx, where, cash } = await orderShop({
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  callers = [];
  for (let i = 0; i < 10; i++) callers.push(i % 2 === 0 ? await user(ctx) : await visitor(ctx));
});
afterAll(() => ctx?.close());

const post = (caller: Caller, payload: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/payment/orders/',
    headers: { authorization: caller.authorization, ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });

describe('concurrent orders', () => {
  it('50 simultaneous orders for a product with stock 5: exactly 5 succeed, the rest get 409 in Russian', async () => {
    const p = await goods(ctx, { offset: 100 });
    const [a, b] = where.branches;
    // Split over two warehouses of the city, so orders also race over which warehouse to take from.
    await setStock(ctx, p.id, { [a!.warehouseId]: 2, [b!.warehouseId]: 3 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          callers[i % callers.length]!,
          orderBody(where.branches[i % 2]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
            placement_type: 'BUY_NOW',
          }),
        ),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(json<{ errors: { detail: string } }>(r).errors.detail).toBe(
        `Товара «${p.title}» нет в наличии в выбранном городе.`,
      );
    }
    const stock = await stockOf(ctx, p.id);
    expect(stock.map((s) => s.quantity).sort()).toEqual([2, 3]);
    expect(stock.reduce((s, x) => s + x.reserved, 0)).toBe(5);
    expect(stock.every((s) => s.reserved === s.quantity)).toBe(true);
    const [orders] = await rows<{ n: number }>(
      ctx,
      sql`select count(distinct o.id)::int as n from orders o join order_items i on i.order_id = o.id where i.product_id = ${p.id}`,
    );
    expect(Number(orders!.n)).toBe(5);
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
  });

  it('orders of the same products listed in opposite order neither deadlock nor oversell', async () => {
    const p = await goods(ctx, { offset: 101 });
    const q = await goods(ctx, { offset: 102 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 6 });
    await setStock(ctx, q.id, { [where.branches[0]!.warehouseId]: 6 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const lines = [
          { slug: p.slug, quantity: 1 },
          { slug: q.slug, quantity: 1 },
        ];
        if (i % 2) lines.reverse();
        return post(
          callers[i % callers.length]!,
          orderBody(where.branches[0]!.id, cash, lines, { placement_type: 'BUY_NOW' }),
        );
      }),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(6);
    expect(codes.filter((c) => c === 409)).toHaveLength(14);
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 6, reserved: 6 });
    expect((await stockOf(ctx, q.id))[0]).toMatchObject({ quantity: 6, reserved: 6 });
  });

  it('the same Idempotency-Key sent concurrently creates one order and every answer carries it', async () => {
    const p = await goods(ctx, { offset: 103 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 50 });
    const caller = callers[0]!;
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 3 }], {
      placement_type: 'BUY_NOW',
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => post(caller, body, 'concurrent-key-1')),
    );
    const ok = results.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    expect(ok, results.map((r) => `${r.statusCode} ${r.body}`).join('\n')).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const ids = new Set(ok.map((r) => json<OrderCreateResponse>(r).id));
    expect(ids.size).toBe(1);
    expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 50, reserved: 3 });
    const [n] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from order_items where product_id = ${p.id}`,
    );
    expect(Number(n!.n)).toBe(1);
  });

  it('20 parallel retries with one Idempotency-Key spend one hourly allowance and all get the one order', async () => {
    const p = await goods(ctx, { offset: 104 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 50 });
    const caller = await visitor(ctx);
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
      placement_type: 'BUY_NOW',
    });
    const saved = ctx.config.ordersPerCallerPerHour;
    try {
      ctx.config.ordersPerCallerPerHour = 10;
      const results = await Promise.all(
        Array.from({ length: 20 }, () => post(caller, body, 'retry-storm-1')),
      );
      const codes = results.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        results.map((r) => `${r.statusCode} ${r.body}`).join('\n'),
      ).toHaveLength(1);
      expect(codes.filter((c) => c === 200)).toHaveLength(19);
      expect(new Set(results.map((r) => json<OrderCreateResponse>(r).number)).size).toBe(1);
      expect((await stockOf(ctx, p.id))[0]).toMatchObject({ quantity: 50, reserved: 1 });
      // One allowance was spent: nine more new orders fit in the hour, the one after them does not.
      for (let i = 0; i < 9; i++)
        expect((await post(caller, body, `retry-storm-next-${i}`)).statusCode).toBe(201);
      expect((await post(caller, body, 'retry-storm-over')).statusCode).toBe(429);
    } finally {
      ctx.config.ordersPerCallerPerHour = saved;
    }
  });

  it('parallel orders of one customer never get past the open-order limit', async () => {
    const p = await goods(ctx, { offset: 105 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 100 });
    const caller = await user(ctx);
    const body = orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
      placement_type: 'BUY_NOW',
    });
    const saved = ctx.config.openOrdersPerCaller;
    try {
      ctx.config.openOrdersPerCaller = 3;
      const results = await Promise.all(Array.from({ length: 20 }, () => post(caller, body)));
      const codes = results.map((r) => r.statusCode);
      expect(
        codes.filter((c) => c === 201),
        codes.join(),
      ).toHaveLength(3);
      expect(codes.filter((c) => c === 400)).toHaveLength(17);
      expect((await stockOf(ctx, p.id))[0]!.reserved).toBe(3);
    } finally {
      ctx.config.openOrdersPerCaller = saved;
    }
  });
});
