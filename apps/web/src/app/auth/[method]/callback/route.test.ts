import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as start } from '../../../api/session/oauth/[method]/route';
import { GET as callback } from './route';

// The shop as customers see it, while the requests below arrive on the internal address a proxy uses.
vi.hoisted(() => {
  process.env.PUBLIC_URL = 'https://shop.example';
});

// External sign-in through the storefront: the start stores the flow's state in this browser, the callback
// accepts the provider's answer only with that state, and the API's token pair becomes the HttpOnly cookies.

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (expInSec: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expInSec })}.sig`;
const STATE = '1900000000.nonce.signature';

let calls: { url: string; init: RequestInit }[];
let answers: (() => Response)[];
beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected upstream call ${url}`);
    return answer();
  });
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function request(path: string, cookies: Record<string, string> = {}) {
  return new NextRequest(`http://localhost:3000${path}`, {
    headers: {
      host: 'localhost:3000',
      cookie: Object.entries(cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
}
const params = (method: string) => ({ params: Promise.resolve({ method }) });

describe('external sign-in', () => {
  it('start: remembers the state and the return path, then goes to the provider', async () => {
    const url = `https://oauth.example/authorize?client_id=c&state=${STATE}`;
    answers.push(json(200, [{ method: 'yandex', url }]));
    const res = await start(request('/api/session/oauth/yandex?next=%2Fcart'), params('yandex'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(url);
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(new RegExp(`oauthState=yandex%3A${STATE.replace(/\./g, '\\.')};.*HttpOnly`, 'i'));
    expect(cookies).toMatch(/oauthNext=%2Fcart;/);
  });

  it('start: an unknown method goes back with an error, and foreign return paths become /', async () => {
    answers.push(json(200, []));
    const res = await start(request('/api/session/oauth/vk?next=//evil.example'), params('vk'));
    expect(new URL(res.headers.get('location')!).pathname).toBe('/profile');
    expect(res.headers.get('location')).toContain('auth_error=vk');
  });

  it('callback: refuses a state this browser did not start, without calling the API', async () => {
    const res = await callback(
      request(`/auth/yandex/callback?code=abc&state=${STATE}`, { oauthState: 'yandex:other' }),
      params('yandex'),
    );
    expect(calls).toHaveLength(0);
    expect(res.headers.get('location')).toContain('/profile?auth_error=yandex');
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/(^|\n)access=[^;]/);
  });

  it('callback: exchanges the code with the state, stores the pair as cookies and returns to the page', async () => {
    const pair = { access: jwt(900), refresh: jwt(99999) };
    answers.push(json(200, pair));
    const res = await callback(
      request(`/auth/yandex/callback?code=abc&state=${STATE}`, {
        oauthState: `yandex:${STATE}`,
        oauthNext: '%2Fcart',
        notAuthorizedToken: 'visitor-token-1234567890',
      }),
      params('yandex'),
    );
    expect(calls[0]!.url).toMatch(/\/api\/v1\/auth\/yandex\/$/);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({ code: 'abc', state: STATE });
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('visitor-token-1234567890');
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).pathname).toBe('/cart');
    const cookies = res.headers.getSetCookie().join('\n');
    expect(cookies).toMatch(new RegExp(`access=${pair.access};.*HttpOnly`, 'i'));
    expect(cookies).toMatch(new RegExp(`refresh=${pair.refresh};.*HttpOnly`, 'i'));
    expect(cookies).toMatch(/oauthState=;/);
  });

  it('callback: an API refusal signs nobody in', async () => {
    answers.push(json(400, { errors: { detail: 'Не удалось выполнить вход. Попробуйте еще раз.' } }));
    const res = await callback(
      request(`/auth/yandex/callback?code=abc&state=${STATE}`, { oauthState: `yandex:${STATE}` }),
      params('yandex'),
    );
    expect(res.headers.get('location')).toContain('auth_error=yandex');
    expect(res.headers.getSetCookie().join('\n')).not.toMatch(/(^|\n)access=[^;]/);
  });

  it('callback: returns to the public address (PUBLIC_URL), not the internal one the request came to', async () => {
    answers.push(json(200, { access: jwt(900), refresh: jwt(99999) }));
    const res = await callback(
      request(`/auth/yandex/callback?code=abc&state=${STATE}`, {
        oauthState: `yandex:${STATE}`,
        oauthNext: '%2Fcart',
      }),
      params('yandex'),
    );
    expect(res.headers.get('location')).toBe('https://shop.example/cart');
  });

  it('start and callback: failures go back to the profile on the public address', async () => {
    answers.push(json(200, []));
    const started = await start(request('/api/session/oauth/vk'), params('vk'));
    expect(started.headers.get('location')).toBe('https://shop.example/profile?auth_error=vk');
    const back = await callback(request('/auth/yandex/callback?code=abc'), params('yandex'));
    expect(back.headers.get('location')).toBe('https://shop.example/profile?auth_error=yandex');
  });

  // Return paths a sign-in must not follow off the shop: what the start receives in `?next=` (the query as
  // sent, so percent-encoded) and what the callback then reads back from the cookie.
  const HOSTILE_NEXT = [
    '%2F%09%2Fevil.example', // `/` TAB `/evil.example`: URL parsers drop the tab, leaving `//evil.example`
    '%2F%0A%2Fevil.example',
    '%2F%0D%2Fevil.example',
    '%09%2F%2Fevil.example',
    '%2F%5Cevil.example', // `/\evil.example`
    '%2F%2F%5Cevil.example',
    '%5C%5Cevil.example',
    '%2F%2Fevil.example',
    '%2F.%2F%2Fevil.example', // `/.//evil.example` resolves to the path `//evil.example`
    '%2F%252F%252Fevil.example', // `//evil.example` once more encoded
    '%2F%2509%2Fevil.example',
    '%2F%255Cevil.example',
    '%2F%00',
    '%2F%0B%2Fevil.example',
    'https%3A%2F%2Fevil.example',
    'javascript%3Aalert(1)',
    '%2F%E0%A4%A', // a cut UTF-8 sequence
  ];

  it.each(HOSTILE_NEXT)('start: a return path of %s is stored as /', async (next) => {
    const url = `https://oauth.example/authorize?client_id=c&state=${STATE}`;
    answers.push(json(200, [{ method: 'yandex', url }]));
    const res = await start(request(`/api/session/oauth/yandex?next=${next}`), params('yandex'));
    expect(res.headers.get('location')).toBe(url);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/oauthNext=%2F;/);
  });

  it.each(HOSTILE_NEXT)('callback: a stored return path of %s lands on the shop home page', async (next) => {
    answers.push(json(200, { access: jwt(900), refresh: jwt(99999) }));
    const res = await callback(
      request(`/auth/yandex/callback?code=abc&state=${STATE}`, {
        oauthState: `yandex:${STATE}`,
        oauthNext: next,
      }),
      params('yandex'),
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('https://shop.example/');
  });
});
