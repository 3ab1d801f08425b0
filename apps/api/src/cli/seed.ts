/**
 * Demo data: `npx tsx src/cli/seed.ts [--products N] [--orders N] [--reset]`.
 * Migrates the configured database (DATABASE_URL, or PGlite under DATA_DIR/pglite), then fills it with the
 * deterministic demo shop; images go to DATA_DIR/media.
 */
import { z } from 'zod';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client';
import { openCliDatabase } from './database';
import { migrate } from '../db/migrate';
import { loadConfig } from '../config';
import { MIN_PRODUCTS, isSeeded, seed } from '../seed';
import { seedOrders } from '../seed/orders';

const USAGE = `Usage: seed [--products N] [--orders N] [--reset] [--if-empty]
  --products N  catalogue size (default 5000, at least ${MIN_PRODUCTS})
  --orders N    add N orders over the last two years (the order desk and its benchmark); also on a seeded database
  --reset       drop everything in the public schema and the migration history, migrate and seed again
  --if-empty    seed only when the database holds no demo data; otherwise exit quietly`;

/** Drops what the migrations created (tables, views, sequences, types, functions — not extensions' own objects). */
async function resetDatabase(handle: DbHandle): Promise<void> {
  const res = await handle.db.execute(sql`
    select 'table' as kind, format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'
    union all select 'view', format('%I.%I', schemaname, viewname) from pg_views where schemaname = 'public'
    union all select 'sequence', format('%I.%I', n.nspname, c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S' and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i', 'e'))
    union all select 'type', format('%I.%I', n.nspname, t.typname) from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'c') and (t.typtype <> 'c' or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
      and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
    union all select 'function', format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`);
  const byKind = new Map<string, string[]>();
  for (const row of z.array(z.object({ kind: z.string(), name: z.string() })).parse(res.rows))
    byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row.name]);
  for (const kind of ['view', 'table', 'sequence', 'type', 'function']) {
    const names = byKind.get(kind);
    if (names?.length) await handle.db.execute(sql.raw(`drop ${kind} if exists ${names.join(', ')} cascade`));
  }
  // drizzle's migrators (node-postgres and PGlite) keep their history here.
  await handle.db.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      orders: { type: 'string' },
      reset: { type: 'boolean', default: false },
      // For `npm start` and the benchmarks: seed only an empty database, say nothing otherwise.
      'if-empty': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const products = values.products === undefined ? 5000 : Number(values.products);
  if (!Number.isInteger(products) || products < MIN_PRODUCTS) {
    console.error(`--products must be an integer of at least ${MIN_PRODUCTS}.\n${USAGE}`);
    return 1;
  }

  const orders = values.orders === undefined ? 0 : Number(values.orders);
  if (!Number.isInteger(orders) || orders < 0 || orders > 10_000_000) {
    console.error(`--orders must be an integer from 0 to 10000000.\n${USAGE}`);
    return 1;
  }

  const config = loadConfig();
  const { handle, where } = await openCliDatabase(config);
  try {
    if (values.reset) {
      console.log(`Resetting ${where}…`);
      await resetDatabase(handle);
    }
    await migrate(handle);
    const addOrders = async () => {
      if (orders === 0) return;
      console.log(`Adding ${orders} orders to ${where}…`);
      const started = performance.now();
      const written = await seedOrders(handle.db, orders, (m) =>
        console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${m}`),
      );
      console.log(`${written} orders in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    };
    if (await isSeeded(handle.db)) {
      if (orders > 0) {
        await addOrders();
        return 0;
      }
      if (values['if-empty']) return 0;
      console.log(`${where} already holds demo data; nothing changed. Run with --reset to rebuild it.`);
      return 0;
    }
    console.log(`Seeding ${where} with ${products} products…`);
    const started = performance.now();
    const summary = await seed(handle, {
      products,
      mediaDir: path.join(config.dataDir, 'media'),
      log: (m) => console.log(`  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s  ${m}`),
    });
    const width = Math.max(...Object.keys(summary).map((k) => k.length));
    for (const [table, count] of Object.entries(summary))
      console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('ru-RU')}`);
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    await addOrders();
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof Error && err.cause) console.error(err.cause);
    process.exit(1);
  },
);
