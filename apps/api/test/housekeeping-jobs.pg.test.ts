import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminJobsResponse, OrderCreateResponse } from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb, type DbHandle } from '../src/db/client';
import { housekeeping } from '../src/plugins/housekeeping';
import { createTestContext, json, type TestContext } from './helpers';
import {
  goods,
  orderBody,
  paymentMethodId,
  place,
  reservationInvariants,
  rows,
  setStock,
  stockOf,
  user,
  visitor,
  type Place,
  type TestProduct,
} from './shop-helpers';

// Issue #16: housekeeping runs on the job engine. Two API instances (buildApp twice over one PostgreSQL database,
// both engines started, as two processes behind a balancer) sweep once per ORDER_EXPIRY_SWEEP_SECONDS between
// them, not once each; an expired order is cancelled and its stock released exactly once, also when two sweeps
// run at the same moment. `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;
const PERIOD = 2;

describe.runIf(pgUrl)('housekeeping on the job engine with two API processes (PostgreSQL)', () => {
  let ctx: TestContext;
  let second: { app: FastifyInstance; handle: DbHandle };
  let where: Place;
  let cash: number;
  let product: TestProduct;

  beforeAll(async () => {
    const config = {
      jobs: { enabled: true, concurrency: 1, poolSize: 2, pollingSeconds: 0.5 },
      orderExpirySweepSeconds: PERIOD,
      // Many orders from one address in a few seconds: the shop's limits on that are not what is tested.
      ordersPerCallerPerHour: 0,
      ordersPerIpPerHour: 0,
      openOrdersPerCaller: 0,
      openOrdersPerIp: 0,
    };
    ctx = await createTestContext({ config });
    const handle = await createDb({ databaseUrl: ctx.handle.url!, poolSize: 5 });
    const app = await buildApp({ config: ctx.config, handle });
    await app.ready();
    second = { app, handle };
    where = await place(ctx);
    cash = await paymentMethodId(ctx, 'cash');
    product = await goods(ctx, { offset: 40 });
    await setStock(ctx, product.id, { [where.branches[0]!.warehouseId]: 50 });
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.handle.close();
    await ctx?.close();
  });

  async function cashOrders(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const caller = await visitor(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/orders/',
        headers: { authorization: caller.authorization },
        payload: orderBody(where.branches[0]!.id, cash, [{ slug: product.slug, quantity: 2 }]),
      });
      expect(res.statusCode).toBe(201);
      ids.push(json<OrderCreateResponse>(res).id);
    }
    return ids;
  }

  const expire = (ids: number[]) =>
    ctx.handle.db.execute(
      sql`update orders set expires_at = now() - interval '1 minute' where id = any(${`{${ids.join(',')}}`}::int[])`,
    );

  async function statuses(ids: number[]): Promise<string[]> {
    const list = await rows<{ status: string }>(
      ctx,
      sql`select status from orders where id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    return list.map((r) => r.status);
  }

  /** Stock units the orders' reservations gave back, counted by their release stamps (once each). */
  async function released(ids: number[]): Promise<{ open: number; released: number }> {
    const [r] = await rows<{ open: number; released: number }>(
      ctx,
      sql`select coalesce(sum(quantity) filter (where released_at is null), 0)::int as open,
                 coalesce(sum(quantity) filter (where released_at is not null), 0)::int as released
          from reservations where order_id = any(${`{${ids.join(',')}}`}::int[])`,
    );
    return { open: Number(r!.open), released: Number(r!.released) };
  }

  async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('the two processes cancel expired orders once and sweep once per period between them', async () => {
    const ids = await cashOrders(6);
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 50, reserved: 12 });
    const from = new Date();
    await expire(ids);
    await until(async () => (await statuses(ids)).every((s) => s === 'cancelled'), 20_000);
    // Two more periods, for a second sweep to (not) release anything again.
    await new Promise((r) => setTimeout(r, PERIOD * 2 * 1000 + 500));

    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 50, reserved: 0 });
    expect(await released(ids)).toEqual({ open: 0, released: 12 });
    expect(await reservationInvariants(ctx)).toEqual({
      stockMismatch: 0,
      ordersWithoutReservation: 0,
      orphanReservations: 0,
    });

    // One job per period, whoever of the two offered it (each offers a few times a period), each run once. The
    // last one may still be queued or running.
    const jobs = await rows<{ singleton_on: string | null; retry_count: number; state: string }>(
      ctx,
      sql`select singleton_on::text, retry_count, state::text from pgboss.job
          where name = 'housekeeping' and created_on between ${from.toISOString()}::timestamptz and now()
          order by created_on`,
    );
    const window = (Date.now() - from.getTime()) / 1000;
    expect(jobs.length).toBeGreaterThanOrEqual(Math.floor(window / PERIOD) - 1);
    expect(jobs.length).toBeLessThanOrEqual(Math.ceil(window / PERIOD) + 1);
    expect(new Set(jobs.map((j) => j.singleton_on)).size).toBe(jobs.length);
    expect(jobs.every((j) => j.singleton_on !== null && Number(j.retry_count) === 0)).toBe(true);
    expect(jobs.slice(0, -1).every((j) => j.state === 'completed')).toBe(true);

    // The back office of either process shows the same queue.
    const admin = (await user(ctx, 'admin')).authorization;
    const seen = await Promise.all(
      [ctx.app, second.app].map(async (app) => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/admin/v1/jobs/',
          headers: { authorization: admin },
        });
        expect(res.statusCode, res.body).toBe(200);
        return json<AdminJobsResponse>(res).queues.find((q) => q.name === 'housekeeping')?.counts.failed;
      }),
    );
    expect(seen).toEqual([0, 0]);
  }, 60_000);

  it('two sweeps at the same moment release an expired order once', async () => {
    const ids = await cashOrders(8);
    const before = (await stockOf(ctx, product.id))[0]!;
    expect(before.reserved).toBe(16);
    await expire(ids);
    const counts = await Promise.all(
      [ctx.app, second.app, ctx.app, second.app].map((app) =>
        housekeeping(app.db, app.config, new Map(), app.log),
      ),
    );
    // Each order was cancelled by one of them (or by a sweep of the engines, running meanwhile), never twice.
    expect(counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(ids.length);
    await until(async () => (await statuses(ids)).every((s) => s === 'cancelled'), 10_000);
    expect((await stockOf(ctx, product.id))[0]).toMatchObject({ quantity: 50, reserved: 0 });
    expect(await released(ids)).toEqual({ open: 0, released: 16 });
  }, 60_000);
});
