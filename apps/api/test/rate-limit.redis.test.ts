import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { RedisRateLimiter } from '../src/lib/rate-limit';
import { VISITOR_TOKENS_PER_IP } from '../src/modules/auth/auth.routes';
import { createTestContext, type TestContext } from './helpers';

/** Two API instances over one database and one Redis: a limit is shared, not doubled. */
let ctx: TestContext;
const clients: Redis[] = [];
const redis = () => {
  const r = new Redis(process.env.REDIS_URL!);
  clients.push(r);
  return r;
};

beforeAll(async () => {
  ctx = await createTestContext({ limiter: new RedisRateLimiter(redis(), `podbor:test:${Date.now()}:`) });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});

describe('rate limits through Redis', () => {
  it('counts atomically and expires the window', async () => {
    const rl = new RedisRateLimiter(redis(), `podbor:test:unit:${Date.now()}:`);
    const hits = await Promise.all(Array.from({ length: 10 }, () => rl.hit('k', 7, 1)));
    expect(hits.filter((h) => h.allowed)).toHaveLength(7);
    expect(hits.every((h) => h.retryAfterSec > 0 && h.retryAfterSec <= 1)).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await rl.hit('k', 7, 1)).allowed).toBe(true);
  });

  it('peeks at a window without counting, with the time it has left', async () => {
    const rl = new RedisRateLimiter(redis(), `podbor:test:peek:${Date.now()}:`);
    expect(await rl.peek('k')).toEqual({ count: 0, retryAfterSec: 0 });
    await rl.hit('k', 3, 60);
    await rl.hit('k', 3, 60);
    const seen = await rl.peek('k');
    expect(seen.count).toBe(2);
    expect(seen.retryAfterSec).toBeGreaterThan(58);
    expect(seen.retryAfterSec).toBeLessThanOrEqual(60);
    expect((await rl.peek('k')).count).toBe(2);
  });

  it('holds the visitor-token limit across two API instances', async () => {
    const prefix = `podbor:test:shared:${Date.now()}:`;
    const a = await buildApp({
      config: ctx.config,
      handle: ctx.handle,
      limiter: new RedisRateLimiter(redis(), prefix),
    });
    const b = await buildApp({
      config: ctx.config,
      handle: ctx.handle,
      limiter: new RedisRateLimiter(redis(), prefix),
    });
    try {
      const remoteAddress = '192.0.2.44';
      const statuses: number[] = [];
      for (let i = 0; i < VISITOR_TOKENS_PER_IP.limit + 2; i++) {
        const app = i % 2 ? a : b;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/user/token/unauthorized_user/',
          remoteAddress,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(VISITOR_TOKENS_PER_IP.limit);
      expect(statuses.slice(-2)).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
