import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  CartResponse,
  OrderCreateResponse,
  OrderDetailResponse,
  OrdersResponse,
  PaymentStatusResponse,
  ProductDetailResponse,
} from '@podbor/contract';
import { json, type TestContext } from '../../../test/helpers';
import {
  goods,
  orderBody,
  orderShop,
  rows,
  setStock,
  stockOf,
  user,
  type Caller,
  type Place,
  type TestProduct,
} from '../../../test/shop-helpers';

// Pickup where the stock is (issue #17): the product page lists the city's branches with their units or the
// transfer that brings them, and an order at a branch without the units takes them from the branch whose transfer
// is ready soonest and stores, then shows, that moment. The clock is fixed (Date only; PGlite keeps its timers).

let ctx: TestContext;
let where: Place;
let cash: number;
let buyer: Caller;
let p: TestProduct;
let none: TestProduct;
// The branch the customer picks up at, one with the goods, one more of the city.
let at: Place['branches'][number];
let sender: Place['branches'][number];

const headers = (caller?: Caller) => ({
  'x-city': where.citySlug,
  ...(caller ? { authorization: caller.authorization } : {}),
});

const detail = async (slug: string) =>
  json<ProductDetailResponse>(
    await ctx.app.inject({ method: 'GET', url: `/api/v1/catalog/products/${slug}/`, headers: headers() }),
  );

const hours = (branchId: number, text: string) =>
  ctx.handle.db.execute(sql`update branches set work_hours = ${text} where id = ${branchId}`);

async function branchTitle(id: number): Promise<string> {
  const [b] = await rows<{ title: string }>(ctx, sql`select title from branches where id = ${id}`);
  return b!.title;
}

