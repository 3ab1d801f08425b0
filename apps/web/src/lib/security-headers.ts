// Security headers of the storefront. Pages get a per-request Content-Security-Policy from proxy.ts (a nonce
// Next.js puts on its own scripts); every response, pages or not, gets the static ones from next.config.ts
// (kept there: the storefront's server loads that file at start, where it cannot import TypeScript sources).

/** Name of the request header through which proxy.ts hands the page's nonce to the render. */
export const NONCE_HEADER = 'x-nonce';

/** Third-party counters a showcase may turn on (API-SHAPES §1: `metric_id`, `gaId`). */
export interface AnalyticsSources {
  yandex: boolean;
  google: boolean;
}

export interface CspInput {
  nonce: string;
  /** `next dev` evaluates code for Fast Refresh and talks to its server over a WebSocket. */
  dev: boolean;
  /** Leaflet's tile template (`https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png`): its host serves images. */
  mapTileUrl: string;
  analytics: AnalyticsSources;
  /** Served over HTTPS: plain-http subresources are upgraded rather than blocked. */
  secure: boolean;
}

// What each counter loads besides its script (which 'strict-dynamic' admits because a nonced script adds it):
// beacons as images and fetches, and Metrika's Webvisor frame.
const YANDEX = ['https://mc.yandex.ru', 'https://mc.yandex.com', 'https://yastatic.net'];
const GOOGLE = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/**
 * `https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png` → `https://*.tile.openstreetmap.org`. Placeholders in the
 * host become a wildcard; a relative template (tiles served by the shop itself) needs nothing beyond 'self'.
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/]+)/i.exec(template.trim());
  if (!match) return null;
  const [, scheme, rawHost] = match;
  const host = (rawHost ?? '').replace(/\{[^}]*\}/g, '*').replace(/^(\*\.)+/, '*.');
  // A host that is all wildcard would allow every site; such a template is not honoured.
  if (!/^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(host) || /^\*\.?$/.test(host)) return null;
  return `${scheme?.toLowerCase()}://${host.toLowerCase()}`;
}

export function contentSecurityPolicy(input: CspInput): string {
  const images = ["'self'", 'data:', 'blob:'];
  const connect = ["'self'"];
  const frames: string[] = [];
  const tiles = tileSource(input.mapTileUrl);
  if (tiles) images.push(tiles);
  if (input.analytics.yandex) {
    images.push(...YANDEX);
    connect.push(...YANDEX);
    frames.push('blob:', ...YANDEX);
  }
  if (input.analytics.google) {
    images.push(...GOOGLE);
    connect.push(...GOOGLE);
  }
  if (input.dev) connect.push('ws:', 'wss:');
  const scripts = [`'nonce-${input.nonce}'`, "'strict-dynamic'"];
  if (input.dev) scripts.push("'unsafe-eval'");
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Browsers without 'strict-dynamic' (CSP 2) fall back to 'self' for script files.
    ['script-src', ...scripts, "'self'"],
    // Style attributes (Leaflet positions tiles with them) and React's inline styles need 'unsafe-inline';
    // styles cannot run code, and everything that can is covered by script-src.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', ...images],
    ['font-src', "'self'"],
    ['connect-src', ...connect],
    ['frame-src', ...(frames.length ? frames : ["'none'"])],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['media-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // The login dialog's external sign-in is a link, and checkout posts through fetch: forms only go home.
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (input.secure) directives.push(['upgrade-insecure-requests']);
  return directives.map((d) => d.join(' ')).join('; ');
}

/** A fresh nonce per page response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** HSTS for two years, only on responses that went out over HTTPS (over plain http browsers ignore it). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';
