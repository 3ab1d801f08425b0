import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { reservationInvariants, rows } from '../../test/shop-helpers';
import { seedOrders } from './orders';

// `seed --orders N`: realistic orders for the order desk and its benchmark.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('seed --orders', () => {
  it('adds N orders over two years with lines, varied statuses, branches, payments and repeat customers', async () => {
    const [before] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from orders`);
    const written = await seedOrders(ctx.handle.db, 3000);
    expect(written).toBeGreaterThan(2900);
    const [after] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from orders`);
    expect(Number(after!.n) - Number(before!.n)).toBe(written);
    const [stats] = await rows<{
      statuses: number;
      branches: number;
      types: number;
      phones: number;
      days: number;
      bad_numbers: number;
      no_lines: number;
      wrong_total: number;
      open: number;
      unpaid_completed: number;
    }>(
      ctx,
      sql`select count(distinct status)::int as statuses, count(distinct branch_id)::int as branches,
                 count(distinct payment_type)::int as types, count(distinct phone)::int as phones,
                 extract(day from max(created_at) - min(created_at))::int as days,
                 count(*) filter (where number !~ '^[1-9][0-9]{8}$')::int as bad_numbers,
                 count(*) filter (where not exists (select 1 from order_items i where i.order_id = o.id))::int as no_lines,
                 count(*) filter (where total_price <> (select sum(price * quantity) from order_items i
                                                        where i.order_id = o.id))::int as wrong_total,
                 count(*) filter (where status not in ('completed', 'cancelled'))::int as open,
                 count(*) filter (where status = 'completed' and not is_paid)::int as unpaid_completed
          from orders o`,
    );
    expect(stats!.statuses).toBe(7);
    expect(stats!.branches).toBeGreaterThan(1);
    expect(stats!.types).toBe(2);
    expect(stats!.phones).toBeLessThan(written);
    expect(stats!.days).toBeGreaterThan(600);
    expect(stats).toMatchObject({ bad_numbers: 0, no_lines: 0, wrong_total: 0, unpaid_completed: 0 });
    expect(stats!.open).toBeGreaterThan(0);
    // Open orders hold their stock, like orders placed in the shop.
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });
    // A second run adds more without clashing with the first.
    expect(await seedOrders(ctx.handle.db, 100)).toBeGreaterThan(90);
  });
});
