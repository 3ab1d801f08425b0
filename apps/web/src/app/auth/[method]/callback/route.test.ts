import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET as start } from '../../../api/session/oauth/[method]/route';
import { GET as callback } from './route';

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
  return new NextRequest(`http://shop.test${path}`, {
    headers: {
      host: 'shop.test',
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
});
