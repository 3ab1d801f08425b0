import { API_ROUTES, showcaseResponse } from '@podbor/contract';
import { analyticsIds } from './analytics';
import { fetchUpstream, upstreamHeaders } from './api/upstream';
import { serverConfig } from './config';
import {
  contentSecurityPolicy,
  createNonce,
  STRICT_TRANSPORT_SECURITY,
  type AnalyticsSources,
} from './security-headers';

// The page CSP admits a counter's hosts only when the showcase turns that counter on. proxy.ts runs before every
// page, so the showcase's choice is remembered here for a short while instead of being asked each time.

const TTL_MS = 30_000;
/** After a failed lookup: no counters (the page then renders the fallback showcase, which has none either). */
const FAILURE_TTL_MS = 5_000;
/** Hosts come from the request; a bounded map keeps made-up Host headers from growing it without end. */
const MAX_HOSTS = 64;
const NONE: AnalyticsSources = { yandex: false, google: false };
const known = new Map<string, { until: number; sources: AnalyticsSources }>();

async function analyticsSources(clientHost: string | undefined): Promise<AnalyticsSources> {
  const key = clientHost ?? '';
  const now = Date.now();
  const hit = known.get(key);
  if (hit && hit.until > now) return hit.sources;
  let sources = NONE;
  let ttl = FAILURE_TTL_MS;
  try {
    const res = await fetchUpstream(API_ROUTES.showcase.path, {
      headers: upstreamHeaders({ clientHost }),
      signal: AbortSignal.timeout(2000),
    });
    const parsed = showcaseResponse.safeParse(res.ok ? await res.json() : null);
    if (parsed.success) {
      const ids = analyticsIds(parsed.data);
      sources = { yandex: ids.metricId !== null, google: ids.gaId !== null };
      ttl = TTL_MS;
    }
  } catch {
    // API unreachable: no counters, asked again shortly.
  }
  if (known.size >= MAX_HOSTS) known.clear();
  known.set(key, { until: now + ttl, sources });
  return sources;
}

/** The nonce and headers of one page response. */
export async function pageSecurity(opts: { clientHost: string | undefined; secure: boolean }): Promise<{
  nonce: string;
  csp: string;
  hsts: string | null;
}> {
  const nonce = createNonce();
  const csp = contentSecurityPolicy({
    nonce,
    dev: serverConfig.env === 'development',
    mapTileUrl: serverConfig.mapTileUrl,
    analytics: await analyticsSources(opts.clientHost),
    secure: opts.secure,
  });
  return { nonce, csp, hsts: opts.secure ? STRICT_TRANSPORT_SECURITY : null };
}
