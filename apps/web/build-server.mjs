// Bundles the storefront's HTTP server (src/server/main.ts) to dist/server.js, run after `next build`. As in the
// API's build: the contract (TypeScript source) is bundled in, packages from node_modules stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: 'src/server/main.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // `next start` runs the app as production; this server replaces it, so it does the same before anything
  // reads NODE_ENV (main.ts imports Next only after this line has run).
  banner: { js: "process.env.NODE_ENV ??= 'production';" },
});
console.log('web: built dist/server.js');
