import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokenFamilies, refreshTokens } from '../src/db/schema';
import { rotateSession } from '../src/lib/sessions';
import { createTestContext, json, type TestContext } from './helpers';
import { createUser, login, post, waitForOutbox } from './auth-helpers';

// Issue #13, items 15–19: other clients of the API than Podbor's storefront, some of whose versions behave
// differently from it (API-SHAPES describes one of them). Each behaviour here is one such client's.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const REFRESH = '/api/v1/user/token/refresh/';
const PROFILE = '/api/v1/user/profile/';

type Pair = { access: string; refresh: string };

async function profileStatus(access: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: PROFILE,
    headers: { authorization: `Bearer ${access}` },
  });
  return res.statusCode;
}

/** Moves every spending of the token back in time: the next request is `seconds` later, as far as the server knows. */
async function later(refresh: string, seconds: number) {
  await ctx.handle.db
    .update(refreshTokens)
    .set({ usedAt: sql`${refreshTokens.usedAt} - make_interval(secs => ${seconds})` })
    .where(eq(refreshTokens.familyId, decodeJwt(refresh).fam as string));
}

async function familyRevoked(refresh: string) {
  const [row] = await ctx.handle.db
    .select({ reason: refreshTokenFamilies.revokedReason })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, decodeJwt(refresh).fam as string));
  return row?.reason ?? null;
}

describe('item 15: a client that keeps its first refresh token', () => {
  it('stays signed in across page loads hours and days apart, refreshing with the sign-in token each time', async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.phone, user.password);
    const jtis = new Set<unknown>();
    // One page load a minute later, then an hour, then two days: always with the token from the sign-in.
    for (const gap of [60, 3600, 2 * 86_400]) {
      await later(first.refresh, gap);
      const res = await post(ctx, REFRESH, { refresh: first.refresh });
      expect(res.status, `after ${gap} s`).toBe(200);
      const pair = res.body as Pair;
      expect(await profileStatus(pair.access)).toBe(200);
      jtis.add(decodeJwt(pair.refresh).jti);
    }
    // Nothing new was issued after the first rotation: the session still has a single live token.
    expect(jtis.size).toBe(1);
    const tokens = await ctx.handle.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(eq(refreshTokens.familyId, decodeJwt(first.refresh).fam as string));
    expect(tokens).toHaveLength(2);
    expect(await familyRevoked(first.refresh)).toBeNull();
  });

  it('still ends a rotating session when its old token comes back', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as Pair;
    const t2 = (await post(ctx, REFRESH, { refresh: t1.refresh })).body as Pair;
    await later(t0.refresh, 3600);
    // The client stores rotated tokens (it presented t1), so t0 now is a copy: the whole session ends.
    expect((await post(ctx, REFRESH, { refresh: t0.refresh })).status).toBe(401);
    expect(await familyRevoked(t0.refresh)).toBe('reuse');
    expect((await post(ctx, REFRESH, { refresh: t2.refresh })).status).toBe(401);
    expect(await profileStatus(t2.access)).toBe(401);
  });

  it("catches someone else replaying a first-token client's token: once either side rotates, the other ends it", async () => {
    const user = await createUser(ctx);
    const first = await login(ctx, user.phone, user.password);
    expect((await post(ctx, REFRESH, { refresh: first.refresh })).status).toBe(200); // page load
    await later(first.refresh, 600);
    // A thief with a copy of the first token gets the session's current token and, as any client would, uses it.
    const stolen = (await post(ctx, REFRESH, { refresh: first.refresh })).body as Pair;
    const thief = (await post(ctx, REFRESH, { refresh: stolen.refresh })).body as Pair;
    expect(await profileStatus(thief.access)).toBe(200);
    await later(first.refresh, 600);
    // The owner's next page load with the first token is now a replay in a rotating session.
    expect((await post(ctx, REFRESH, { refresh: first.refresh })).status).toBe(401);
    expect(await familyRevoked(first.refresh)).toBe('reuse');
    expect((await post(ctx, REFRESH, { refresh: thief.refresh })).status).toBe(401);
    expect(await profileStatus(thief.access)).toBe(401);
  });

  it('gives a later token no such leeway, and none at all when turned off', async () => {
    const user = await createUser(ctx);
    const t0 = await login(ctx, user.phone, user.password);
    const t1 = (await post(ctx, REFRESH, { refresh: t0.refresh })).body as Pair;
    expect((await post(ctx, REFRESH, { refresh: t1.refresh })).status).toBe(200);
    await later(t1.refresh, 3600);
    expect((await post(ctx, REFRESH, { refresh: t1.refresh })).status).toBe(401);

    const other = await createUser(ctx);
    const s0 = await login(ctx, other.phone, other.password);
    const opts = { graceSec: ctx.config.refreshGraceSeconds, firstTokenReuse: false };
    const rotated = await rotateSession(ctx.handle.db, ctx.config.jwtSecret, s0.refresh, opts);
    expect(rotated.ok).toBe(true);
    await later(s0.refresh, 3600);
    const again = await rotateSession(ctx.handle.db, ctx.config.jwtSecret, s0.refresh, opts);
    expect(again).toEqual({ ok: false, reason: 'reused' });
  });
});

describe('item 16: changing the password', () => {
  it('signs out the other sessions but not the one that changed it, whatever the client does with the answer', async () => {
    const user = await createUser(ctx);
    const here = await login(ctx, user.phone, user.password);
    const phone = await login(ctx, user.phone, user.password);
    const password = 'Drugoi-Parol-Klienta-5';
    const res = await post(
      ctx,
      `${PROFILE}change-password/`,
      { password, password2: password, current_password: user.password },
      { authorization: `Bearer ${here.access}`, method: 'PUT' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'Пароль успешно изменен' });
    // The client keeps the tokens it had: its access token and its refresh token both still work.
    expect(await profileStatus(here.access)).toBe(200);
    const refreshed = await post(ctx, REFRESH, { refresh: here.refresh });
    expect(refreshed.status).toBe(200);
    expect(await profileStatus((refreshed.body as Pair).access)).toBe(200);
    // Every other session has ended.
    expect(await profileStatus(phone.access)).toBe(401);
    expect((await post(ctx, REFRESH, { refresh: phone.refresh })).status).toBe(401);
    expect(await familyRevoked(phone.refresh)).toBe('password_change');
  });
});

describe('item 17: e-mail confirmation', () => {
  it("answers with the status text the client checks for, 'Почта подтверждена', and today's details", async () => {
    const user = await createUser(ctx);
    const { access } = await login(ctx, user.phone, user.password);
    const email = `client-${user.id}@example.ru`;
    const auth = `Bearer ${access}`;
    expect((await post(ctx, PROFILE, { email }, { authorization: auth, method: 'PATCH' })).status).toBe(200);
    const mail = await waitForOutbox(ctx, (e) => e.to === email && e.purpose === 'email');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${PROFILE}verify_email/`,
      headers: { authorization: auth },
      payload: { code: mail.code, email },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'Почта подтверждена', details: 'Email подтвержден.' });
  });
});
