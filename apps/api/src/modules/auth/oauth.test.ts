import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { OAuthProviderConfig } from '../../config';
import { anonymousVisitors, oauthIdentities, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { createUser, login, nextIp, post } from '../../../test/auth-helpers';

// Sign-in with Yandex ID, run end to end against a real OAuth 2.0 / OpenID Connect provider (oidc-provider)
// listening on a local port: the browser leg (login and consent forms) is driven with fetch.

const REDIRECT = 'http://localhost:3000/auth/yandex/callback';
const CLIENT = { id: 'podbor-test-client', secret: 'podbor-test-client-secret-0123456789abcdef' };

let server: http.Server;
let issuer: string;
let ctx: TestContext;
let yandex: OAuthProviderConfig;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: `${id}@example.ru`,
          email_verified: true,
          given_name: 'Иван',
          family_name: 'Петров',
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['podbor-oauth-test-cookie-key'] },
    pkce: { required: () => false },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  server.on('request', provider.callback());
  yandex = {
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUri: REDIRECT,
    authorizeUrl: `${issuer}/auth`,
    tokenUrl: `${issuer}/token`,
    userinfoUrl: `${issuer}/me`,
    scope: 'openid email profile',
    userinfoAuthScheme: 'Bearer',
  };
  ctx = await createTestContext({ config: { oauth: { yandex } } });
});

afterAll(async () => {
  await ctx?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Plays the browser: follows redirects with a cookie jar and submits the provider's login and consent forms. */
async function authorizeAs(authorizeUrl: string, account: string): Promise<{ code: string; state: string }> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(';')[0]!;
      const name = pair.slice(0, pair.indexOf('='));
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, pair.slice(pair.indexOf('=') + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.href.startsWith(REDIRECT)) {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`provider refused: ${next.search}`);
        return { code, state: next.searchParams.get('state') ?? '' };
      }
      url = next.href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page (${res.status}): ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt },
    ).toString();
  }
  throw new Error('too many steps');
}

async function methods(app = ctx.app) {
  const res = await app.inject({ method: 'GET', url: '/api/v1/auth/methods/' });
  return { status: res.statusCode, body: json<{ method: string; url: string }[]>(res), headers: res.headers };
}

/** A valid state from a fresh methods listing (for calls whose code is the thing under test). */
async function freshState(): Promise<string> {
  return new URL(await yandexUrl()).searchParams.get('state')!;
}

async function yandexUrl(): Promise<string> {
  return (await methods()).body.find((m) => m.method === 'yandex')!.url;
}

