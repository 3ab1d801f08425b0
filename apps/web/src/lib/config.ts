import { z } from 'zod';

/**
 * The only module of the storefront that reads process.env (server side). Client components get what they
 * need from it as props, so nothing here is ever bundled for the browser.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  API_PORT: z.string().regex(/^\d+$/).default('4000'),
  /** Upstream call budget: a slow API must not hold a page render forever. */
  API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Leaflet tile template; any OSM-compatible tile server. */
  MAP_TILE_URL: z.string().default('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; участники OpenStreetMap'),
  /**
   * `auto`: Secure cookies in production when the request arrived over HTTPS (directly or per
   * X-Forwarded-Proto), so the production server on plain http://localhost still keeps a session.
   */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  /**
   * The shop's origin as customers see it (behind a proxy: the proxy's address). Redirects are built from it,
   * never from the request's own URL, which behind a proxy is the internal one.
   */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Port and interface of the storefront's server (src/server/main.ts); no host = every interface. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  WEB_HOST: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Whose X-Forwarded-For to believe, in the syntax of the API's TRUST_PROXY: `false` (the storefront is the
   * edge: the client's address is the connection's), `true` (the left-most address), a hop count, or a
   * comma-separated list of `loopback`, `linklocal`, `uniquelocal`, addresses and CIDR ranges.
   */
  WEB_TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  /**
   * The storefront server's /metrics (issue #16): with a token, only `Authorization: Bearer <token>` may read it;
   * without one, only callers on loopback or a private network (the client's address as WEB_TRUST_PROXY gives it).
   */
  METRICS_TOKEN: z
    .string()
    .min(16)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** One JSON line per request on stdout (request id, method, path without query, status, time). */
  WEB_ACCESS_LOG: z.enum(['true', 'false']).default('true'),
});

/** What WEB_TRUST_PROXY asks for; the list is checked by proxy-addr when the server starts. */
export type TrustProxySetting = boolean | number | string[];

function parseTrustProxy(value: string): TrustProxySetting {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const env = envSchema.parse(process.env);

export const serverConfig = {
  env: env.NODE_ENV,
  apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/$/, ''),
  apiTimeoutMs: env.API_TIMEOUT_MS,
  mapTileUrl: env.MAP_TILE_URL,
  mapAttribution: env.MAP_ATTRIBUTION,
  cookieSecure: env.COOKIE_SECURE,
  publicOrigin: new URL(env.PUBLIC_URL).origin,
  port: env.PORT,
  host: env.WEB_HOST,
  trustProxy: env.WEB_TRUST_PROXY,
  metricsToken: env.METRICS_TOKEN,
  accessLog: env.WEB_ACCESS_LOG === 'true',
} as const;
