import { createHash } from 'node:crypto';
import type { ApiRouteName } from '@podbor/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReplicaSet } from '../db/replicas';
import type { RateLimiter } from './rate-limit';

// Which requests may read from a replica (issue #16; db/replicas.ts does the routing). Only the public catalogue
// reads below: the same answer for everyone, where a second of lag is harmless. Carts, orders, accounts, sign-in,
// the back office, imports, payments and every write stay on the primary, and so does any route not listed.
//
// Read-your-writes: a customer who has just written something (a review, a cart line…) reads even these from the
// primary for a short window, so their own write shows at once. The window is kept per caller — the Authorization
// header they send (access token or visitor token), hashed — in the rate limiter's store: Redis with REDIS_URL,
// so every API process sees it; the storefront's proxy and its server rendering already send that header with
// every call, so nothing else has to carry it.

/** The public reads a replica may serve; every other route reads the primary. */
export const REPLICA_ROUTES: ReadonlySet<ApiRouteName> = new Set<ApiRouteName>([
  'categoryFilters',
  'categoryFiltersByTransport',
  'categoryProducts',
  'categoryProductsByTransport',
  'search',
  'searchResults',
  'searchResultsByTransport',
  'searchFilters',
  'searchFiltersByTransport',
  'productDetail',
  'productsBySlugs',
  'productAnalogues',
  'recommendations',
  'installationPrice',
  'fitmentBrands',
  'fitmentModels',
  'fitmentYears',
  'fitmentTransport',
  'categories',
  'categoryTree',
  'categoryTreeByTransport',
  'categoryChildren',
  'categoryChildrenByTransport',
  'categoryDetail',
  'manufacturer',
  'transportYears',
  'transportBrands',
  'transportModels',
  'transportEngines',
  'transportDecode',
  'transportDetail',
  'sitemapProducts',
  'sitemapManufacturers',
  'ymlFeed',
  'pagesMenu',
  'pageDetail',
  'banners',
  'showcase',
  'reviews',
  'branches',
  'regions',
  'maintenanceKit',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** This request's reads may go to a replica (lib/route.ts runs its handler in the replica context). */
    readFromReplica: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The key of a caller's read-your-writes window; null for callers without an Authorization header. */
export function writerKey(request: Pick<FastifyRequest, 'headers'>): string | null {
  const auth = request.headers.authorization;
  if (!auth) return null;
  return `rw:${createHash('sha256').update(auth).digest('base64url').slice(0, 32)}`;
}

/** Whether a request may read from a replica: a listed route, and the caller not in their write window. */
export function replicaEligible(routeName: ApiRouteName | undefined, inWriteWindow: boolean): boolean {
  return routeName !== undefined && REPLICA_ROUTES.has(routeName) && !inWriteWindow;
}

/**
 * Whether a successful request was a write of its caller: anything but GET/HEAD/OPTIONS, except the listed
 * reads that take their query in a POST body (the listing, search results).
 */
export function isWrite(routeName: ApiRouteName | undefined, method: string): boolean {
  if (SAFE_METHODS.has(method)) return false;
  return routeName === undefined || !REPLICA_ROUTES.has(routeName);
}

/**
 * The hooks: decide each request's read target before its handler; after a successful write, open the caller's
 * window (before the answer leaves, so their next request already sees it). `windowMs` must cover the longest
 * lag a used replica can have: the lag bound plus two health checks.
 */
export function installReadRouting(
  app: FastifyInstance,
  replicas: ReplicaSet | undefined,
  limiter: RateLimiter,
  windowMs: number,
): void {
  app.decorateRequest('readFromReplica', false);
  if (!replicas) return;
  app.addHook('preHandler', async (request) => {
    const name = request.routeOptions.config.routeName;
    if (!name || !REPLICA_ROUTES.has(name)) return;
    const key = writerKey(request);
    let inWindow = false;
    if (key) {
      try {
        inWindow = (await limiter.peek(key)).count > 0;
      } catch {
        // The window's store is unreachable: the primary is always right.
        inWindow = true;
      }
    }
    request.readFromReplica = replicaEligible(name, inWindow);
  });
  app.addHook('onSend', async (request, reply) => {
    if (!isWrite(request.routeOptions.config.routeName, request.method) || reply.statusCode >= 400) return;
    const key = writerKey(request);
    if (!key) return;
    await limiter.hit(key, Number.MAX_SAFE_INTEGER, windowMs / 1000).catch(() => {
      // Not recorded: this caller's next reads may lag by at most the replica bound.
    });
  });
}
