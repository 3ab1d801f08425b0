import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import {
  anonymousVisitors,
  cartItems,
  carts,
  products,
  refreshTokenFamilies,
  refreshTokens,
  stock,
  warehouses,
} from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import {
  createUser,
  deactivate,
  GOOD_PASSWORD,
  login,
  nextIp,
  nextPhone,
  post,
  waitForOutbox,
} from '../../../test/auth-helpers';
import { expectToldWhen } from '../../../test/throttle-helpers';
import { LOGIN_PER_IP, LOGIN_PER_PHONE, LOGIN_PER_PHONE_IP, LOGIN_PER_PHONE_IP_DAY } from './auth.service';

// Sign-in, login throttling, refresh rotation, logout, cart merge at sign-in, and what leaves in logs.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

const LOGIN = '/api/v1/user/login/';
const REFRESH = '/api/v1/user/token/refresh/';
const LOGOUT = '/api/v1/user/logout/';
const TOKEN_INVALID = {
  errors: { detail: 'Токен недействителен или просрочен.', code: ['token_not_valid'] },
};

/**
 * Moves a spent refresh token's spending back in time, past the grace window of concurrent refreshes: its next
 * presentation is then a copy, as far as the server can tell.
 */
async function spentLongAgo(refresh: string, seconds = 31) {
  await ctx.handle.db
    .update(refreshTokens)
    .set({ usedAt: sql`${refreshTokens.usedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.id, decodeJwt(refresh).jti!));
}

/**
 * A session whose client stores rotated refresh tokens: signed in and refreshed once, so the pair returned is
 * not the family's first token (a client that only ever uses its first token gets leeway; see sessions.ts).
 */
async function rotatingSession(user: { phone: string; password: string }) {
  const { refresh } = await login(ctx, user.phone, user.password);
  const res = await post(ctx, REFRESH, { refresh });
  return res.body as { access: string; refresh: string };
}

function advance(seconds: number) {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('login', () => {
  it('returns an access and a refresh token for the right password', async () => {
    const user = await createUser(ctx);
    const res = await post(ctx, LOGIN, { phone_number: `8${user.phone.slice(2)}`, password: user.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
    const access = decodeJwt(res.body.access as string);
    expect(access.sub).toBe(String(user.id));
    expect(access.exp! - access.iat!).toBe(15 * 60);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile/',
      headers: { authorization: `Bearer ${res.body.access}` },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown phone with the same general message', async () => {
    const user = await createUser(ctx);
    const wrongPassword = await post(ctx, LOGIN, {
      phone_number: user.phone,
      password: 'Not-The-Password-1',
    });
    const unknown = await post(ctx, LOGIN, { phone_number: nextPhone(), password: 'Not-The-Password-1' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toEqual({ errors: { detail: 'Неверный номер телефона или пароль.' } });
    expect([unknown.status, unknown.body]).toEqual([wrongPassword.status, wrongPassword.body]);
  });

  it('takes about as long for an unknown phone as for a wrong password (argon2 runs either way)', async () => {
    const user = await createUser(ctx);
    const time = async (phone: string) => {
      const t = performance.now();
      await post(ctx, LOGIN, { phone_number: phone, password: 'Not-The-Password-1' });
      return performance.now() - t;
    };
    await time(nextPhone()); // warm-up: the dummy hash is computed once
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(user.phone));
      unknown.push(await time(nextPhone()));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('answers field errors under phone_number and password', async () => {
    const res = await post(ctx, LOGIN, { phone_number: '+7 (12', password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: { phone_number: ['Номер введен неверно'], password: ['Обязательное поле'] },
    });
  });

  it('refuses a deactivated account', async () => {
    const user = await createUser(ctx);
    await deactivate(ctx, user.id);
    const res = await post(ctx, LOGIN, { phone_number: user.phone, password: user.password });
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('errors.detail');
  });
});

describe('login throttling', () => {
  it('stops password guessing for a phone from one address, then lets the owner in after the window', async () => {
    const user = await createUser(ctx);
    const ip = nextIp();
    for (let i = 0; i < LOGIN_PER_PHONE_IP.limit; i++) {
      expect(
        (await post(ctx, LOGIN, { phone_number: user.phone, password: `Guess-number-${i}` }, { ip })).status,
      ).toBe(400);
    }
    const blocked = await post(ctx, LOGIN, { phone_number: user.phone, password: user.password }, { ip });
    const retryAfter = expectToldWhen(blocked, 'Слишком много попыток входа. Повторите попытку через ');
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_PER_PHONE_IP.windowSec);
    // The owner elsewhere is not locked out, and here only until the window ends.
    await expect(login(ctx, user.phone, user.password)).resolves.toHaveProperty('access');
    advance(retryAfter + 1);
    expect(
      (await post(ctx, LOGIN, { phone_number: user.phone, password: user.password }, { ip })).status,
    ).toBe(200);
  });

  it('slows guessing one phone from many addresses, but the owner still signs in from an address they used before', async () => {
    const user = await createUser(ctx);
    const home = nextIp();
    await login(ctx, user.phone, user.password, home);
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LOGIN_PER_PHONE.limit; i++) {
      statuses.push(
        (await post(ctx, LOGIN, { phone_number: user.phone, password: `Guess-number-${i}` })).status,
      );
    }
    // The owner's first sign-in from home (then still unknown) was one of the phone's tries.
    expect(statuses.slice(0, LOGIN_PER_PHONE.limit - 1).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(LOGIN_PER_PHONE.limit - 1).every((s) => s === 429)).toBe(true);
    // New addresses wait (and are told how long)…
    const stranger = await post(ctx, LOGIN, { phone_number: user.phone, password: user.password });
    expect(expectToldWhen(stranger)).toBeLessThanOrEqual(LOGIN_PER_PHONE.windowSec);
    // …the owner at home does not.
    await expect(login(ctx, user.phone, user.password, home)).resolves.toHaveProperty('access');
  });

  it('answers the same for a phone without an account under the same attack', async () => {
    const nobody = nextPhone();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_PER_PHONE.limit; i++) {
      statuses.push((await post(ctx, LOGIN, { phone_number: nobody, password: `Guess-number-${i}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_PER_PHONE.limit);
  });

  it("backs off an address that keeps guessing: a day's wait after 20 wrong passwords, whatever the pauses", async () => {
    const user = await createUser(ctx);
    const ip = nextIp();
    const rounds = LOGIN_PER_PHONE_IP_DAY.limit / LOGIN_PER_PHONE_IP.limit;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < LOGIN_PER_PHONE_IP.limit; i++) {
        const res = await post(
          ctx,
          LOGIN,
          { phone_number: user.phone, password: `Guess-${round}-${i}` },
          { ip },
        );
        expect(res.status).toBe(400);
      }
      advance(LOGIN_PER_PHONE_IP.windowSec + 1);
    }
    const blocked = await post(ctx, LOGIN, { phone_number: user.phone, password: user.password }, { ip });
    const wait = expectToldWhen(blocked, 'Слишком много попыток входа. Повторите попытку через ');
    expect(wait).toBeGreaterThan(20 * 3600);
    // The owner elsewhere is unaffected.
    await expect(login(ctx, user.phone, user.password)).resolves.toHaveProperty('access');
  });

  it("forgets an address's wrong passwords once it signs in", async () => {
    const user = await createUser(ctx);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < LOGIN_PER_PHONE_IP.limit - 1; i++) {
        statuses.push(
          (await post(ctx, LOGIN, { phone_number: user.phone, password: `Typo-${round}-${i}` }, { ip }))
            .status,
        );
      }
      statuses.push(
        (await post(ctx, LOGIN, { phone_number: user.phone, password: user.password }, { ip })).status,
      );
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('stops one address from trying many phones', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_PER_IP.limit; i++) {
      statuses.push(
        (await post(ctx, LOGIN, { phone_number: nextPhone(), password: 'Guess-number-1' }, { ip })).status,
      );
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_PER_IP.limit);
    expect(statuses.at(-1)).toBe(429);
    expectToldWhen(await post(ctx, LOGIN, { phone_number: nextPhone(), password: 'Guess-number-1' }, { ip }));
  });
});

