import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ctx, query, useCatalogContext } from '../../../test/catalog-helpers';
import { categoryDirectory, foldCategoryCounts } from './category.directory';

// The category tree's counts come from category_product_counts, which statement triggers on products keep
// (migration 0021, issue #18). After every kind of write — single rows and bulk statements, inserts, moves
// between categories, switching off, universality, deletes — the table must equal a count of the products table.

useCatalogContext();

interface Count {
  category_id: number;
  total: number;
  universal: number;
}

const live = () =>
  query<Count>(
    sql`select category_id, count(*)::int as total, (count(*) filter (where is_universal))::int as universal
        from products where is_active group by category_id order by category_id`,
  );
/** What the tree reads: the sum of each category's change rows. */
const kept = () =>
  query<Count>(
    sql`select category_id, sum(total)::int as total, sum(universal)::int as universal from category_product_counts
        group by category_id having sum(total) <> 0 or sum(universal) <> 0 order by category_id`,
  );
const exec = (q: ReturnType<typeof sql>) => ctx.handle.db.execute(q);

async function twoLeaves(): Promise<[number, number]> {
  const rows = await query<{ id: number }>(
    sql`select c.id from categories c where exists (select 1 from products p where p.category_id = c.id and p.is_active)
        order by c.id limit 2`,
  );
  return [Number(rows[0]!.id), Number(rows[1]!.id)];
}

/** A vehicle's listed fitted products per category, counted from the fitment rows, and as the triggers keep them. */
const liveFitted = () =>
  query<{ transport_id: number; category_id: number; found: number }>(
    sql`select transport_id, category_id, count(*)::int as found from product_transports where listed
        group by transport_id, category_id order by transport_id, category_id`,
  );
const keptFitted = () =>
  query<{ transport_id: number; category_id: number; found: number }>(
    sql`select transport_id, category_id, sum(found)::int as found from transport_category_counts
        group by transport_id, category_id having sum(found) <> 0 order by transport_id, category_id`,
  );

