import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../client-address';
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
    // As the real fetch does.
    if (body !== null && (call.method === 'GET' || call.method === 'HEAD')) {
      throw new TypeError('Request with GET/HEAD method cannot have body.');
    }
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
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
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
      ...init.headers,
    },
  });
}
const segments = (path: string) => path.split('/').filter(Boolean).slice(1);

describe('the /api proxy', () => {
  it("passes on the storefront server's request id, and no invalid one", async () => {
    // Without a session the proxy first asks for a visitor token: that call carries the id too.
    const token = json(200, { token: 'visitor-token' });
    answers.push(token, json(200, []), token, json(200, []));
    await forward(
      request('/api/v1/pages/menu/', {}, { headers: { 'x-request-id': 'web-7f3a' } }),
      segments('/api/v1/pages/menu/'),
    );
    await forward(
      request('/api/v1/pages/menu/', {}, { headers: { 'x-request-id': 'bad id' } }),
      segments('/api/v1/pages/menu/'),
    );
    expect(calls.map((c) => c.headers.get('x-request-id'))).toEqual(['web-7f3a', 'web-7f3a', null, null]);
  });

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
    // Media URLs as stored (root-relative): the storefront serves /media/ on its own origin.
    expect(calls[0]!.headers.get('x-media-urls')).toBe('relative');
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

  it('replaces a visitor token the API has forgotten and repeats the call once', async () => {
    answers.push(json(401, { errors: { detail: 'Учетные данные не были предоставлены.' } }));
    answers.push(json(200, { token: 'new-visitor-token-1234567890' }));
    answers.push(json(200, { total_price: 0, total: 0, results: [] }));
    const res = await forward(
      request(
        '/api/v1/payment/cart/',
        { notAuthorizedToken: 'forgotten-token-1234567890' },
        { method: 'POST', body: '{}' },
      ),
      segments('/api/v1/payment/cart/'),
    );
    expect(res.status).toBe(200);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/v1/payment/cart/',
      '/api/v1/user/token/unauthorized_user/',
      '/api/v1/payment/cart/',
    ]);
    expect(calls[2]!.headers.get('authorization')).toBe('new-visitor-token-1234567890');
    expect(calls[2]!.body).toBe('{}');
    expect(res.headers.getSetCookie().join('\n')).toMatch(
      /notAuthorizedToken=new-visitor-token-1234567890;.*HttpOnly/i,
    );
  });

  it('gives up after one new visitor token (no loop when the API keeps refusing)', async () => {
    answers.push(json(401, { errors: { detail: 'Учетные данные не были предоставлены.' } }));
    answers.push(json(200, { token: 'new-visitor-token-1234567890' }));
    answers.push(json(401, { errors: { detail: 'Учетные данные не были предоставлены.' } }));
    const res = await forward(
      request(
        '/api/v1/payment/cart/',
        { notAuthorizedToken: 'forgotten-token-1234567890' },
        { method: 'POST', body: '{}' },
      ),
      segments('/api/v1/payment/cart/'),
    );
    expect(res.status).toBe(401);
    expect(calls).toHaveLength(3);
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

  it("keeps the back office's session in the same HttpOnly cookies and hands the page only who signed in", async () => {
    const staff = {
      id: 1,
      phone_number: '+79990000001',
      name: 'Иванова Анна',
      role: 'admin',
      branch_ids: [],
    };
    answers.push(json(200, { access: jwt(900), refresh: jwt(99999), staff }));
    const path = '/api/admin/v1/auth/login/';
    const res = await forward(
      request(path, {}, { method: 'POST', body: JSON.stringify({ phone_number: '+79990000001' }) }),
      segments(path),
    );
    expect(calls[0]!.url).toContain(path);
    expect(await res.json()).toEqual({ status: 'ok', staff });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/refresh=.*HttpOnly/i);
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

  it('passes a GET of the refresh call to the API without a body, and its answer back (no 502)', async () => {
    answers.push(json(405, { errors: { detail: 'Метод "GET" не разрешён.' } }));
    const res = await forward(
      request('/api/v1/user/token/refresh/', { refresh: jwt(9999), access: jwt(600) }),
      segments('/api/v1/user/token/refresh/'),
    );
    expect(calls[0]!.body).toBeNull();
    expect(res.status).toBe(405);
    expect(res.headers.get(SESSION_ENDED_HEADER)).toBeNull();
  });

  it('refuses paths outside the API versions', async () => {
    for (const path of [
      '/api/v3/x/',
      '/api/v1/../admin/',
      '/api/media/x/',
      '/api/admin/v2/x/',
      '/api/admin/',
    ]) {
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

  it("tells the API the address the storefront's server saw, never the client's X-Forwarded-For", async () => {
    answers.push(json(200, []), json(200, []));
    const path = '/api/v1/pages/menu/';
    const forged = { 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.10' };
    await forward(
      request(
        path,
        { access: jwt(600) },
        { headers: { ...forged, [CLIENT_ADDRESS_HEADER]: '198.51.100.4' } },
      ),
      segments(path),
    );
    expect(calls[0]!.headers.get('x-forwarded-for')).toBe('198.51.100.4');
    // Without the server's word (`next dev`), the API counts this server rather than the client's claim.
    await forward(request(path, { access: jwt(600) }, { headers: forged }), segments(path));
    expect(calls[1]!.headers.get('x-forwarded-for')).toBeNull();
  });

  it('stops reading a body at 1 MiB, however it is sent, and answers 413', async () => {
    const chunk = new Uint8Array(64 * 1024).fill(97);
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 16 MiB in all: reading it whole before refusing is what this test catches.
        if (pulled >= 16 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const path = '/api/v1/payment/cart/add-item/';
    const res = await forward(
      new NextRequest(`http://shop.test${path}`, {
        method: 'POST',
        body: endless,
        duplex: 'half',
        headers: { host: 'shop.test', 'content-type': 'application/json' },
      } as ConstructorParameters<typeof NextRequest>[1]),
      segments(path),
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: { detail: 'Слишком большой запрос.' } });
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    expect(calls).toHaveLength(0);
  });

  it('admits a back-office photo upload up to 10 MB on that one path, and no more', async () => {
    const photo = (size: number) => {
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(1);
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    };
    const send = (path: string, size: number) =>
      forward(
        new NextRequest(`http://shop.test${path}`, {
          method: 'POST',
          body: photo(size),
          duplex: 'half',
          headers: { host: 'shop.test', 'content-type': 'multipart/form-data; boundary=x' },
        } as ConstructorParameters<typeof NextRequest>[1]),
        segments(path),
      );
    answers.push(json(201, {}));
    const upload = '/api/admin/v1/products/7/images/';
    expect((await send(upload, 4 * 1024 * 1024)).status).toBe(201);
    expect(calls).toHaveLength(1);
    expect((await send(upload, 12 * 1024 * 1024)).status).toBe(413);
    // Anywhere else the 1 MiB limit stands.
    expect((await send('/api/admin/v1/products/7/', 4 * 1024 * 1024)).status).toBe(413);
    expect(calls).toHaveLength(1);
  });

  it('admits a supplier price list and the sample of one as import files (issue #15), and nothing else', async () => {
    const file = (size: number) => {
      let sent = 0;
      const chunk = new Uint8Array(64 * 1024).fill(59);
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= size) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
    };
    const send = (path: string, size: number) =>
      forward(
        new NextRequest(`http://shop.test${path}`, {
          method: 'POST',
          body: file(size),
          duplex: 'half',
          headers: { host: 'shop.test', 'content-type': 'multipart/form-data; boundary=x' },
        } as ConstructorParameters<typeof NextRequest>[1]),
        segments(path),
      );
    answers.push(json(202, {}), json(200, {}));
    expect((await send('/api/admin/v1/suppliers/12/price-list/', 20 * 1024 * 1024)).status).toBe(202);
    expect((await send('/api/admin/v1/price-lists/preview/', 3 * 1024 * 1024)).status).toBe(200);
    expect(calls).toHaveLength(2);
    // The supplier itself (JSON) keeps the 1 MiB limit.
    expect((await send('/api/admin/v1/suppliers/12/', 3 * 1024 * 1024)).status).toBe(413);
    expect((await send('/api/admin/v1/suppliers/12/price-list/extra/', 3 * 1024 * 1024)).status).toBe(413);
    expect(calls).toHaveLength(2);
  });

  it('passes a body under the limit on whole', async () => {
    answers.push(json(200, { total: 1 }));
    const path = '/api/v1/payment/cart/add-item/';
    const body = JSON.stringify({ slug: 'kolodki', quantity: 2, note: 'я'.repeat(100_000) });
    await forward(
      request(path, { notAuthorizedToken: 'visitor-token-1234567890' }, { method: 'POST', body }),
      segments(path),
    );
    expect(calls[0]!.body).toBe(body);
  });

  describe('requests that change something come only from the shop’s own pages', () => {
    const path = '/api/v1/payment/cart/clear/';
    const cookies = { notAuthorizedToken: 'visitor-token-1234567890' };

    it.each([
      ['another site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
      ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'http://evil.shop.test' }],
      ['a body-less no-cors POST from a sibling', { 'sec-fetch-site': 'same-site' }],
      ['an old browser on another site', { origin: 'https://evil.example' }],
      ['an old browser on a sibling subdomain', { origin: 'http://evil.shop.test' }],
      ['another port of the shop host', { origin: 'http://shop.test:8080' }],
      ['the shop over another scheme', { origin: 'https://shop.test' }],
      ['an opaque origin (sandboxed frame)', { origin: 'null' }],
    ])('refuses %s with 403', async (_name, headers) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const res = await forward(request(path, cookies, { method, headers }), segments(path));
        expect(res.status, method).toBe(403);
        expect(await res.json()).toEqual({
          errors: { detail: 'Запрос отклонён: он отправлен не со страницы магазина.' },
        });
      }
      expect(calls).toHaveLength(0);
    });

    it.each([
      ['a page of the shop', { 'sec-fetch-site': 'same-origin', origin: 'http://shop.test' }],
      ['typed by the customer', { 'sec-fetch-site': 'none' }],
      ['an old browser on the shop', { origin: 'http://shop.test' }],
      ['an old browser on the public address (PUBLIC_URL)', { origin: 'http://localhost:3000' }],
      ['a client that is not a browser', {}],
    ])('lets through %s', async (_name, headers) => {
      answers.push(json(200, { total: 0 }));
      const res = await forward(request(path, cookies, { method: 'POST', headers }), segments(path));
      expect(res.status).toBe(200);
      expect(calls).toHaveLength(1);
    });

    it('reads are not refused (links and images from other sites are fine)', async () => {
      answers.push(json(200, { total: 0 }));
      const cart = '/api/v1/payment/cart/';
      const res = await forward(
        request(cart, cookies, {
          headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        }),
        segments(cart),
      );
      expect(res.status).toBe(200);
    });
  });
});