describe('refresh tokens', () => {
  it('rotates: each refresh returns a new pair and spends the old refresh token', async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.phone, user.password);
    const res = await post(ctx, REFRESH, { refresh: first.refresh });
    expect(res.status).toBe(200);
    const second = res.body as { access: string; refresh: string };
    expect(second.refresh).not.toBe(first.refresh);
    // The session's end is absolute: rotation does not extend it.
    expect(decodeJwt(second.refresh).exp).toBe(decodeJwt(first.refresh).exp);
    expect(decodeJwt(first.refresh).exp! - decodeJwt(first.refresh).iat!).toBeGreaterThanOrEqual(
      30 * 24 * 3600 - 1,
    );
    expect((await post(ctx, REFRESH, { refresh: second.refresh })).status).toBe(200);
  });

  it('kills the whole family when a spent refresh token is presented again', async () => {
    const user = await createUser(ctx);
    const first = await rotatingSession(user);
    const other = await login(ctx, user.phone, user.password); // another device: a separate family
    const second = (await post(ctx, REFRESH, { refresh: first.refresh })).body as { refresh: string };
    await spentLongAgo(first.refresh);
    const replay = await post(ctx, REFRESH, { refresh: first.refresh });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(TOKEN_INVALID);
    // The thief's copy and the victim's newest token are both dead now…
    expect((await post(ctx, REFRESH, { refresh: second.refresh })).status).toBe(401);
    // …but the other device's session lives on.
    expect((await post(ctx, REFRESH, { refresh: other.refresh })).status).toBe(200);
    const families = await ctx.handle.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.userId, user.id));
    expect(families.filter((f) => f.revokedReason === 'reuse')).toHaveLength(1);
  });

  it('lets two tabs refresh one session at once: both get the same next token, and the session lives on', async () => {
    const user = await createUser(ctx);
    const { refresh } = await login(ctx, user.phone, user.password);
    const results = await Promise.all([post(ctx, REFRESH, { refresh }), post(ctx, REFRESH, { refresh })]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const [a, b] = results.map((r) => r.body as { access: string; refresh: string });
    // No second branch of the session: both tabs hold the one current token.
    expect(decodeJwt(a!.refresh).jti).toBe(decodeJwt(b!.refresh).jti);
    expect(decodeJwt(a!.refresh).fam).toBe(decodeJwt(refresh).fam);
    // Both tabs go on refreshing, in parallel again; nothing is revoked.
    const next = await Promise.all([
      post(ctx, REFRESH, { refresh: a!.refresh }),
      post(ctx, REFRESH, { refresh: b!.refresh }),
    ]);
    expect(next.map((r) => r.status)).toEqual([200, 200]);
    const [family] = await ctx.handle.db
      .select()
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.id, decodeJwt(refresh).fam as string));
    expect(family!.revokedAt).toBeNull();
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/user/profile/',
          headers: { authorization: `Bearer ${(next[1]!.body as { access: string }).access}` },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('gives grace only to the token just rotated, and only for a short while', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as { refresh: string };
    // A late tab with t0 right after the rotation gets the current token (t1's), not a new branch.
    const late = await post(ctx, REFRESH, { refresh: t0.refresh });
    expect(late.status).toBe(200);
    expect(decodeJwt((late.body as { refresh: string }).refresh).jti).toBe(decodeJwt(t1.refresh).jti);
    // Two rotations on, t0 is an old copy: the session ends.
    const t2 = (await post(ctx, REFRESH, { refresh: t1.refresh })).body as { refresh: string };
    expect((await post(ctx, REFRESH, { refresh: t0.refresh })).status).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: t2.refresh })).status).toBe(401);
  });

  it('ends the session when the just-rotated token comes back after the grace window', async () => {
    const user = await createUser(ctx);
    const t0 = await rotatingSession(user);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as { refresh: string };
    await spentLongAgo(t0.refresh, ctx.config.refreshGraceSeconds + 1);
    expect((await post(ctx, REFRESH, { refresh: t0.refresh })).status).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: t1.refresh })).status).toBe(401);
  });

  it('gives no grace after logout', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as { refresh: string };
    expect((await post(ctx, LOGOUT, { refresh: t1.refresh })).status).toBe(200);
    expect((await post(ctx, REFRESH, { refresh: t0.refresh })).status).toBe(401);
  });

  it('ends the session 30 days after sign-in whatever the rotation', async () => {
    const user = await createUser(ctx);
    const { refresh } = await login(ctx, user.phone, user.password);
    const fam = decodeJwt(refresh).fam as string;
    await ctx.handle.db
      .update(refreshTokenFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokenFamilies.id, fam));
    expect((await post(ctx, REFRESH, { refresh })).status).toBe(401);
  });

  it('refuses forged tokens and access tokens in place of refresh tokens', async () => {
    const user = await createUser(ctx);
    const pair = await login(ctx, user.phone, user.password);
    for (const refresh of [pair.access, `${pair.refresh.slice(0, -4)}AAAA`, 'garbage']) {
      const res = await post(ctx, REFRESH, { refresh });
      expect(res.status, refresh).toBe(401);
      expect(res.body).toEqual(TOKEN_INVALID);
    }
    expect((await post(ctx, REFRESH, {})).body).toEqual({ errors: { refresh: ['Обязательное поле'] } });
  });

  it('stops refreshing for a deactivated account', async () => {
    const user = await createUser(ctx);
    const { refresh } = await login(ctx, user.phone, user.password);
    await deactivate(ctx, user.id);
    expect((await post(ctx, REFRESH, { refresh })).status).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the refresh token and its family, and only that session', async () => {
    const user = await createUser(ctx);
    const a = await login(ctx, user.phone, user.password);
    const b = await login(ctx, user.phone, user.password);
    const rotated = (await post(ctx, REFRESH, { refresh: a.refresh })).body as { refresh: string };
    const res = await post(
      ctx,
      LOGOUT,
      { refresh: rotated.refresh },
      { authorization: `Bearer ${a.access}` },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: expect.any(String) });
    expect((await post(ctx, REFRESH, { refresh: rotated.refresh })).status).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: b.refresh })).status).toBe(200);
    // Idempotent for a genuine token; a forged one is refused.
    expect((await post(ctx, LOGOUT, { refresh: rotated.refresh })).status).toBe(200);
    expect((await post(ctx, LOGOUT, { refresh: 'forged' })).status).toBe(401);
  });
});

