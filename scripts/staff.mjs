// `npm run staff -- --phone … --role admin|manager|customer`: creates or updates a back-office account of
// DATABASE_URL or the embedded database (apps/api/src/cli/staff.ts says what each option does).
import { log, mtime, newestMtime, nodeBin, npmCmd, run } from './lib.mjs';

const sources = newestMtime(['apps/api/src', 'apps/api/drizzle', 'packages/contract/src']);
if (mtime('apps/api/dist/staff.js') < sources) {
  log('building the API…');
  run(npmCmd, ['run', 'build', '-w', '@podbor/api']);
}
run(nodeBin, ['apps/api/dist/staff.js', ...process.argv.slice(2)]);
