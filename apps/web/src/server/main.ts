import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverConfig } from '../lib/config';
import { compileTrust, createEdgeServer } from './edge';

// The storefront's production server, in place of `next start` (which cannot tell the app who connected):
// built to dist/server.js by build-server.mjs and started with `node dist/server.js`. It serves the same
// `next build` output, with the request steps of edge.ts in front.

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

const server = createEdgeServer(trust, app.getRequestHandler());
server.on('error', (e) => {
  // A port in use and the like: stop, so whoever started the shop sees it, rather than idle without a socket.
  console.error(e);
  process.exit(1);
});
server.listen(serverConfig.port, serverConfig.host, () => {
  console.log(`storefront ready on http://${serverConfig.host ?? 'localhost'}:${serverConfig.port}`);
});
const stop = () => {
  server.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
