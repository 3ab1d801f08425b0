import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/lib/tokens';
import { housekeeping } from '../src/plugins/housekeeping';
import { createTestContext, json, type TestContext } from './helpers';
import {
  goods,
  orderBody,
  paymentMethodId,
  place,
  rows,
  setStock,
  visitor,
  type Caller,
} from './shop-helpers';

// The periodic housekeeping sweep (plugins/housekeeping.ts) forgets anonymous visitors nobody uses any more
// (issue #12): free tokens must not pile up for ever. Expired orders are tested with the orders module.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const sweep = () => housekeeping(ctx.handle.db, ctx.config, new Map(), ctx.app.log);

function cartCall(caller: Caller, path: string, payload: object = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/cart/${path}`,
    headers: { authorization: caller.authorization },
    payload,
  });
}

/** As if the visitor had last been seen `interval` ago. */
async function idleFor(caller: Caller, interval: string) {
  await ctx.handle.db.execute(
    sql`update anonymous_visitors set last_seen_at = now() - ${interval}::interval
        where token_hash = ${hashToken(caller.authorization)}`,
  );
}

async function visitorCount(): Promise<number> {
  const [r] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from anonymous_visitors`);
  return Number(r!.n);
}

describe('idle anonymous visitors', () => {
  it('are forgotten after a day unused when they never put anything in the cart nor ordered; the rest are kept', async () => {
    expect(ctx.config.visitorIdleHours).toBe(24);
    expect(ctx.config.visitorMaxIdleDays).toBe(365);
    const where = await place(ctx);
    const p = await goods(ctx, { offset: 5 });
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 10 });
    const cash = await paymentMethodId(ctx, 'cash');

    // A token that only browsed, a day and a bit ago.
    const browsed = await visitor(ctx);
    expect((await cartCall(browsed, '', {})).statusCode).toBe(200);
    await idleFor(browsed, '25 hours');
    // A cart that was emptied again (the cart row remembers only a vehicle).
    const emptied = await visitor(ctx);
    expect((await cartCall(emptied, 'add-item/', { product: p.slug, quantity: 1 })).statusCode).toBe(200);
    expect((await cartCall(emptied, 'clear/')).statusCode).toBe(200);
    await idleFor(emptied, '25 hours');
    // Something in the cart, two days unused: kept (a customer coming back finds the cart).
    const shopper = await visitor(ctx);
    expect((await cartCall(shopper, 'add-item/', { product: p.slug, quantity: 1 })).statusCode).toBe(200);
    await idleFor(shopper, '2 days');
    // An order, two days ago: kept (its payment status stays the visitor's).
    const buyer = await visitor(ctx);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/orders/',
      headers: { authorization: buyer.authorization },
      payload: orderBody(where.branches[0]!.id, cash, [{ slug: p.slug, quantity: 1 }], {
        placement_type: 'BUY_NOW',
      }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await idleFor(buyer, '2 days');
    // A cart abandoned for longer than the token cookie lives: nobody can come back for it.
    const abandoned = await visitor(ctx);
    expect((await cartCall(abandoned, 'add-item/', { product: p.slug, quantity: 1 })).statusCode).toBe(200);
    await idleFor(abandoned, '366 days');
    // Fresh: issued just now, not used yet.
    const fresh = await visitor(ctx);

    const before = await visitorCount();
    await sweep();
    expect(await visitorCount()).toBe(before - 3);

    // A forgotten token is an unknown token: 401 as for one that never existed, and the storefront takes a new one.
    for (const gone of [browsed, emptied, abandoned]) {
      const res = await cartCall(gone, '', {});
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ errors: { detail: 'Учетные данные не были предоставлены.' } });
    }
    for (const kept of [shopper, buyer, fresh]) expect((await cartCall(kept, '', {})).statusCode).toBe(200);
    const cart = json<{ results: { product: { slug: string } }[] }>(await cartCall(shopper, '', {}));
    expect(cart.results.map((l) => l.product.slug)).toEqual([p.slug]);
    const [orders] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from orders where id = ${json<{ id: number }>(placed).id} and visitor_id is not null`,
    );
    expect(Number(orders!.n)).toBe(1);
    // The abandoned cart went with its visitor.
    const [orphans] = await rows<{ n: number }>(
      ctx,
      sql`select count(*)::int as n from carts c where c.visitor_id is not null
          and not exists (select 1 from anonymous_visitors v where v.id = c.visitor_id)`,
    );
    expect(Number(orphans!.n)).toBe(0);
    const renewed = await visitor(ctx);
    expect((await cartCall(renewed, '', {})).statusCode).toBe(200);
  });
});