beforeAll(async () => {
  ({ ctx, where, cash } = await orderShop({
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  [at, sender] = where.branches as [Place['branches'][number], Place['branches'][number]];
  buyer = await user(ctx);
  p = await goods(ctx, { offset: 50 });
  none = await goods(ctx, { offset: 51 });
  await setStock(ctx, none.id, {});
  // Every branch of the city opens daily at 9:00 except the pickup branch, closed on Sunday.
  await ctx.handle.db.execute(
    sql`update branches set work_hours = 'Ежедневно 9:00–21:00' where city_id = ${where.cityId}`,
  );
  await hours(at.id, 'Пн–Сб 9:00–20:00');
});
afterAll(() => ctx?.close());
afterEach(() => vi.useRealTimers());

/** Fixes the clock at a Moscow wall time (Date only). */
const clock = (local: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${local}+03:00`));
};

describe('the product page', () => {
  it('lists the branches: units where there are some, the transfer date elsewhere', async () => {
    await setStock(ctx, p.id, { [sender.warehouseId]: 4 });
    // Thursday noon: the run leaves tomorrow at 9:00 and is at the pickup branch at 14:00.
    clock('2026-11-26T12:00:00');
    const d = await detail(p.slug);
    const title = await branchTitle(sender.id);
    expect(d.pickup).toHaveLength(where.branches.length);
    expect(d.pickup?.find((b) => b.branch_id === sender.id)).toMatchObject({ quantity: 4, transfer: null });
    const mine = d.pickup?.find((b) => b.branch_id === at.id);
    expect(mine).toMatchObject({
      quantity: 0,
      work_hours: 'Пн–Сб 9:00–20:00',
      transfer: {
        from_branch_id: sender.id,
        from_branch_title: title,
        ready_at: '2026-11-27T11:00:00.000Z',
      },
    });
    expect(mine?.transfer?.label).toMatch(/^перемещение из филиала .+, завтра после 14:00$/);
  });

  it('waits for the opening of a branch closed on Sunday', async () => {
    clock('2026-11-28T10:00:00');
    const mine = (await detail(p.slug)).pickup?.find((b) => b.branch_id === at.id);
    expect(mine?.transfer?.ready_at).toBe('2026-11-30T06:00:00.000Z');
    expect(mine?.transfer?.label).toMatch(/, в понедельник, 30 ноября, после 9:00$/);
  });

  it('lists nothing when no branch of the city has it', async () => {
    expect((await detail(none.slug)).pickup).toEqual([]);
  });
});

describe('the cart', () => {
  it('says for the branch sent whether it has the line or when a transfer brings it', async () => {
    await setStock(ctx, p.id, { [sender.warehouseId]: 4 });
    clock('2026-11-26T12:00:00');
    const call = (branch: number | '') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/cart/add-item/',
        headers: headers(buyer),
        payload: { product: p.slug, quantity: 1, branch },
      });
    const there = json<CartResponse>(await call(at.id)).results.find((l) => l.product.slug === p.slug);
    expect(there?.pickup).toMatchObject({
      branch_id: at.id,
      in_branch: false,
      transfer: { from_branch_id: sender.id, ready_at: '2026-11-27T11:00:00.000Z' },
    });
    expect(there?.pickup?.label).toMatch(/^перемещение из филиала .+, завтра после 14:00$/);
    const atSender = json<CartResponse>(await call(sender.id)).results.find((l) => l.product.slug === p.slug);
    expect(atSender?.pickup).toEqual({
      branch_id: sender.id,
      in_branch: true,
      transfer: null,
      label: 'в наличии в филиале',
    });
    // No branch sent: nothing said.
    expect(
      json<CartResponse>(await call('')).results.find((l) => l.product.slug === p.slug)?.pickup,
    ).toBeNull();
    const bad = await call('филиал' as unknown as number);
    expect(bad.statusCode).toBe(400);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/payment/cart/clear/', headers: headers(buyer) });
  });
});

describe('an order at a branch without the units', () => {
  it('reserves them at the other branch, stores when they are ready and shows it', async () => {
    await setStock(ctx, p.id, { [sender.warehouseId]: 4 });
    clock('2026-11-26T12:00:00');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: headers(buyer),
      payload: orderBody(at.id, cash, [{ slug: p.slug, quantity: 2 }]),
    });
    expect(res.statusCode).toBe(201);
    const { id } = json<OrderCreateResponse>(res);
    vi.useRealTimers();
    expect((await stockOf(ctx, p.id)).find((s) => s.warehouseId === sender.warehouseId)?.reserved).toBe(2);
    const [stored] = await rows<{ pickup_ready_at: Date | string }>(
      ctx,
      sql`select pickup_ready_at from orders where id = ${id}`,
    );
    expect(new Date(stored!.pickup_ready_at).toISOString()).toBe('2026-11-27T11:00:00.000Z');

    const status = json<PaymentStatusResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payment/status/?orderId=${id}`,
        headers: headers(buyer),
      }),
    );
    expect(status.order?.pickup_ready_at).toBe('2026-11-27T11:00:00.000Z');
    expect(status.order?.ready_by).toBe('2026-11-27T11:00:00.000Z');
    expect(status.order?.ready_message).toBe(
      'Часть товара привезём из другого филиала города. Будет готов к выдаче 27 ноября после 14:00. Пришлём SMS, когда можно забирать.',
    );
    const mine = json<OrderDetailResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/user/profile/orders/${id}/`,
        headers: headers(buyer),
      }),
    );
    expect(mine.pickup_ready_at).toBe('2026-11-27T11:00:00.000Z');
    const list = json<OrdersResponse>(
      await ctx.app.inject({ method: 'GET', url: '/api/v1/user/profile/orders/', headers: headers(buyer) }),
    );
    expect(list.results.find((o) => o.id === id)?.pickup_ready_at).toBe('2026-11-27T11:00:00.000Z');
  });

  it('takes the units from the branch whose transfer is ready soonest, not the fullest', async () => {
    // The demo city has five branches (place() picks the city with the most).
    const third = where.branches[2]!;
    // The fullest branch opens at 12:00 (ready 17:00); the smaller one at 9:00 (ready 14:00).
    await hours(third.id, 'Ежедневно 12:00–21:00');
    await setStock(ctx, p.id, { [sender.warehouseId]: 3, [third.warehouseId]: 50 });
    clock('2026-11-26T12:00:00');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: headers(buyer),
      payload: orderBody(at.id, cash, [{ slug: p.slug, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(201);
    vi.useRealTimers();
    const stock = await stockOf(ctx, p.id);
    expect(stock.find((s) => s.warehouseId === sender.warehouseId)?.reserved).toBe(1);
    expect(stock.find((s) => s.warehouseId === third.warehouseId)?.reserved).toBe(0);
    await hours(third.id, 'Ежедневно 9:00–21:00');
  });

  it('stores no date when the pickup branch has the units', async () => {
    await setStock(ctx, p.id, { [at.warehouseId]: 5, [sender.warehouseId]: 5 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: headers(buyer),
      payload: orderBody(at.id, cash, [{ slug: p.slug, quantity: 1 }]),
    });
    const { id } = json<OrderCreateResponse>(res);
    const status = json<PaymentStatusResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/payment/status/?orderId=${id}`,
        headers: headers(buyer),
      }),
    );
    expect(status.order?.pickup_ready_at).toBeNull();
  });
});
