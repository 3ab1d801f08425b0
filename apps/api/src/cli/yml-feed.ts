/**
 * Writes the Yandex Market feed of the configured database (DATABASE_URL, or PGlite under DATA_DIR/pglite) to
 * DATA_DIR/feeds/yandex.yml, as the API does after catalogue changes, and prints what it wrote as JSON: offers,
 * categories, bytes, milliseconds and the process's peak RSS. Reads the catalogue only (no migration, no writes).
 * `npm run bench:yml` runs it against a large catalogue.
 */
import { loadConfig } from '../config';
import { openCliDatabase } from './database';
import { refreshYmlFeed } from '../modules/feeds/feeds.service';

async function main(): Promise<number> {
  const config = loadConfig();
  const { handle } = await openCliDatabase(config);
  try {
    const result = await refreshYmlFeed(handle.db, config);
    const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(JSON.stringify({ ...result, peakRssMb }));
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
