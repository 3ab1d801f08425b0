// `npm run seed [-- --products N] [-- --orders N] [-- --reset]`: migrate and seed DATABASE_URL or the embedded database.
import { log, mtime, newestMtime, nodeBin, npmCmd, run } from './lib.mjs';

const sources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/seed.js') < sources) {
  log('building the API…');
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}
run(nodeBin, ['apps/api/dist/seed.js', ...process.argv.slice(2)]);