describe('access tokens end with their session', () => {
  const PROFILE = '/api/v1/user/profile/';
  const profileStatus = async (access: string) =>
    (await ctx.app.inject({ method: 'GET', url: PROFILE, headers: { authorization: `Bearer ${access}` } }))
      .statusCode;

  it('stops an access token right after logout, leaving other sessions alone', async () => {
    const user = await createUser(ctx);
    const a = await login(ctx, user.phone, user.password);
    const b = await login(ctx, user.phone, user.password);
    expect(await profileStatus(a.access)).toBe(200);
    expect((await post(ctx, LOGOUT, { refresh: a.refresh })).status).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: PROFILE,
      headers: { authorization: `Bearer ${a.access}` },
    });
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual(TOKEN_INVALID);
    // Any route, not only the profile: the cart answers 401 too, so the storefront refreshes (and fails).
    const cart = await post(ctx, '/api/v1/payment/cart/', {}, { authorization: `Bearer ${a.access}` });
    expect(cart.status).toBe(401);
    expect(await profileStatus(b.access)).toBe(200);
  });

  it('keeps access tokens of earlier rotations of a live session, and kills them all on refresh reuse', async () => {
    const user = await createUser(ctx);
    const first = await rotatingSession(user);
    const second = (await post(ctx, REFRESH, { refresh: first.refresh })).body as {
      access: string;
      refresh: string;
    };
    expect(await profileStatus(first.access)).toBe(200);
    expect(await profileStatus(second.access)).toBe(200);
    await spentLongAgo(first.refresh);
    expect((await post(ctx, REFRESH, { refresh: first.refresh })).status).toBe(401); // reuse
    expect(await profileStatus(first.access)).toBe(401);
    expect(await profileStatus(second.access)).toBe(401);
  });

  it('ends the other sessions on a password change, not the one that changed it', async () => {
    const user = await createUser(ctx);
    const here = await login(ctx, user.phone, user.password);
    const elsewhere = await login(ctx, user.phone, user.password);
    const res = await post(
      ctx,
      '/api/v1/user/profile/change-password/',
      { current_password: user.password, password: 'Novaya-Mashina-77', password2: 'Novaya-Mashina-77' },
      { authorization: `Bearer ${here.access}`, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    const fresh = res.body as { access: string; refresh: string };
    expect(await profileStatus(here.access)).toBe(200);
    expect(await profileStatus(elsewhere.access)).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: elsewhere.refresh })).status).toBe(401);
    // The answer's pair is this same session's: nothing to replace for a client that ignores it.
    expect(decodeJwt(fresh.refresh).fam).toBe(decodeJwt(here.refresh).fam);
    expect(decodeJwt(fresh.refresh).jti).toBe(decodeJwt(here.refresh).jti);
    expect(await profileStatus(fresh.access)).toBe(200);
    expect((await post(ctx, REFRESH, { refresh: here.refresh })).status).toBe(200);
  });

  it('ends access tokens when the session expires or the account is deactivated', async () => {
    const user = await createUser(ctx);
    const a = await login(ctx, user.phone, user.password);
    const b = await login(ctx, user.phone, user.password);
    await ctx.handle.db
      .update(refreshTokenFamilies)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokenFamilies.id, decodeJwt(a.refresh).fam as string));
    expect(await profileStatus(a.access)).toBe(401);
    expect(await profileStatus(b.access)).toBe(200);
    await deactivate(ctx, user.id);
    expect(await profileStatus(b.access)).toBe(401);
  });

  it("refuses a well-signed access token that names no session or someone else's", async () => {
    const user = await createUser(ctx);
    const other = await createUser(ctx);
    const theirs = await login(ctx, other.phone, other.password);
    const key = new TextEncoder().encode(ctx.config.jwtSecret);
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ typ: 'access', role: 'customer', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key);
    expect(await profileStatus(await sign({}))).toBe(401);
    expect(await profileStatus(await sign({ sid: 'not-a-session' }))).toBe(401);
    expect(await profileStatus(await sign({ sid: decodeJwt(theirs.refresh).fam }))).toBe(401);
  });
});