describe('GET /api/v1/auth/methods/', () => {
  it('lists Yandex with an authorize URL carrying client_id, redirect_uri and a signed state', async () => {
    const res = await methods();
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual([{ method: 'yandex', url: expect.any(String) }]);
    const url = new URL(res.body[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(yandex.authorizeUrl);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    expect(res.body[0]!.url).not.toContain(CLIENT.secret);
  });

  it('lists nothing when no method is configured', async () => {
    const app = await buildApp({ config: { ...ctx.config, oauth: {} }, handle: ctx.handle });
    try {
      expect((await methods(app)).body).toEqual([]);
      const res = await app.inject({ method: 'POST', url: '/api/v1/auth/yandex/', payload: { code: 'x' } });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({ errors: { detail: 'Способ входа недоступен.' } });
    } finally {
      await app.close();
    }
  });
});

describe('POST /api/v1/auth/yandex/', () => {
  it('exchanges the code, creates a phone-less account from the user info, and signs in', async () => {
    const { code, state } = await authorizeAs(await yandexUrl(), 'alice');
    const res = await post(ctx, '/api/v1/auth/yandex/', { code, state });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
    const userId = Number(decodeJwt(res.body.access as string).sub);
    const profile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/profile/',
      headers: { authorization: `Bearer ${res.body.access}` },
    });
    expect(json(profile)).toMatchObject({
      first_name: 'Иван',
      last_name: 'Петров',
      email: 'alice@example.ru',
      phone_number: '',
      email_verified: true,
    });
    const [user] = await ctx.handle.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ phoneNumber: null, passwordHash: null, isActive: true });
    const identities = await ctx.handle.db
      .select()
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, userId));
    expect(identities).toMatchObject([{ provider: 'yandex', subject: 'alice' }]);
    // The refresh token works like any other.
    expect((await post(ctx, '/api/v1/user/token/refresh/', { refresh: res.body.refresh })).status).toBe(200);

    // Signing in again finds the same account.
    const again = await authorizeAs(await yandexUrl(), 'alice');
    const second = await post(ctx, '/api/v1/auth/yandex/', { code: again.code, state: again.state });
    expect(Number(decodeJwt(second.body.access as string).sub)).toBe(userId);
  });

  it('refuses a code used twice, a made-up code, and a forged or foreign state', async () => {
    const { code, state } = await authorizeAs(await yandexUrl(), 'bob');
    expect((await post(ctx, '/api/v1/auth/yandex/', { code, state })).status).toBe(200);
    const replay = await post(ctx, '/api/v1/auth/yandex/', { code, state });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ errors: { detail: 'Не удалось выполнить вход. Попробуйте еще раз.' } });
    expect(
      (await post(ctx, '/api/v1/auth/yandex/', { code: 'made-up', state: await freshState() })).status,
    ).toBe(400);

    const fresh = await authorizeAs(await yandexUrl(), 'bob');
    const [exp, nonce] = fresh.state.split('.');
    for (const bad of [
      `${exp}.${nonce}.forged`,
      `${Number(exp) + 1000}.${nonce}.${fresh.state.split('.')[2]}`,
      'x',
    ]) {
      expect((await post(ctx, '/api/v1/auth/yandex/', { code: fresh.code, state: bad })).status, bad).toBe(
        400,
      );
    }
    expect((await post(ctx, '/api/v1/auth/yandex/', {})).body).toEqual({
      errors: { code: ['Обязательное поле'] },
    });
  });

  it('links the identity to the signed-in user instead of creating an account', async () => {
    const user = await createUser(ctx);
    const session = await login(ctx, user.phone, user.password);
    const { code, state } = await authorizeAs(await yandexUrl(), 'carol');
    const linked = await post(
      ctx,
      '/api/v1/auth/yandex/',
      { code, state },
      { authorization: `Bearer ${session.access}` },
    );
    expect(linked.status).toBe(200);
    expect(Number(decodeJwt(linked.body.access as string).sub)).toBe(user.id);
    const later = await authorizeAs(await yandexUrl(), 'carol');
    const signedIn = await post(ctx, '/api/v1/auth/yandex/', { code: later.code, state: later.state });
    expect(Number(decodeJwt(signedIn.body.access as string).sub)).toBe(user.id);
  });

  it('requires the state and accepts each state once', async () => {
    const noState = await authorizeAs(await yandexUrl(), 'erin');
    const missing = await post(ctx, '/api/v1/auth/yandex/', { code: noState.code });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ errors: { detail: 'Не удалось выполнить вход. Попробуйте еще раз.' } });
    expect((await post(ctx, '/api/v1/auth/yandex/', { code: noState.code, state: '' })).status).toBe(400);
    // The code was not spent by the refused calls: with its state it still signs in, once.
    expect(
      (await post(ctx, '/api/v1/auth/yandex/', { code: noState.code, state: noState.state })).status,
    ).toBe(200);
    // A second flow replaying the first flow's state is refused even with a fresh, valid code.
    const other = await authorizeAs(await yandexUrl(), 'erin');
    expect((await post(ctx, '/api/v1/auth/yandex/', { code: other.code, state: noState.state })).status).toBe(
      400,
    );
    expect((await post(ctx, '/api/v1/auth/yandex/', { code: other.code, state: other.state })).status).toBe(
      200,
    );
  });

  it("merges the visitor's anonymous cart", async () => {
    const visitor = json<{ token: string }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/user/token/unauthorized_user/',
        remoteAddress: nextIp(),
      }),
    ).token;
    const { code, state } = await authorizeAs(await yandexUrl(), 'dave');
    const res = await post(ctx, '/api/v1/auth/yandex/', { code, state }, { authorization: visitor });
    expect(res.status).toBe(200);
    const [row] = await ctx.handle.db
      .select()
      .from(anonymousVisitors)
      .where(eq(anonymousVisitors.tokenHash, hashToken(visitor)));
    expect(row!.mergedIntoUserId).toBe(Number(decodeJwt(res.body.access as string).sub));
  });

  it('answers 404 for an unknown method', async () => {
    const res = await post(ctx, '/api/v1/auth/vk/', { code: 'x' });
    expect(res.status).toBe(404);
  });
});