describe('category_product_counts', () => {
  it('equals a count of the products table after the seed', async () => {
    const counts = await kept();
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(await live());
  });

  it('follows inserts, moves, switching off, universality and deletes, row by row and in bulk', async () => {
    const [a, b] = await twoLeaves();
    const before = await kept();
    // A bulk insert of 30 products into `a`, a third of them universal, two switched off.
    await exec(
      sql`insert into products (slug, title, article, article_normalized, category_id, price, is_universal, is_active)
          select 'counts-' || g, 'Счётчик ' || g, 'CNT-' || g, 'cnt' || g, ${a}, 100 + g, g % 3 = 0, g not in (1, 2)
          from generate_series(1, 30) g`,
    );
    expect(await kept()).toEqual(await live());
    // One row moved to `b`, in bulk ten more, one switched off, one made universal, price-only changes.
    await exec(sql`update products set category_id = ${b} where slug = 'counts-3'`);
    await exec(sql`update products set category_id = ${b} where slug like 'counts-1_'`);
    await exec(sql`update products set is_active = false where slug = 'counts-21'`);
    await exec(sql`update products set is_active = true where slug = 'counts-1'`);
    await exec(
      sql`update products set is_universal = not is_universal where slug in ('counts-22', 'counts-24')`,
    );
    await exec(sql`update products set price = price + 1 where slug like 'counts-%'`);
    expect(await kept()).toEqual(await live());
    // A move, a deactivation and a universality change in one statement.
    await exec(
      sql`update products set category_id = case when category_id = ${a}::int then ${b}::int else ${a}::int end,
            is_active = not is_active, is_universal = not is_universal
          where slug in ('counts-25', 'counts-26', 'counts-2')`,
    );
    expect(await kept()).toEqual(await live());
    await exec(sql`delete from products where slug = 'counts-27'`);
    await exec(sql`delete from products where slug like 'counts-%'`);
    expect(await kept()).toEqual(await live());
    expect(await kept()).toEqual(before);
  });

  it('folds into one row per category without changing a count', async () => {
    const [a, b] = await twoLeaves();
    await exec(
      sql`insert into products (slug, title, article, article_normalized, category_id, price)
          select 'fold-' || g, 'Свёртка ' || g, 'FD-' || g, 'fd' || g, ${a}, 100 from generate_series(1, 4) g`,
    );
    await exec(sql`update products set category_id = ${b} where slug = 'fold-1'`);
    const rows = async () =>
      (await query<{ n: number }>(sql`select count(*)::int as n from category_product_counts`))[0]!.n;
    const groups = (await kept()).length;
    expect(await rows()).toBeGreaterThan(groups);
    const counts = await kept();
    await foldCategoryCounts(ctx.handle.db);
    expect(await rows()).toBe(groups);
    expect(await kept()).toEqual(counts);
    expect(await kept()).toEqual(await live());
    await exec(sql`delete from products where slug like 'fold-%'`);
    await foldCategoryCounts(ctx.handle.db);
    expect(await kept()).toEqual(await live());
  });

  it('is what the category tree shows', async () => {
    const [a] = await twoLeaves();
    await exec(
      sql`insert into products (slug, title, article, article_normalized, category_id, price)
          select 'tree-' || g, 'Дерево ' || g, 'TR-' || g, 'tr' || g, ${a}, 100 from generate_series(1, 5) g`,
    );
    const directory = categoryDirectory(ctx.handle.db);
    directory.invalidate();
    const tree = await directory.tree();
    const [row] = await query<{ total: number }>(
      sql`select count(*)::int as total from products where is_active and category_id = ${a}`,
    );
    expect(tree.directTotal.get(a)).toBe(row!.total);
    await exec(sql`delete from products where slug like 'tree-%'`);
    directory.invalidate();
    expect((await directory.tree()).directTotal.get(a)).toBe(row!.total - 5);
  });

  it("keeps each vehicle's counts through fitment inserts, deletes, moves, switching off and universality", async () => {
    expect((await keptFitted()).length).toBeGreaterThan(0);
    expect(await keptFitted()).toEqual(await liveFitted());
    const [a, b] = await twoLeaves();
    const vehicles = await query<{ id: number }>(sql`select id from transports order by id limit 3`);
    const ids = vehicles.map((v) => Number(v.id));
    await exec(
      sql`insert into products (slug, title, article, article_normalized, category_id, price)
          select 'fit-' || g, 'Подбор ' || g, 'FT-' || g, 'ft' || g, ${a}, 100 from generate_series(1, 6) g`,
    );
    // Bulk fitment: every new product to three vehicles, in one statement; then one row more, one row less.
    await exec(
      sql`insert into product_transports (product_id, transport_id)
          select p.id, t.id from products p, transports t
          where p.slug like 'fit-%' and t.id = any(${sql.raw(`array[${ids.join(',')}]`)})`,
    );
    await exec(sql`delete from product_transports where product_id = (select id from products where slug = 'fit-1')
                     and transport_id = ${ids[0]!}`);
    expect(await keptFitted()).toEqual(await liveFitted());
    // The product's own changes reach its fitment rows by trigger (migration 0019): a move, switching off, universal.
    await exec(sql`update products set category_id = ${b} where slug in ('fit-2', 'fit-3')`);
    await exec(sql`update products set is_active = false where slug = 'fit-4'`);
    await exec(sql`update products set is_universal = true where slug = 'fit-5'`);
    await exec(
      sql`update products set price = price + 5, popularity = popularity + 1 where slug like 'fit-%'`,
    );
    expect(await keptFitted()).toEqual(await liveFitted());
    await foldCategoryCounts(ctx.handle.db);
    expect(await keptFitted()).toEqual(await liveFitted());
    // What the directory answers for a vehicle.
    const directory = categoryDirectory(ctx.handle.db);
    directory.invalidate();
    const fitted = await directory.fitted(ids[1]!);
    const own = (await liveFitted()).filter((r) => Number(r.transport_id) === ids[1]);
    expect(new Map(own.map((r) => [Number(r.category_id), r.found]))).toEqual(fitted);
    await exec(sql`delete from products where slug like 'fit-%'`);
    expect(await keptFitted()).toEqual(await liveFitted());
  });
});