describe('anonymous cart merge at sign-in', () => {
  async function newVisitor(): Promise<{ token: string; id: number }> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/token/unauthorized_user/',
      remoteAddress: nextIp(),
    });
    const { token } = json<{ token: string }>(res);
    const [row] = await ctx.handle.db
      .select()
      .from(anonymousVisitors)
      .where(eq(anonymousVisitors.tokenHash, hashToken(token)));
    return { token, id: row!.id };
  }

  async function setAvailable(productId: number, quantity: number, reserved: number) {
    const db = ctx.handle.db;
    const [wh] = await db.select({ id: warehouses.id }).from(warehouses).limit(1);
    await db.delete(stock).where(eq(stock.productId, productId));
    if (quantity > 0) await db.insert(stock).values({ warehouseId: wh!.id, productId, quantity, reserved });
  }

  async function cartOf(owner: { userId?: number; visitorId?: number }, lines: [number, number][]) {
    const db = ctx.handle.db;
    const [cart] = await db.insert(carts).values(owner).returning({ id: carts.id });
    for (const [productId, quantity] of lines)
      await db.insert(cartItems).values({ cartId: cart!.id, productId, quantity });
    return cart!.id;
  }

  async function userLines(userId: number) {
    const rows = await ctx.handle.db
      .select({ productId: cartItems.productId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId));
    return new Map(rows.map((r) => [r.productId, r.quantity]));
  }

  it('adds quantities, capped by available stock (quantity − reserved over warehouses) and by 999', async () => {
    const db = ctx.handle.db;
    const picked = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isService, false))
      .orderBy(products.id)
      .limit(5);
    const [scarce, plenty, service, soldOut, onlyVisitor] = picked.map((p) => p.id) as [
      number,
      number,
      number,
      number,
      number,
    ];
    await setAvailable(scarce, 7, 2); // 5 available
    await setAvailable(plenty, 100, 0);
    await setAvailable(soldOut, 0, 0);
    await setAvailable(onlyVisitor, 10, 0);
    await db.update(products).set({ isService: true }).where(eq(products.id, service));
    await setAvailable(service, 0, 0);

    const user = await createUser(ctx);
    await cartOf({ userId: user.id }, [
      [scarce, 2],
      [plenty, 3],
      [service, 600],
    ]);
    const visitor = await newVisitor();
    await cartOf({ visitorId: visitor.id }, [
      [scarce, 4],
      [plenty, 4],
      [service, 600],
      [soldOut, 2],
      [onlyVisitor, 20],
    ]);

    // The existing client sends the raw not-authorized token in Authorization while logging in.
    const res = await post(
      ctx,
      LOGIN,
      { phone_number: user.phone, password: user.password },
      { authorization: visitor.token },
    );
    expect(res.status).toBe(200);
    const lines = await userLines(user.id);
    expect(lines.get(scarce)).toBe(5);
    expect(lines.get(plenty)).toBe(7);
    expect(lines.get(service)).toBe(999);
    expect(lines.has(soldOut)).toBe(false);
    expect(lines.get(onlyVisitor)).toBe(10);
    expect(await db.select().from(carts).where(eq(carts.visitorId, visitor.id))).toHaveLength(0);
    const [v] = await db.select().from(anonymousVisitors).where(eq(anonymousVisitors.id, visitor.id));
    expect(v!.mergedIntoUserId).toBe(user.id);

    // Signing in again with the same visitor adds nothing more.
    await post(
      ctx,
      LOGIN,
      { phone_number: user.phone, password: user.password },
      { authorization: visitor.token },
    );
    expect(await userLines(user.id)).toEqual(lines);
  });

  it('accepts the visitor token in the body and creates the user cart when there is none', async () => {
    const db = ctx.handle.db;
    const [p] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isService, false))
      .orderBy(products.id)
      .offset(10)
      .limit(1);
    await setAvailable(p!.id, 50, 0);
    const user = await createUser(ctx);
    const visitor = await newVisitor();
    await cartOf({ visitorId: visitor.id }, [[p!.id, 3]]);
    const res = await post(ctx, LOGIN, {
      phone_number: user.phone,
      password: user.password,
      visitor_token: visitor.token,
    });
    expect(res.status).toBe(200);
    expect((await userLines(user.id)).get(p!.id)).toBe(3);
  });

  it('merges at registration confirmation too', async () => {
    const db = ctx.handle.db;
    const [p] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isService, false))
      .orderBy(products.id)
      .offset(11)
      .limit(1);
    await setAvailable(p!.id, 50, 0);
    const visitor = await newVisitor();
    await cartOf({ visitorId: visitor.id }, [[p!.id, 2]]);
    const phone = nextPhone();
    await post(ctx, '/api/v1/user/register/', {
      phone_number: phone,
      password: GOOD_PASSWORD,
      password2: GOOD_PASSWORD,
    });
    const { code } = await waitForOutbox(ctx, (e) => e.to === phone && e.code !== null);
    const res = await post(
      ctx,
      '/api/v1/user/register/verify/',
      { phone_number: phone, code },
      { authorization: visitor.token },
    );
    expect(res.status).toBe(200);
    const userId = Number(decodeJwt(res.body.access as string).sub);
    expect((await userLines(userId)).get(p!.id)).toBe(2);
    expect(await db.select().from(carts).where(eq(carts.visitorId, visitor.id))).toHaveLength(0);
  });
});

