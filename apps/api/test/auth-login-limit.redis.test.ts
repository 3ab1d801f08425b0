import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { RedisRateLimiter } from '../src/lib/rate-limit';
import { CODE_RESEND_SEC } from '../src/lib/one-time-codes';
import { LOGIN_PER_PHONE_IP } from '../src/modules/auth/auth.service';
import { createUser, GOOD_PASSWORD, nextPhone } from './auth-helpers';
import { createTestContext, json, type TestContext } from './helpers';
import { expectToldWhen } from './throttle-helpers';

/** Two API instances over one database and one Redis: sign-in limits are shared, not doubled. */
let ctx: TestContext;
const clients: Redis[] = [];
const redis = () => {
  const r = new Redis(process.env.REDIS_URL!);
  clients.push(r);
  return r;
};

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
});

describe('sign-in limits through Redis', () => {
  it('holds the per-phone login limit across two API instances', async () => {
    const prefix = `podbor:test:login:${Date.now()}:`;
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
      const user = await createUser(ctx);
      const remoteAddress = '192.0.2.77';
      const statuses: number[] = [];
      for (let i = 0; i < LOGIN_PER_PHONE_IP.limit; i++) {
        const app = i % 2 ? a : b;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/user/login/',
          payload: { phone_number: user.phone, password: `Guess-number-${i}` },
          remoteAddress,
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.every((s) => s === 400)).toBe(true);
      // Even the right password is refused on both instances now: each saw only half the tries.
      for (const app of [a, b]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/user/login/',
          payload: { phone_number: user.phone, password: user.password },
          remoteAddress,
        });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('holds the shop-wide cap on texts across instances, and says when to retry', async () => {
    const prefix = `podbor:test:sms-cap:${Date.now()}:`;
    const config = { ...ctx.config, codeLimits: { ...ctx.config.codeLimits, smsPerHour: 4 } };
    const a = await buildApp({ config, handle: ctx.handle, limiter: new RedisRateLimiter(redis(), prefix) });
    const b = await buildApp({ config, handle: ctx.handle, limiter: new RedisRateLimiter(redis(), prefix) });
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const res = await (i % 2 ? a : b).inject({
          method: 'POST',
          url: '/api/v1/user/register/',
          payload: { phone_number: nextPhone(), password: GOOD_PASSWORD, password2: GOOD_PASSWORD },
          remoteAddress: `192.0.2.${100 + i}`,
        });
        answers.push({ status: res.statusCode, headers: res.headers, body: json(res) });
      }
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 429, 429]);
      for (const refused of answers.slice(4)) {
        expectToldWhen(refused, 'Сейчас мы не можем отправить код. Повторите попытку через ');
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('holds the resend spacing of codes across instances', async () => {
    const prefix = `podbor:test:codes:${Date.now()}:`;
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
      const phone = nextPhone();
      const first = await a.inject({
        method: 'POST',
        url: '/api/v1/user/register/',
        payload: { phone_number: phone, password: GOOD_PASSWORD, password2: GOOD_PASSWORD },
        remoteAddress: '192.0.2.78',
      });
      expect(first.statusCode).toBe(200);
      const second = await b.inject({
        method: 'POST',
        url: '/api/v1/user/register/verify/retry/',
        payload: { phone_number: phone },
        remoteAddress: '192.0.2.79',
      });
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(CODE_RESEND_SEC);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
