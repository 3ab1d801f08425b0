import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/db/client';
import { foldCategoryCounts } from '../src/lib/catalog/category.directory';
import { adminUrl, templateName } from './db-template';

// Issue #18: the category counts' triggers only append rows, so two transactions writing products of the same
// category at once — two imports, an import and the back office — never wait for each other, and the counts
// still add up once both commit and after a fold that runs meanwhile. `*.pg.test.ts` files need TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL;

describe.runIf(pgUrl)('category counts under concurrent writers (PostgreSQL)', () => {
  let admin: DbHandle;
  let one: DbHandle;
  let two: DbHandle;
  let dbName: string;

  beforeAll(async () => {
    dbName = `cat_counts_${randomBytes(4).toString('hex')}`;
    admin = await createDb({ databaseUrl: adminUrl(pgUrl!), poolSize: 1 });
    await admin.db.execute(sql.raw(`create database "${dbName}" template "${templateName(pgUrl!)}"`));
    const u = new URL(pgUrl!);
    u.pathname = `/${dbName}`;
    one = await createDb({ databaseUrl: u.toString(), poolSize: 2 });
    two = await createDb({ databaseUrl: u.toString(), poolSize: 2 });
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await admin?.db.execute(sql.raw(`drop database if exists "${dbName}" with (force)`));
    await admin?.close();
  });

  const counts = async (db: DbHandle) =>
    (
      await db.db.execute(
        sql`select category_id, sum(total)::int as total from category_product_counts group by category_id
            having sum(total) <> 0 order by category_id`,
      )
    ).rows;
  const live = async (db: DbHandle) =>
    (
      await db.db.execute(
        sql`select category_id, count(*)::int as total from products where is_active group by category_id
            order by category_id`,
      )
    ).rows;

  it('lets two open transactions change one category without waiting, and adds both up', async () => {
    const [cat] = (await one.db.execute(sql`select category_id as id from products where is_active limit 1`))
      .rows as { id: number }[];
    const insert = (prefix: string) =>
      sql`insert into products (slug, title, article, article_normalized, category_id, price)
          select ${prefix} || g, 'Параллельно ' || g, 'PAR-' || g, 'par' || g, ${cat!.id}, 100
          from generate_series(1, 50) g`;
    let secondDone = 0;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = one.db.transaction(async (tx) => {
      await tx.execute(insert('first-'));
      await tx.execute(sql`update products set is_active = false where slug = 'first-1'`);
      await held; // stays open, holding whatever its statements locked, until the second has committed
    });
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    await two.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.execute(insert('second-'));
      await tx.execute(sql`delete from products where slug = 'second-2'`);
    });
    secondDone = Date.now() - started;
    // A fold while the first is still open folds only committed rows; the first's rows come after it.
    await foldCategoryCounts(two.db);
    release();
    await first;
    expect(secondDone).toBeLessThan(2_000);
    expect(await counts(one)).toEqual(await live(one));
    await foldCategoryCounts(one.db);
    expect(await counts(one)).toEqual(await live(one));
  });
});
