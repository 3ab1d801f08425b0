import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { adminUrl } from '../../test/db-template';
import { digest } from '../../test/seed-digest';
import { isSeeded, seed } from './index';
import { MARKER } from './postgres';

// The PostgreSQL seed (COPY over two connections, indexes rebuilt on two more, a marker in between; issue #18)
// against the PGlite seed (INSERT … SELECT in one transaction): the same tables, byte for byte. And a seed that
// fails part-way — in the bulk load, then while rebuilding indexes — is cleared and completed by the next one.

const pgUrl = process.env.TEST_DATABASE_URL;
// Larger than the suite's 300: several batches would need 10,000; this exercises every leaf and the spill.
const PRODUCTS = 1500;

/** Indexes, constraints and triggers of the public schema, with their definitions and state. */
async function structures(handle: DbHandle): Promise<string[]> {
  const res = await handle.db.execute(sql`
    select 'index ' || indexname || ' ' || indexdef as s from pg_indexes where schemaname = 'public'
    union all select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      || ' valid=' || convalidated from pg_constraint where connamespace = 'public'::regnamespace
    union all select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text from pg_trigger
      where not tgisinternal
    order by 1`);
  return res.rows.map((r) => String((r as { s: string }).s));
}

class Stop extends Error {}

describe.runIf(pgUrl)('demo seed on PostgreSQL', () => {
  let admin: DbHandle;
  let pg: DbHandle;
  let lite: DbHandle;
  let dbName: string;
  let mediaDir: string;
  let fresh: string[];

  beforeAll(async () => {
    dbName = `seed_copy_${randomBytes(4).toString('hex')}`;
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${dbName}"`));
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    // One connection: the digest's time zone is a session setting.
    pg = await createDb({ databaseUrl: u.toString(), poolSize: 1 });
    await migrate(pg);
    fresh = await structures(pg);
    lite = await createDb({ pgliteDir: 'memory://' });
    await migrate(lite);
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-seed-pg-'));
    await seed(lite, { products: PRODUCTS, mediaDir });
  }, 300_000);

  afterAll(async () => {
    await pg?.close();
    await lite?.close();
    await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  const marker = async () =>
    (await pg.db.execute(sql`select to_regclass(${`public.${MARKER}`}) is not null as found`)).rows[0] as {
      found: boolean;
    };
  const count = async (table: string) =>
    Number(
      ((await pg.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))).rows[0] as { n: number })
        .n,
    );

  it('leaves a marker and no seeded catalogue when the bulk load fails part-way', async () => {
    const failing = seed(pg, {
      products: PRODUCTS,
      mediaDir,
      log: (m) => {
        if (m.startsWith('products: ')) throw new Stop('stopped in the bulk load');
      },
    });
    await expect(failing).rejects.toThrow(Stop);
    expect(await isSeeded(pg.db)).toBe(false);
    expect((await marker()).found).toBe(true);
    // The reference rows were committed with the marker; the bulk rows were not.
    expect(await count('categories')).toBeGreaterThan(0);
    expect(await count('products')).toBe(0);
    expect(await structures(pg)).not.toEqual(fresh);
  }, 120_000);

  it('clears a seed that stopped while rebuilding indexes, with some of them rebuilt', async () => {
    let rebuilt = 0;
    const failing = seed(pg, {
      products: PRODUCTS,
      mediaDir,
      log: (m) => {
        // The second index build's message: at least one index exists again, the foreign keys do not.
        if (m.startsWith('  index ') && ++rebuilt === 2) throw new Stop('stopped in the index builds');
      },
    });
    await expect(failing).rejects.toThrow(Stop);
    expect(await isSeeded(pg.db)).toBe(false);
    expect((await marker()).found).toBe(true);
    // The bulk rows are committed now, the storefront (the seeded flag) is not.
    expect(await count('products')).toBeGreaterThan(0);
  }, 120_000);

  it('then seeds the same catalogue as PGlite, with every index, key and trigger as migrated', async () => {
    const messages: string[] = [];
    await seed(pg, { products: PRODUCTS, mediaDir, log: (m) => messages.push(m) });
    expect(messages).toContain('a previous seed did not finish: clearing what it wrote');
    expect(messages.some((m) => m.startsWith('phases: '))).toBe(true);
    expect(await isSeeded(pg.db)).toBe(true);
    expect((await marker()).found).toBe(false);
    expect(await structures(pg)).toEqual(fresh);
    const [a, b] = [await digest(lite), await digest(pg)];
    expect(b).toEqual(a);
    expect(await count('products')).toBe(PRODUCTS);
  }, 300_000);

  it('refuses a second seed of a seeded database', async () => {
    await expect(seed(pg, { products: PRODUCTS, mediaDir })).rejects.toThrow(/already seeded/);
  });
});
