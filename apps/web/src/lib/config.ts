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
   * X-Forwarded-Proto), so `next start` on plain http://localhost still keeps a session.
   */
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
});

const env = envSchema.parse(process.env);

export const serverConfig = {
  env: env.NODE_ENV,
  apiUrl: (env.API_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/$/, ''),
  apiTimeoutMs: env.API_TIMEOUT_MS,
  mapTileUrl: env.MAP_TILE_URL,
  mapAttribution: env.MAP_ATTRIBUTION,
  cookieSecure: env.COOKIE_SECURE,
} as const;
