import { answerRefusedRequest, detailError, MESSAGES } from '@podbor/contract';
import proxyAddr from '@fastify/proxy-addr';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { CLIENT_ADDRESS_HEADER } from '../lib/client-address';
import type { TrustProxySetting } from '../lib/config';
import { answerProbe, routeClassOf, settleRequestId, type ProbeOptions } from './observability';

// What the storefront's HTTP server does to every request before Next sees it. Next gives route handlers no
// way to the connection's address and keeps a client's own X-Forwarded-For (it only fills the header in when
// absent), so without this step a visitor could name any address to the API's per-address limits.

export type TrustFn = (address: string, hop: number) => boolean;

/** WEB_TRUST_PROXY as proxy-addr's trust function: the same meanings as Fastify's trustProxy in the API. */
export function compileTrust(setting: TrustProxySetting): TrustFn {
  if (setting === true) return () => true;
  if (setting === false) return () => false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  try {
    return proxyAddr.compile(setting);
  } catch (e) {
    throw new Error(`WEB_TRUST_PROXY: ${(e as Error).message}`);
  }
}

/** `::ffff:203.0.113.7` (IPv4 over a dual-stack socket) and `203.0.113.7` are one customer. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The customer's address: the connection's peer, or — while that peer and each hop before it are trusted —
 * the next address back in X-Forwarded-For. A trusted proxy's entry that is not an address is skipped in
 * favour of the nearest hop that is one.
 */
export function clientAddressOf(req: IncomingMessage, trust: TrustFn): string | undefined {
  const chain = proxyAddr.all(req, trust);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = chain[i];
    if (address && isIP(address)) return normalise(address);
  }
  return undefined;
}

/** Headers that describe the client; believed only from a trusted proxy, and then rewritten here. */
const CLAIMS = ['x-forwarded-for', 'x-real-ip', 'forwarded', CLIENT_ADDRESS_HEADER];
/** What a proxy says about the address the customer used; a client's own copy is dropped. */
const PROXY_DESCRIPTION = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];

/** Rewrites the request's address headers to what this server saw (see CLIENT_ADDRESS_HEADER). */
export function settleClientHeaders(req: IncomingMessage, trust: TrustFn): void {
  const address = clientAddressOf(req, trust);
  const peer = req.socket.remoteAddress;
  if (!peer || !trust(peer, 0)) for (const name of PROXY_DESCRIPTION) delete req.headers[name];
  for (const name of CLAIMS) delete req.headers[name];
  if (address) {
    req.headers[CLIENT_ADDRESS_HEADER] = address;
    req.headers['x-forwarded-for'] = address;
  }
}

/** A path whose percent-escapes do not decode (`%zz`, a cut or invalid UTF-8 sequence) names nothing here. */
export function hasMalformedPath(url: string): boolean {
  const end = url.search(/[?#]/);
  try {
    decodeURIComponent(end === -1 ? url : url.slice(0, end));
    return false;
  } catch {
    return true;
  }
}

/** Where a page address that names nothing is sent: no route matches it, so Next renders the shop's 404 page. */
const NOT_FOUND_PAGE = '/404';

type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/** One line of the access log: the path without its query (search texts may name people), never a body. */
export interface AccessLogEntry {
  reqId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/** Metrics, probes and the access log (issue #16); the production server always has them. */
export interface EdgeObservability extends ProbeOptions {
  log?: (entry: AccessLogEntry) => void;
}

/**
 * The server's request listener. Malformed addresses are answered before Next, which would fail to decode them
 * into route parameters and answer a plain-text 500: the API proxy's get its usual JSON 404, pages the shop's
 * 404 page.
 */
export function edgeHandler(trust: TrustFn, next: NextHandler, observability?: EdgeObservability) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = performance.now();
    const requestId = settleRequestId(req, res);
    settleClientHeaders(req, trust);
    const url = req.url ?? '/';
    if (observability) {
      const routeClass = routeClassOf(url);
      res.once('close', () => {
        const ms = performance.now() - started;
        observability.metrics.observe(req.method ?? '', routeClass, res.statusCode, ms / 1000);
        observability.log?.({
          reqId: requestId,
          method: req.method ?? '',
          path: url.split('?', 1)[0] ?? '/',
          status: res.statusCode,
          ms: Math.round(ms),
        });
      });
      const address = req.headers[CLIENT_ADDRESS_HEADER];
      if (answerProbe(req, res, typeof address === 'string' ? address : undefined, observability)) return;
    }
    // `/api/` itself is no call (the proxy's route needs a path under it): Next would answer it with the shop's
    // HTML 404 page, so it gets the API's JSON 404 here, as a malformed call address does.
    const bare = /^\/api\/?(\?|$)/.test(url);
    if (bare || hasMalformedPath(url)) {
      if (bare || url.startsWith('/api/')) {
        const body = JSON.stringify(detailError(MESSAGES.notFound));
        res.writeHead(404, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          'cache-control': 'no-store',
        });
        res.end(body);
        return;
      }
      req.url = NOT_FOUND_PAGE;
    }
    next(req, res).catch((e: unknown) => {
      console.error(`request ${requestId} failed:`, e);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  };
}

/**
 * The storefront's HTTP server: edgeHandler for every request, and a request Node's parser refuses (headers over
 * 16 KiB, a garbled request line) answered in the API's JSON error envelope, as the API itself would, instead of
 * Node's bare status line.
 */
export function createEdgeServer(
  trust: TrustFn,
  next: NextHandler,
  observability?: EdgeObservability,
): Server {
  const server = createServer(edgeHandler(trust, next, observability));
  server.on('clientError', answerRefusedRequest);
  return server;
}
