import { detailError, isValidRequestId, MESSAGES, REQUEST_ID_HEADER } from '@podbor/contract';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { BlockList, isIPv6 } from 'node:net';
import client from 'prom-client';

// The storefront server's part of issue #16: a request id for every request (kept from a proxy in front when it
// is a sane one), Prometheus metrics by route class, liveness and readiness probes, and a shutdown that lets
// requests in flight finish. Next never sees the probes nor the scrape.

/** Per-process metrics of the storefront's server; `/metrics` serves them. */
export class WebMetrics {
  readonly registry = new client.Registry();
  private readonly requests: client.Counter<'method' | 'route_class' | 'status_class'>;
  private readonly duration: client.Histogram<'method' | 'route_class' | 'status_class'>;

  constructor() {
    client.collectDefaultMetrics({ register: this.registry });
    this.requests = new client.Counter({
      name: 'podbor_web_http_requests_total',
      help: 'HTTP requests answered by the storefront, by method, route class and status class',
      labelNames: ['method', 'route_class', 'status_class'] as const,
      registers: [this.registry],
    });
    this.duration = new client.Histogram({
      name: 'podbor_web_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method, route class and status class',
      labelNames: ['method', 'route_class', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }

  observe(method: string, routeClass: RouteClass, status: number, seconds: number): void {
    const labels = {
      method: METHODS.has(method) ? method : 'OTHER',
      route_class: routeClass,
      status_class: `${Math.floor(status / 100)}xx`,
    };
    this.requests.inc(labels);
    this.duration.observe(labels, seconds);
  }
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

type RouteClass = 'probe' | 'api' | 'static' | 'image' | 'next' | 'media' | 'feed' | 'page';

/** A few classes, never the address itself: the labels stay bounded whatever customers ask for. */
export function routeClassOf(url: string): RouteClass {
  const path = url.split(/[?#]/, 1)[0] ?? '/';
  if (path === '/metrics' || path.startsWith('/health/')) return 'probe';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path.startsWith('/_next/static/')) return 'static';
  if (path.startsWith('/_next/image')) return 'image';
  if (path.startsWith('/_next/')) return 'next';
  if (path.startsWith('/media/')) return 'media';
  if (path.startsWith('/feeds/') || path === '/sitemap.xml' || path === '/robots.txt') return 'feed';
  return 'page';
}

/** The request's id: a valid `x-request-id` it came with, else a new one; set on the request and the answer. */
export function settleRequestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const id = isValidRequestId(given) ? given : randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Loopback and private networks: where the shop's own Prometheus scrapes from. */
const PRIVATE_NETWORKS = new BlockList();
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  try {
    return PRIVATE_NETWORKS.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface ProbeOptions {
  metrics: WebMetrics;
  /** METRICS_TOKEN: when set, the scrape needs `Authorization: Bearer <token>`; else a private address. */
  metricsToken?: string;
  /** False while the server drains for a shutdown. */
  ready: () => boolean;
}

function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...extra,
  });
  res.end(text);
}

/**
 * Answers `/health/live`, `/health/ready` and `/metrics` (GET only); false for every other request. `address` is
 * the client's address as the server worked it out (WEB_TRUST_PROXY).
 */
export function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  address: string | undefined,
  opts: ProbeOptions,
): boolean {
  const path = (req.url ?? '/').split('?', 1)[0];
  if (req.method !== 'GET' || (path !== '/metrics' && path !== '/health/live' && path !== '/health/ready'))
    return false;
  if (path === '/health/live') {
    sendJson(res, 200, { status: 'ok' });
  } else if (path === '/health/ready') {
    if (opts.ready()) sendJson(res, 200, { status: 'ok' });
    else sendJson(res, 503, detailError(MESSAGES.serviceStopping), { 'retry-after': '5' });
  } else {
    const auth = req.headers.authorization ?? '';
    const allowed = opts.metricsToken
      ? auth.startsWith('Bearer ') && sameSecret(auth.slice('Bearer '.length), opts.metricsToken)
      : isPrivateAddress(address);
    if (!allowed) {
      sendJson(res, 403, detailError(MESSAGES.forbidden));
    } else {
      void opts.metrics.registry.metrics().then(
        (text) => {
          res.writeHead(200, {
            'content-type': opts.metrics.registry.contentType,
            'cache-control': 'no-store',
          });
          res.end(text);
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    }
  }
  return true;
}

/**
 * Stops taking connections and resolves true once every request in flight has been answered, or false after
 * `timeoutMs` (the connections still open are then cut).
 */
export function closeGracefully(server: Server, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve(false);
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve(true);
    });
    // Keep-alive connections with no request on them would hold close() until they time out.
    server.closeIdleConnections();
  });
}
