import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forward, SESSION_ENDED_HEADER } from './bff';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (expInSec: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expInSec })}.sig`;

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}
let calls: Call[];
let answers: ((call: Call) => Response)[];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const raw = init.body;
    const body =
      raw === undefined || raw === null
        ? null
        : typeof raw === 'string'
          ? raw
          : Buffer.from(raw as ArrayBuffer).toString();
    const call = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected upstream call ${url}`);
    return answer(call);
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function request(
  path: string,
  cookies: Record<string, string>,
  init: { method?: string; body?: string } = {},
) {
  return new NextRequest(`http://shop.test${path}`, {
    method: init.method ?? 'GET',
    body: init.body,
    headers: {
      host: 'shop.test',
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
  });
}
const segments = (path: string) => path.split('/').filter(Boolean).slice(1);

describe('the /api proxy', () => {
  it('adds the bearer, client host and city headers and keeps the trailing slash', async () => {
    const access = jwt(600);
    answers.push(json(200, [{ title: 'Доставка', slug: 'dostavka', sort: 0 }]));
    const res = await forward(
      request('/api/v1/pages/menu/', { access, refresh: jwt(9999), selectedCity: 'kazan' }),
      segments('/api/v1/pages/menu/'),
    );
    expect(res.status).toBe(200);
    expect(calls[0]!.url).toMatch(/\/api\/v1\/pages\/menu\/$/);
    expect(calls[0]!.headers.get('authorization')).toBe(`Bearer ${access}`);
    expect(calls[0]!.headers.get('x-client-host')).toBe('shop.test');
    expect(calls[0]!.headers.get('x-city')).toBe('kazan');
  });

  it('sends the raw visitor token when not signed in', async () => {
    answers.push(json(200, { total_price: 0, total: 0, results: [] }));
    await forward(
      request(
        '/api/v1/payment/cart/',
        { notAuthorizedToken: 'visitor-token-1234567890' },
        { method: 'POST', body: '{}' },
      ),
      segments('/api/v1/payment/cart/'),
    );
    expect(calls[0]!.headers.get('authorization')).toBe('visitor-token-1234567890');
    expect(calls[0]!.body).toBe('{}');
  });

  it('on 401 refreshes once, stores the new pair and repeats the call (SPEC §8)', async () => {
    const fresh = { access: jwt(900), refresh: jwt(99999) };
    answers.push(json(401, { errors: { detail: 'Токен недействителен или просрочен.' } }));
    answers.push(json(200, fresh));
    answers.push(json(200, { first_name: 'Анна' }));
    const res = await forward(
      request('/api/v1/user/profile/', { access: jwt(600), refresh: jwt(9999) }),
      segments('/api/v1/user/profile/'),
    );
    expect(res.status).toBe(200);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/v1/user/profile/',
      '/api/v1/user/token/refresh/',
      '/api/v1/user/profile/',
    ]);
    expect(calls[2]!.headers.get('authorization')).toBe(`Bearer ${fresh.access}`);
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(new RegExp(`access=${fresh.access};.*HttpOnly`, 'i'));
    expect(setCookie).toMatch(new RegExp(`refresh=${fresh.refresh};.*HttpOnly`, 'i'));
  });

  it('logs out when the refresh is refused', async () => {
    answers.push(json(401, { errors: { detail: 'x' } }));
    answers.push(json(401, { errors: { detail: 'x' } }));
    answers.push(json(401, { errors: { detail: 'x' } }));
    const res = await forward(
      request('/api/v1/user/profile/', {
        access: jwt(600),
        refresh: jwt(9999),
        notAuthorizedToken: 'visitor-token-1234567890',
      }),
      segments('/api/v1/user/profile/'),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get(SESSION_ENDED_HEADER)).toBe('1');
    expect(calls[2]!.headers.get('authorization')).toBe('visitor-token-1234567890');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/access=;.*Max-Age=0/i);
    expect(setCookie).toMatch(/refresh=;.*Max-Age=0/i);
  });

  it('turns a login answer into HttpOnly cookies and never hands the tokens to the page', async () => {
    const pair = { access: jwt(900), refresh: jwt(99999) };
    answers.push(json(200, pair));
    const res = await forward(
      request(
        '/api/v1/user/login/',
        {},
        { method: 'POST', body: JSON.stringify({ phone_number: '+79990000000', password: 'x' }) },
      ),
      segments('/api/v1/user/login/'),
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: 'ok' });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/access=.*HttpOnly/i);
  });

  it('passes the sign-in methods list through untouched (it is not a token answer)', async () => {
    const list = [{ method: 'yandex', url: 'https://oauth.example/authorize?state=x' }];
    answers.push(json(200, list));
    const res = await forward(request('/api/v1/auth/methods/', {}), segments('/api/v1/auth/methods/'));
    expect(await res.json()).toEqual(list);
  });

  it('moves the new pair of a password change into cookies', async () => {
    const fresh = { access: jwt(900), refresh: jwt(99999) };
    answers.push(json(200, { status: 'Пароль успешно изменен', ...fresh }));
    const path = '/api/v1/user/profile/change-password/';
    const res = await forward(
      request(path, { access: jwt(600), refresh: jwt(9999) }, { method: 'PUT', body: '{}' }),
      segments(path),
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ status: 'Пароль успешно изменен' });
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(new RegExp(`access=${fresh.access};`));
    expect(setCookie).toMatch(new RegExp(`refresh=${fresh.refresh};`));
  });

  it('takes the refresh token from its cookie for an explicit refresh call', async () => {
    const refresh = jwt(9999);
    answers.push(json(200, { access: jwt(900), refresh: jwt(99999) }));
    const res = await forward(
      request('/api/v1/user/token/refresh/', { refresh, access: jwt(600) }, { method: 'POST' }),
      segments('/api/v1/user/token/refresh/'),
    );
    expect(JSON.parse(calls[0]!.body!)).toEqual({ refresh });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('refuses paths outside the API versions', async () => {
    for (const path of ['/api/v3/x/', '/api/v1/../admin/', '/api/media/x/']) {
      const res = await forward(request(path, {}), segments(path));
      expect(res.status, path).toBe(404);
    }
    expect(calls).toHaveLength(0);
  });

  it('answers 502 in the error envelope when the API is down', async () => {
    answers.push(() => {
      throw new TypeError('fetch failed');
    });
    const res = await forward(
      request('/api/v1/pages/menu/', { access: jwt(600) }),
      segments('/api/v1/pages/menu/'),
    );
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ errors: { detail: expect.stringContaining('недоступен') } });
  });
});
