import { beforeEach, describe, expect, it, vi } from 'vitest';

// Server components send the visitor's token only to routes whose table entry needs it (auth session or
// user); public catalogue calls go without, so the API does no session lookup for them.

const sent = vi.hoisted(() => [] as { path: string; headers: Headers }[]);
vi.mock('next/headers', () => ({
  cookies: async () => ({ get: (name: string) => (name === 'access' ? { value: 'jwt-access' } : undefined) }),
  headers: async () => new Headers({ host: 'shop.example', 'x-request-id': 'web-req-42' }),
}));
vi.mock('./upstream', async (original) => ({
  ...(await original<typeof import('./upstream')>()),
  fetchUpstream: async (path: string, init: RequestInit) => {
    sent.push({ path, headers: new Headers(init.headers) });
    return new Response('{}', { status: 500 });
  },
}));

const { apiTry } = await import('./server');

describe('apiCall token', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it('is not sent to public routes', async () => {
    await apiTry('categoryTree');
    await apiTry('productDetail', { params: { productSlug: 'filtr' } });
    expect(sent.map((s) => s.headers.get('authorization'))).toEqual([null, null]);
  });

  it('is sent to session and user routes', async () => {
    await apiTry('cart', { body: {} });
    await apiTry('profile');
    expect(sent.map((s) => s.headers.get('authorization'))).toEqual([
      'Bearer jwt-access',
      'Bearer jwt-access',
    ]);
  });
});

describe('apiCall request id', () => {
  beforeEach(() => {
    sent.length = 0;
  });

  it("passes on the storefront's request id, except on shared (cached) calls", async () => {
    await apiTry('categoryTree');
    await apiTry('categoryTree', { revalidate: 60 });
    expect(sent.map((s) => s.headers.get('x-request-id'))).toEqual(['web-req-42', null]);
  });
});
