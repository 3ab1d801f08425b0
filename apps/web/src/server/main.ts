import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverConfig } from '../lib/config';
import { compileTrust, createEdgeServer } from './edge';
import { closeGracefully, WebMetrics } from './observability';

// The storefront's production server, in place of `next start` (which cannot tell the app who connected):
// built to dist/server.js by build-server.mjs and started with `node dist/server.js`. It serves the same
// `next build` output, with the request steps of edge.ts in front.

/** How long a shutdown waits for requests in flight before it cuts them and exits 1. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

const trust = compileTrust(serverConfig.trustProxy);
// dist/server.js: the Next app (apps/web) is one directory up.
const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Loaded only now: the bundle's first line has set NODE_ENV=production (as `next start` does), which must hold
// before Next and React load.
const { default: createNext } = await import('next');
const app = createNext({
  dev: false,
  dir,
  hostname: serverConfig.host ?? 'localhost',
  port: serverConfig.port,
});
await app.prepare();

let stopping = false;
const server = createEdgeServer(trust, app.getRequestHandler(), {
  metrics: new WebMetrics(),
  metricsToken: serverConfig.metricsToken,
  ready: () => !stopping,
  ...(serverConfig.accessLog
    ? { log: (entry) => process.stdout.write(`${JSON.stringify({ time: Date.now(), ...entry })}\n`) }
    : {}),
});
server.on('error', (e) => {
  // A port in use and the like: stop, so whoever started the shop sees it, rather than idle without a socket.
  console.error(e);
  process.exit(1);
});
server.listen(serverConfig.port, serverConfig.host, () => {
  console.log(`storefront ready on http://${serverConfig.host ?? 'localhost'}:${serverConfig.port}`);
});
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Requests in flight (a page render waiting on the API) are answered before the process ends.
  void closeGracefully(server, SHUTDOWN_TIMEOUT_MS).then((drained) => process.exit(drained ? 0 : 1));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Whoever read our output is gone (the supervisor or the harness that started us died): writes to stdout/stderr
// fail with EPIPE. Unhandled, each failure is reported on stderr, which fails again — a loop that kept an orphaned
// server spinning long after its SIGTERM. Stop the way a signal would instead.
for (const stream of [process.stdout, process.stderr]) stream.on('error', stop);
