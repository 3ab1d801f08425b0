// Bundles the API's entry points for `npm start`: workspace packages (the contract, TypeScript source) are
// bundled in; everything from node_modules stays external and is loaded at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/cli/seed.ts',
    // The seed's generator thread (src/seed/postgres.ts), loaded from next to dist/seed.js.
    'seed-worker': 'src/cli/seed-worker.ts',
    staff: 'src/cli/staff.ts',
    'yml-feed': 'src/cli/yml-feed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
console.log('api: built dist/server.js, dist/seed.js, dist/seed-worker.js, dist/staff.js, dist/yml-feed.js');
