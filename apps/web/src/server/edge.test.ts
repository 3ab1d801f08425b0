import { once } from 'node:events';
import { type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER } from '../lib/client-address';
import type { TrustProxySetting } from '../lib/config';
import { clientAddressOf, compileTrust, createEdgeServer, hasMalformedPath } from './edge';

// The storefront's server in front of Next, over a real connection from this test (127.0.0.1): what the app
// is told about the client, and what it never gets to see.

let server: Server | undefined;
afterEach(async () => {
  server?.close();
  server = undefined;
});

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

/** Serves `edgeHandler` with a stand-in for Next that records what reached it. */
async function serve(trust: TrustProxySetting): Promise<{ base: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  server = createEdgeServer(compileTrust(trust), async (req, res) => {
    seen.push({ url: req.url ?? '', headers: { ...req.headers } });
    res.end('next');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const FORGED = {
  'x-forwarded-for': '203.0.113.9',
  'x-real-ip': '203.0.113.10',
  forwarded: 'for=203.0.113.11',
  [CLIENT_ADDRESS_HEADER]: '203.0.113.12',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

describe("the storefront's server", () => {
  it('by default tells the app the connection’s address and drops every address the client claims', async () => {
    const { base, seen } = await serve(false);
    await fetch(`${base}/api/v1/payment/orders/`, { method: 'POST', headers: FORGED });
    const headers = seen[0]!.headers;
    expect(headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
    // Host and scheme claims are a proxy's to make, not a client's.
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBeUndefined();
  });

  it.each([
    ['a list (loopback)', 'loopback,uniquelocal'.split(',')],
    ['a hop count', 1],
  ] as [string, TrustProxySetting][])(
    'behind a trusted proxy, configured as %s, takes the address that proxy saw',
    async (_name, trust) => {
      const { base, seen } = await serve(trust);
      // The proxy appended the peer it saw (198.51.100.7) to what the client sent.
      await fetch(`${base}/`, {
        headers: { ...FORGED, 'x-forwarded-for': '203.0.113.9, 198.51.100.7' },
      });
      expect(seen[0]!.headers[CLIENT_ADDRESS_HEADER]).toBe('198.51.100.7');
      expect(seen[0]!.headers['x-forwarded-for']).toBe('198.51.100.7');
      expect(seen[0]!.headers['x-forwarded-host']).toBe('evil.example');
      expect(seen[0]!.headers['x-forwarded-proto']).toBe('https');
    },
  );

  it('trusting every hop takes the left-most address, skipping entries that are no address', async () => {
    const { base, seen } = await serve(true);
    await fetch(`${base}/`, { headers: { 'x-forwarded-for': 'unknown, 203.0.113.9, 198.51.100.7' } });
    expect(seen[0]!.headers[CLIENT_ADDRESS_HEADER]).toBe('203.0.113.9');
  });

  it('a proxy outside the trusted list is the client', async () => {
    const { base, seen } = await serve(['10.0.0.0/8']);
    await fetch(`${base}/`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(seen[0]!.headers[CLIENT_ADDRESS_HEADER]).toBe('127.0.0.1');
  });

  it('answers a malformed /api/ address, and /api/ itself, with the JSON 404 before Next', async () => {
    const { base, seen } = await serve(false);
    for (const path of [
      '/api/v1/catalog/products/%zz/',
      '/api/v1/catalog/products/%E0%A4%A/',
      '/api/',
      '/api',
      '/api/?x=1',
    ]) {
      const res = await fetch(`${base}${path}`, { method: path === '/api/' ? 'OPTIONS' : 'GET' });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ errors: { detail: 'Не найдено.' } });
    }
    expect(seen).toEqual([]);
  });

  it('hands a malformed page address to Next as one that matches no page (the shop’s 404 page)', async () => {
    const { base, seen } = await serve(false);
    await fetch(`${base}/catalog/%zz`);
    await fetch(`${base}/catalog/%C0%AF/?page=2`);
    await fetch(`${base}/catalog/kolodki?q=%zz`);
    expect(seen.map((s) => s.url)).toEqual(['/404', '/404', '/catalog/kolodki?q=%zz']);
  });

  it('answers headers over 16 KiB with the JSON 431 in Russian, as the API does, not a bare status line', async () => {
    const { base, seen } = await serve(false);
    const res = await fetch(`${base}/api/v1/user/register/verify/retry/?q=${'a'.repeat(9000)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${'x'.repeat(8000)}` },
    });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ errors: { detail: 'Слишком большие заголовки запроса.' } });
    expect(seen).toEqual([]);
  });

  it('refuses a WEB_TRUST_PROXY it cannot read', () => {
    expect(() => compileTrust(['10.0.0.0/99'])).toThrow(/WEB_TRUST_PROXY/);
    expect(() => compileTrust(['proxy.example'])).toThrow(/WEB_TRUST_PROXY/);
  });
});

describe('clientAddressOf', () => {
  const from = (remoteAddress: string | undefined, xff?: string) =>
    ({
      headers: xff ? { 'x-forwarded-for': xff } : {},
      socket: { remoteAddress },
    }) as unknown as IncomingMessage;

  it('counts an IPv4 client of a dual-stack socket as its IPv4 address', () => {
    expect(clientAddressOf(from('::ffff:203.0.113.7'), compileTrust(false))).toBe('203.0.113.7');
    expect(clientAddressOf(from('::1', '::ffff:198.51.100.7'), compileTrust(['loopback']))).toBe(
      '198.51.100.7',
    );
    expect(clientAddressOf(from('2001:db8::7'), compileTrust(false))).toBe('2001:db8::7');
  });

  it('has none for a connection already gone', () => {
    expect(clientAddressOf(from(undefined), compileTrust(false))).toBeUndefined();
  });
});

describe('hasMalformedPath', () => {
  it.each([
    ['/catalog/%zz', true],
    ['/catalog/%', true],
    ['/catalog/%E0%A4', true],
    ['/catalog/%C0%AF', true],
    ['/catalog/%D0%BA', false],
    ['/catalog/a%2Fb', false],
    ['/search?q=%zz', false],
    ['/#%zz', false],
  ])('%s → %s', (url, malformed) => {
    expect(hasMalformedPath(url)).toBe(malformed);
  });
});
