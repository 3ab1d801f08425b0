import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousVisitors } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { VISITOR_TOKENS_PER_IP } from './auth.routes';
import { expectToldWhen } from '../../../test/throttle-helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('POST /api/v1/user/token/unauthorized_user/', () => {
  it('issues an opaque 256-bit token, storing only its hash', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/token/unauthorized_user/',
      headers: { 'content-type': 'application/json' }, // as the client sends it, with no body
    });
    expect(res.statusCode).toBe(200);
    const { token } = json<{ token: string }>(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.handle.db
      .select()
      .from(anonymousVisitors)
      .where(eq(anonymousVisitors.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await ctx.handle.db
      .select()
      .from(anonymousVisitors)
      .where(eq(anonymousVisitors.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('gives every call a different token', async () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: '10.1.1.1',
      });
      tokens.add(json<{ token: string }>(res).token);
    }
    expect(tokens.size).toBe(5);
  });

  it('throttles one address with 429, Retry-After and a Russian message', async () => {
    const remoteAddress = '203.0.113.7';
    let last;
    for (let i = 0; i <= VISITOR_TOKENS_PER_IP.limit; i++) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress,
      });
    }
    expectToldWhen(
      { status: last!.statusCode, headers: last!.headers, body: json(last!) },
      'Слишком много запросов. Повторите попытку через ',
    );
    // Another address is not affected.
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/token/unauthorized_user/',
      remoteAddress: '203.0.113.8',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('Authorization header', () => {
  it('treats "undefined" and an empty header as no token', async () => {
    for (const authorization of ['undefined', 'Bearer undefined', '']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/showcase/',
        headers: { authorization },
      });
      expect(res.statusCode, authorization).toBe(200);
    }
  });

  it('answers 401 for a forged or expired bearer token so clients refresh', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/showcase/',
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    });
    expect(res.statusCode).toBe(401);
    expect(json<{ errors: { detail: string } }>(res).errors.detail).toMatch(/Токен/);
  });

  it('accepts a raw visitor token without a scheme', async () => {
    const { token } = json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: '10.9.9.9',
      }),
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/showcase/',
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
  });
});
