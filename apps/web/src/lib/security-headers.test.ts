import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, createNonce, tileSource } from './security-headers';

const base = {
  nonce: 'abc123==',
  dev: false,
  mapTileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  analytics: { yandex: false, google: false },
  secure: false,
};

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('contentSecurityPolicy', () => {
  it('runs only nonced scripts, forbids framing, plugins and foreign forms', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d.get('script-src')).toEqual(["'nonce-abc123=='", "'strict-dynamic'", "'self'"]);
    expect(d.get('script-src')).not.toContain("'unsafe-inline'");
    expect(d.get('script-src')).not.toContain("'unsafe-eval'");
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.has('upgrade-insecure-requests')).toBe(false);
  });

  it('admits the configured map tiles and nothing else outside the shop', () => {
    const d = directives(contentSecurityPolicy(base));
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.openstreetmap.org']);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('frame-src')).toEqual(["'none'"]);
  });

  it('admits a counter only when the showcase turns it on', () => {
    const ym = directives(contentSecurityPolicy({ ...base, analytics: { yandex: true, google: false } }));
    expect(ym.get('connect-src')).toContain('https://mc.yandex.ru');
    expect(ym.get('img-src')).toContain('https://mc.yandex.ru');
    expect(ym.get('connect-src')?.join(' ')).not.toContain('google');
    const ga = directives(contentSecurityPolicy({ ...base, analytics: { yandex: false, google: true } }));
    expect(ga.get('connect-src')).toContain('https://*.google-analytics.com');
    expect(ga.get('connect-src')?.join(' ')).not.toContain('yandex');
  });

  it('upgrades plain-http subresources over HTTPS and lets next dev evaluate code', () => {
    expect(
      directives(contentSecurityPolicy({ ...base, secure: true })).has('upgrade-insecure-requests'),
    ).toBe(true);
    const dev = directives(contentSecurityPolicy({ ...base, dev: true }));
    expect(dev.get('script-src')).toContain("'unsafe-eval'");
    expect(dev.get('connect-src')).toContain('ws:');
  });
});

describe('tileSource', () => {
  it.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles.example.ru:8443/{z}/{x}/{y}.png', 'https://tiles.example.ru:8443'],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['https://{s}/{z}/{x}/{y}.png', null],
    ['javascript:alert(1)', null],
  ])('%s → %s', (template, expected) => {
    expect(tileSource(template)).toBe(expected);
  });
});

describe('createNonce', () => {
  it('is 128 random bits, new every time', () => {
    const a = createNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(createNonce()).not.toBe(a);
  });
});
