import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST } from './route';

// Logout revokes the session at the API and removes the token cookies, but only when one of the shop's pages
// asks: a form on another site must not sign the customer out.

let calls: string[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    return new Response(null, { status: 204 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function request(headers: Record<string, string>) {
  return new NextRequest('http://shop.test/api/session/logout', {
    method: 'POST',
    headers: { host: 'shop.test', cookie: 'access=a.b.c; refresh=r.e.f', ...headers },
  });
}

describe('logout', () => {
  it.each([
    ['a cross-site form', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['a sibling subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://evil.shop.test' }],
    ['an old browser on another site', { origin: 'https://evil.example' }],
  ])('refuses %s with 403 and keeps the session', async (_name, headers) => {
    const res = await POST(request(headers));
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      errors: { detail: 'Запрос отклонён: он отправлен не со страницы магазина.' },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('signs out when the shop’s page asks', async () => {
    const res = await POST(request({ 'sec-fetch-site': 'same-origin', origin: 'http://shop.test' }));
    expect(res.status).toBe(200);
    expect(calls[0]).toMatch(/\/api\/v1\/user\/logout\/$/);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/(^|\n)access=;/);
  });
});
