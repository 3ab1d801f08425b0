import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { proxy } from './proxy';

// `?transport_id=` on a page address: the vehicle goes to the 30-day transportId cookie, and the year picked for
// the previous vehicle (transportYear) does not stay behind with it.

beforeEach(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    throw new Error(`unexpected upstream call ${url}`);
  });
});
afterEach(() => vi.unstubAllGlobals());

function request(path: string, cookies: Record<string, string>) {
  // A visitor token is there already, so the proxy has no reason to call the API.
  const jar = { notAuthorizedToken: 'visitor', ...cookies };
  return new NextRequest(`http://shop.test${path}`, {
    headers: {
      host: 'shop.test',
      cookie: Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    },
  });
}

/** name → { value, max-age } of the response's Set-Cookie headers. */
async function setCookies(path: string, cookies: Record<string, string> = {}) {
  const res = await proxy(request(path, cookies));
  const out: Record<string, { value: string; maxAge: number | null }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
    const [name = '', value = ''] = pair.split('=');
    const maxAge = attrs.find((a) => /^max-age=/i.test(a));
    out[name] = { value, maxAge: maxAge ? Number(maxAge.split('=')[1]) : null };
  }
  return out;
}

describe('?transport_id= in the address', () => {
  it('stores a new vehicle and drops the year of the previous one', async () => {
    const set = await setCookies('/catalog/filtry?transport_id=42', {
      transportId: '7',
      transportYear: '2012',
    });
    expect(set.transportId).toEqual({ value: '42', maxAge: 30 * 24 * 60 * 60 });
    expect(set.transportYear).toEqual({ value: '', maxAge: 0 });
  });

  it('stores the first vehicle without touching a year cookie that is not there', async () => {
    const set = await setCookies('/?transport_id=42');
    expect(set.transportId?.value).toBe('42');
    expect(set).not.toHaveProperty('transportYear');
  });

  it('keeps the year when the address names the vehicle already chosen', async () => {
    const set = await setCookies('/?transport_id=42', { transportId: '42', transportYear: '2012' });
    expect(set).not.toHaveProperty('transportId');
    expect(set).not.toHaveProperty('transportYear');
  });

  it('ignores a malformed id and keeps both cookies', async () => {
    for (const bad of ['abc', '-1', '1e3', '1234567890123456']) {
      const set = await setCookies(`/?transport_id=${bad}`, { transportId: '7', transportYear: '2012' });
      expect(set, bad).toEqual({});
    }
  });
});

describe('page Content-Security-Policy', () => {
  it('gives every page a CSP with a fresh nonce, handed to the render in x-nonce', async () => {
    const a = await proxy(request('/', {}));
    const b = await proxy(request('/', {}));
    const csp = a.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    // Next applies request-header overrides from these middleware headers.
    expect(a.headers.get('x-middleware-request-x-nonce')).toBe(nonce);
    expect(a.headers.get('x-middleware-request-content-security-policy')).toBe(csp);
    expect(b.headers.get('content-security-policy')).not.toContain(nonce);
    expect(csp).not.toContain('mc.yandex.ru');
  });

  it("admits Yandex Metrika's hosts only for a showcase with a counter", async () => {
    const { FALLBACK_SHOWCASE } = await import('./lib/start-data');
    vi.stubGlobal('fetch', async (url: string) => {
      if (!url.endsWith('/api/v1/showcase/')) throw new Error(`unexpected upstream call ${url}`);
      return Response.json({
        ...FALLBACK_SHOWCASE,
        metrics: { ...FALLBACK_SHOWCASE.metrics, metric_id: 12345 },
      });
    });
    const req = new NextRequest('http://counted.test/', {
      headers: { host: 'counted.test', cookie: 'notAuthorizedToken=visitor' },
    });
    const csp = (await proxy(req)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src[^;]*https:\/\/mc\.yandex\.ru/);
    expect(csp).not.toContain('google-analytics');
  });
});
