import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';
import { EVENTS_CHANNEL, type ShopEvent } from '../lib/events';
import { isSeeded, seed, type SeedSummary } from './index';
import { digest } from '../../test/seed-digest';

const PRODUCTS = 300;

async function freshDb(): Promise<DbHandle> {
  const handle = await createDb({ pgliteDir: 'memory://' });
  await migrate(handle);
  return handle;
}

async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

describe('demo seed', () => {
  let db: DbHandle;
  let mediaDir: string;
  let summary: SeedSummary;
  const announced: ShopEvent[] = [];

  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'podbor-seed-'));
    db = await freshDb();
    expect(await isSeeded(db.db)).toBe(false);
    await db.pglite?.listen(EVENTS_CHANNEL, (payload) => announced.push(JSON.parse(payload) as ShopEvent));
    summary = await seed(db, { products: PRODUCTS, mediaDir });
  }, 300_000);

  afterAll(async () => {
    await db?.close();
    if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  });

  it('builds the storefront reference data', async () => {
    expect(await isSeeded(db.db)).toBe(true);
    expect(summary.regions).toBeGreaterThanOrEqual(3);
    expect(summary.cities).toBeGreaterThanOrEqual(8);
    expect(summary.vehicle_brands).toBeGreaterThanOrEqual(15);
    expect(summary.transports).toBeGreaterThanOrEqual(300);
    expect(summary.categories).toBeGreaterThanOrEqual(40);
    expect(summary.manufacturers).toBeGreaterThanOrEqual(30);

    const perCity = await rows<{ n: number }>(
      db,
      sql`select count(b.id)::int as n from cities c left join branches b on b.city_id = c.id group by c.id`,
    );
    for (const { n } of perCity) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(5);
    }
    const [warehouses] = await rows<{ missing: number }>(
      db,
      sql`select count(*)::int as missing from branches b where not exists (select 1 from warehouses w where w.branch_id = b.id)`,
    );
    expect(warehouses?.missing).toBe(0);

    const depths = await rows<{ depth: number }>(
      db,
      sql`select distinct depth from categories order by depth`,
    );
    expect(depths.map((d) => d.depth)).toEqual([0, 1, 2]);
    const [badPath] = await rows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from categories c left join categories p on p.id = c.parent_id
      where c.path[array_length(c.path, 1)] <> c.slug or array_length(c.path, 1) <> c.depth + 1 or (p.id is not null and c.path[1:c.depth] <> p.path)`,
    );
    expect(badPath?.n).toBe(0);

    const years = await rows<{ missing: number }>(
      db,
      sql`
      select count(*)::int as missing from transports t where (select count(*) from transport_years y where y.transport_id = t.id) <> t.year_to - t.year_from + 1`,
    );
    expect(years[0]?.missing).toBe(0);

    const pages = await rows<{ slug: string }>(db, sql`select slug from info_pages order by sort`);
    expect(pages.map((p) => p.slug)).toEqual([
      'dostavka',
      'oplata',
      'garantiya-i-vozvrat',
      'kontakty',
      'o-kompanii',
      'oferta',
      'privacy',
    ]);
    const [showcase] = await rows<{
      title: string;
      is_default: boolean;
      metrics: Record<string, unknown>;
      logo: string;
    }>(db, sql`select title, is_default, metrics, logo from showcases`);
    expect(showcase).toMatchObject({ title: 'Подбор', is_default: true });
    expect(showcase?.metrics.metric_id).toBe(0);
    expect(readdirSync(path.join(mediaDir, 'brand'))).toContain('logo.svg');
  });

  it('creates the requested number of complete products', async () => {
    expect(summary.products).toBe(PRODUCTS);
    const [p] = await rows<{
      incomplete: number;
      unfitted: number;
      badArticle: number;
      withFitment: number;
      universal: number;
    }>(
      db,
      sql`
      select
        count(*) filter (where category_id is null or article = '' or article_normalized = '' or price <= 0 or jsonb_array_length(images) = 0)::int as incomplete,
        count(*) filter (where not is_universal and not exists (select 1 from product_transports pt where pt.product_id = p.id))::int as unfitted,
        count(*) filter (where article_normalized <> upper(regexp_replace(article, '[\\s./-]', '', 'g')))::int as "badArticle",
        count(*) filter (where not is_universal)::int as "withFitment",
        count(*) filter (where is_universal)::int as universal
      from products p`,
    );
    expect(p).toMatchObject({ incomplete: 0, unfitted: 0, badArticle: 0 });
    // Most parts are vehicle-specific; oils, fluids, accessories and services are universal.
    expect(p!.withFitment).toBeGreaterThan(p!.universal);

    const images = await rows<{ url: string }>(
      db,
      sql`select distinct jsonb_array_elements_text(images) as url from products`,
    );
    for (const { url } of images)
      expect(existsSync(path.join(mediaDir, url.replace('/media/', '')))).toBe(true);

    const [ratings] = await rows<{ off: number }>(
      db,
      sql`
      select count(*)::int as off from products p
      where p.rating_count <> (select count(*) from reviews r where r.product_id = p.id)
         or (p.rating_count > 0 and abs(p.rating_avg - (select avg(grade) from reviews r where r.product_id = p.id)) > 0.01)`,
    );
    expect(ratings?.off).toBe(0);
    const [analogues] = await rows<{ foreign: number }>(
      db,
      sql`
      select count(*)::int as foreign from analogues a join products p on p.id = a.product_id join products q on q.id = a.analogue_id where p.category_id <> q.category_id`,
    );
    expect(analogues?.foreign).toBe(0);

    // The app's own inserts must not collide with the seed's explicit ids.
    const [inserted] = await rows<{ id: number }>(
      db,
      sql`insert into regions (slug, title) values ('test-region', 'Тест') returning id`,
    );
    expect(inserted!.id).toBeGreaterThan(summary.regions);
  });

  it('lists each product once: no two products share a title, whatever the catalogue size', async () => {
    const [dup] = await rows<{ titles: number; products: number }>(
      db,
      sql`select count(distinct title)::int as titles, count(*)::int as products from products`,
    );
    expect(dup!.titles).toBe(dup!.products);
  });

  it("shows each product's maker (and a fluid's volume) on its own picture", async () => {
    const products = await rows<{ maker: string; volume: string | null; images: string[]; kind: string }>(
      db,
      sql`
      select m.slug as maker, p.images,
             (select v.value from product_property_values pv join properties pr on pr.id = pv.property_id
                join property_values v on v.id = pv.value_id where pv.product_id = p.id and pr.slug = 'obem') as volume
      from products p join manufacturers m on m.id = p.manufacturer_id`,
    );
    expect(products.length).toBeGreaterThan(PRODUCTS / 2);
    const oils = products.filter((p) => p.volume !== null);
    expect(oils.length).toBeGreaterThan(5);
    for (const p of products) {
      expect(p.images).toHaveLength(1);
      const file = p.images[0]!;
      expect(file).toContain(`/${p.maker}${p.volume ? `-${p.volume.replace('.', '_')}l` : ''}.webp`);
    }
    // Two volumes of one maker's oil are two different pictures.
    expect(new Set(oils.map((p) => p.images[0])).size).toBeGreaterThan(
      new Set(oils.map((p) => p.maker)).size,
    );
  });

  it('gives the home page its own banners, each with an image and a link that leads somewhere real', async () => {
    const banners = await rows<{
      title: string;
      category_id: number | null;
      image: string;
      url: string;
      is_active: boolean;
    }>(db, sql`select title, category_id, image, url, is_active from banners order by sort, id`);
    // GET /catalog/banners/ without a category answers the active banners that belong to no category.
    const home = banners.filter((b) => b.category_id === null && b.is_active);
    expect(home.length).toBeGreaterThanOrEqual(3);
    expect(banners.filter((b) => b.category_id !== null).length).toBeGreaterThan(0);

    const files = new Set(readdirSync(path.join(mediaDir, 'banners')));
    const categories = new Set(
      (
        await rows<{ url: string }>(
          db,
          sql`select '/catalog/' || array_to_string(path, '/') as url from categories`,
        )
      ).map((c) => c.url),
    );
    const pages = new Set(
      (await rows<{ url: string }>(db, sql`select '/pages/' || slug as url from info_pages`)).map(
        (p) => p.url,
      ),
    );
    for (const b of banners) {
      expect(b.title).toMatch(/[а-яё]/i);
      expect(files.has(b.image.replace('/media/banners/', '')), b.image).toBe(true);
      expect(categories.has(b.url) || pages.has(b.url), b.url).toBe(true);
    }
    expect(new Set(banners.map((b) => b.image)).size).toBe(banners.length);
  });

  it("copies each product's category into its fitment rows, and keeps it when the product moves", async () => {
    const [mismatch] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from product_transports pt join products p on p.id = pt.product_id where pt.category_id <> p.category_id`,
    );
    expect(mismatch?.n).toBe(0);
    const [fitted] = await rows<{ id: number; category_id: number }>(
      db,
      sql`select p.id, p.category_id from products p
          where exists (select 1 from product_transports pt where pt.product_id = p.id) order by p.id limit 1`,
    );
    const [other] = await rows<{ id: number }>(
      db,
      sql`select id from categories where id <> ${fitted!.category_id} order by id limit 1`,
    );
    const categoriesOf = async (exec: Pick<DbHandle['db'], 'execute'>) =>
      (
        await exec.execute(
          sql`select distinct category_id from product_transports where product_id = ${fitted!.id} order by 1`,
        )
      ).rows.map((r) => Number(r.category_id));

    // Changes made in a transaction that is rolled back: the determinism test below compares whole tables.
    await expect(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`update products set category_id = ${other!.id} where id = ${fitted!.id}`);
        expect(await categoriesOf(tx)).toEqual([other!.id]);
        // A fitment row written with another category still takes its product's.
        const [free] = (
          await tx.execute(
            sql`select t.id from transports t where not exists
                (select 1 from product_transports pt where pt.product_id = ${fitted!.id} and pt.transport_id = t.id)
                order by t.id limit 1`,
          )
        ).rows as { id: number }[];
        await tx.execute(
          sql`insert into product_transports (product_id, transport_id, category_id) values (${fitted!.id}, ${free!.id}, ${fitted!.category_id})`,
        );
        expect(await categoriesOf(tx)).toEqual([other!.id]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await categoriesOf(db.db)).toEqual([fitted!.category_id]);
  });

  it('tells running API processes that the catalogue and the content changed under them', () => {
    expect(announced).toEqual(
      expect.arrayContaining([
        { type: 'catalog.changed', entity: 'product', ids: [] },
        { type: 'content.changed', entity: 'showcase', ids: [] },
        { type: 'content.changed', entity: 'banner', ids: [] },
        { type: 'content.changed', entity: 'page', ids: [] },
      ]),
    );
  });

  it('refuses to seed an already seeded database', async () => {
    await expect(seed(db, { products: PRODUCTS, mediaDir })).rejects.toThrow(/already seeded/);
  });

  it('is deterministic: the same size gives identical data', async () => {
    const other = await freshDb();
    try {
      await seed(other, { products: PRODUCTS, mediaDir });
      const [a, b] = [await digest(db), await digest(other)];
      expect(Object.keys(a)).toHaveLength(14);
      expect(b).toEqual(a);
    } finally {
      await other.close();
    }
  }, 300_000);
});