describe('secrets stay out of logs and responses', () => {
  it('logs no password, code or token at any level', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({
      config: ctx.config,
      handle: ctx.handle,
      logger: { level: 'trace', stream },
    });
    await app.ready();
    const secrets: string[] = [];
    const call = async (method: 'POST' | 'PUT', url: string, payload: object, authorization?: string) => {
      const res = await app.inject({
        method,
        url,
        payload,
        remoteAddress: nextIp(),
        headers: authorization ? { authorization } : {},
      });
      return json<Record<string, string>>(res);
    };
    try {
      const phone = nextPhone();
      const password = 'Sekretnyi-Parol-Logi-1';
      secrets.push(password);
      await call('POST', '/api/v1/user/register/', { phone_number: phone, password, password2: password });
      const sms = await waitForOutbox(ctx, (e) => e.to === phone && e.code !== null);
      const verified = await call('POST', '/api/v1/user/register/verify/', {
        phone_number: phone,
        code: sms.code,
      });
      secrets.push(verified.access!, verified.refresh!);
      const pair = await call('POST', '/api/v1/user/login/', { phone_number: phone, password });
      secrets.push(pair.access!, pair.refresh!);
      await call('POST', '/api/v1/user/login/', { phone_number: phone, password: 'Wrong-Password-Logi-2' });
      const rotated = await call('POST', '/api/v1/user/token/refresh/', { refresh: pair.refresh });
      secrets.push(rotated.access!, rotated.refresh!);
      await call('POST', '/api/v1/user/token/refresh/', { refresh: pair.refresh }); // reuse → warning logged
      await call('POST', '/api/v1/user/reset_password_request/', { phone_number: phone });
      const callEntry = await waitForOutbox(ctx, (e) => e.to === phone && e.purpose === 'reset_call');
      const { secret_key } = await call('POST', '/api/v1/user/reset_password_verify/', {
        phone_number: phone,
        code: callEntry.code,
      });
      secrets.push(secret_key!, callEntry.from!);
      const newPassword = 'Eshe-Bolee-Sekretnyi-3';
      secrets.push(newPassword);
      await call('PUT', '/api/v1/user/reset_password/', {
        phone_number: phone,
        secret_key,
        password: newPassword,
        password2: newPassword,
      });
      const visitor = await call('POST', '/api/v1/user/token/unauthorized_user/', {});
      secrets.push(visitor.token!);
      await call(
        'POST',
        '/api/v1/user/login/',
        { phone_number: phone, password: newPassword },
        visitor.token,
      );
      const codes = [sms.code!, callEntry.code!];

      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(10); // requests were logged at all
      expect(log).toContain('message written to the outbox');
      for (const secret of secrets) expect(log).not.toContain(secret);
      // Request ids are random UUIDs, whose groups of four can be a code's four digits («…-7891-…»), and a
      // response time's decimals can end in them («4.7891,»): both are taken out before the codes are looked for.
      const withoutIds = log
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '')
        .replace(/"responseTime":[0-9.e-]+/g, '');
      for (const code of codes) expect(withoutIds).not.toMatch(new RegExp(`[^0-9]${code}[^0-9]`));
    } finally {
      await app.close();
    }
  });
});
