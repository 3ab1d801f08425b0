import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/helpers';
import { rows } from '../../test/shop-helpers';
import { cityDirectory } from './catalog/city.directory';
import { transportDirectory } from './catalog/transport.directory';
import { eventHub, publish, type ShopEvent } from './events';
import { cached, TtlCache } from './ttl-cache';

// The event bus on the embedded database (one process): an event published in a transaction reaches the hub
// only when the transaction commits, and a catalogue event clears the listing's cache, with no help from the
// writer (the price is changed by bare SQL here, as another process would).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const until = async (check: () => Promise<boolean> | boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
};

describe('event bus (PGlite)', () => {
  it('the app listens from the start', () => {
    expect(eventHub(ctx.handle.db).connected).toBe(true);
  });

  it('delivers on commit and never for a rolled-back transaction', async () => {
    const seen: ShopEvent[] = [];
    const off = eventHub(ctx.handle.db).on((e) => seen.push(e));
    try {
      await ctx.handle.db
        .transaction(async (tx) => {
          await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [111] });
          throw new Error('rollback');
        })
        .catch(() => {});
      await ctx.handle.db.transaction(async (tx) => {
        await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [222] });
        // Not before the commit.
        await new Promise((r) => setTimeout(r, 50));
        expect(seen).toEqual([]);
      });
      expect(await until(() => seen.length > 0)).toBe(true);
      expect(seen).toEqual([{ type: 'catalog.changed', entity: 'product', ids: [222] }]);
    } finally {
      off();
    }
  });

  it('a committed catalogue change clears the cached listing page', async () => {
    const [p] = await rows<{ id: number; slug: string; category: string; price: string }>(
      ctx,
      sql`select p.id, p.slug, c.slug as category, p.price from products p join categories c on c.id = p.category_id
          where p.is_active order by p.popularity desc, p.id limit 1`,
    );
    const price = async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/${p!.category}/products/`,
        payload: { page: 1, sort: 'popular', order: 'desc' },
      });
      return json<{ results: { slug: string; price: number }[] }>(res).results.find((r) => r.slug === p!.slug)
        ?.price;
    };
    expect(await price()).toBe(Number(p!.price));
    // Without an event the cache keeps the old answer…
    await ctx.handle.db.execute(sql`update products set price = price + 1 where id = ${p!.id}`);
    expect(await price()).toBe(Number(p!.price));
    // …and a committed event drops it.
    await ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`update products set price = price + 1 where id = ${p!.id}`);
      await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [Number(p!.id)] });
    });
    expect(await until(async () => (await price()) === Number(p!.price) + 2)).toBe(true);
  });

  it('a catalogue event reloads the city and vehicle directories (a seed or an import under running processes)', async () => {
    const cities = cityDirectory(ctx.handle.db);
    const transports = transportDirectory(ctx.handle.db);
    const [region] = await rows<{ id: number }>(ctx, sql`select id from regions order by id limit 1`);
    const [transport] = await rows<{ id: number }>(ctx, sql`select id from transports order by id limit 1`);
    expect((await cities.get()).bySlug.has('events-test-city')).toBe(false);
    const generationOf = async () => (await transports.get()).byId.get(Number(transport!.id))?.generation;
    const generation = await generationOf();
    // Written by bare SQL, as another process would: the cached directories keep their answer…
    await ctx.handle.db.execute(
      sql`insert into cities (region_id, slug, title) values (${region!.id}, 'events-test-city', 'Городок')`,
    );
    await ctx.handle.db.execute(
      sql`update transports set generation = 'events-test' where id = ${transport!.id}`,
    );
    expect((await cities.get()).bySlug.has('events-test-city')).toBe(false);
    expect(await generationOf()).toBe(generation);
    // …until the writer announces the change.
    await publish(ctx.handle.db, { type: 'catalog.changed', entity: 'product', ids: [] });
    expect(await until(async () => (await cities.get()).bySlug.has('events-test-city'))).toBe(true);
    expect(await generationOf()).toBe('events-test');
  });
});

describe('caches', () => {
  it('a load running while the cache is cleared does not store its older answer', async () => {
    const cache = new TtlCache<string, number>(60_000, 10);
    let release!: (v: number) => void;
    const slow = cache.get('k', () => new Promise<number>((r) => (release = r)));
    cache.clear();
    release(1);
    expect(await slow).toBe(1);
    expect(await cache.get('k', async () => 2)).toBe(2);

    const one = cached(() => new Promise<number>((r) => (release = r)), 60_000);
    const first = one.get();
    one.invalidate();
    release(1);
    expect(await first).toBe(1);
    let n = 10;
    const two = cached(async () => n++, 60_000);
    expect(await two.get()).toBe(10);
    expect(await two.get()).toBe(10);
    two.invalidate();
    expect(await two.get()).toBe(11);
  });

  it('a lifetime given as a function is read on every get (short while events cannot arrive)', async () => {
    let ttl = 60_000;
    const cache = new TtlCache<string, number>(() => ttl, 10);
    let n = 0;
    expect(await cache.get('k', async () => ++n)).toBe(1);
    expect(await cache.get('k', async () => ++n)).toBe(1);
    ttl = 0;
    expect(await cache.get('k', async () => ++n)).toBe(2);
  });

  it('peek gives only a kept, fresh value and never loads', async () => {
    let ttl = 60_000;
    const cache = new TtlCache<string, number>(() => ttl, 10);
    expect(cache.peek('k')).toBeUndefined();
    let release!: (v: number) => void;
    const loading = cache.get('k', () => new Promise<number>((r) => (release = r)));
    expect(cache.peek('k')).toBeUndefined(); // still loading
    release(1);
    await loading;
    expect(cache.peek('k')).toBe(1);
    ttl = 0;
    expect(cache.peek('k')).toBeUndefined(); // expired
    ttl = 60_000;
    expect(cache.peek('k')).toBe(1);
    cache.clear();
    expect(cache.peek('k')).toBeUndefined();
  });
});
