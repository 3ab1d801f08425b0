import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { API_ROUTES } from '@podbor/contract';
import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { categoryDirectory } from '../../lib/catalog/category.directory';
import { publish } from '../../lib/events';
import { count, ctx, query, useCatalogContext } from '../../../test/catalog-helpers';
import { generateYmlFeed, refreshYmlFeed } from './feeds.service';
import { plainText, xmlText } from './yml.feed';

useCatalogContext();

// The feed checked against YML's structure (Yandex Market's "YML format": yml_catalog@date → shop → name, company,
// url, currencies, categories, offers), read with a streaming XML parser as Market reads it.

interface Offer {
  id: string;
  available: string;
  children: Map<string, string[]>;
  outlets: { id: string; instock: string }[];
  /** The offer's own `<pickup-options>` (a supplier's offer: its term). */
  pickup: { cost: string; days: string }[];
}

interface Feed {
  date: string;
  shop: Map<string, string>;
  currencies: string[];
  categories: Map<string, { parentId: string | undefined; title: string }>;
  offers: Offer[];
  /** Structural faults found while reading. */
  faults: string[];
}

/** Reads a YML document chunk by chunk: UTF-8 is decoded strictly, XML by saxes (well-formedness, characters). */
function readYml(chunks: Iterable<Uint8Array>): Feed {
  const feed: Feed = {
    date: '',
    shop: new Map(),
    currencies: [],
    categories: new Map(),
    offers: [],
    faults: [],
  };
  const parser = new SaxesParser();
  const stack: string[] = [];
  let text = '';
  let offer: Offer | null = null;
  let category: { id: string; parentId: string | undefined } | null = null;
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const attrs = tag.attributes as Record<string, string>;
    const parent = stack[stack.length - 1];
    stack.push(tag.name);
    text = '';
    const where = stack.join('/');
    if (where === 'yml_catalog') feed.date = attrs.date ?? '';
    else if (where === 'yml_catalog/shop/currencies/currency') {
      feed.currencies.push(attrs.id ?? '');
      if (attrs.rate !== '1') feed.faults.push(`currency ${attrs.id} rate ${attrs.rate}`);
    } else if (where === 'yml_catalog/shop/categories/category') {
      category = { id: attrs.id ?? '', parentId: attrs.parentId };
    } else if (where === 'yml_catalog/shop/offers/offer') {
      offer = {
        id: attrs.id ?? '',
        available: attrs.available ?? '',
        children: new Map(),
        outlets: [],
        pickup: [],
      };
    } else if (where === 'yml_catalog/shop/offers/offer/outlets/outlet' && offer) {
      offer.outlets.push({ id: attrs.id ?? '', instock: attrs.instock ?? '' });
    } else if (where === 'yml_catalog/shop/offers/offer/pickup-options/option' && offer) {
      offer.pickup.push({ cost: attrs.cost ?? '', days: attrs.days ?? '' });
    } else if (parent === 'offers' && tag.name !== 'offer') feed.faults.push(`<${tag.name}> in <offers>`);
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    const where = stack.join('/');
    stack.pop();
    if (where === 'yml_catalog/shop/categories/category' && category) {
      if (feed.categories.has(category.id)) feed.faults.push(`category id ${category.id} twice`);
      feed.categories.set(category.id, { parentId: category.parentId, title: text });
      category = null;
    } else if (where === 'yml_catalog/shop/offers/offer' && offer) {
      feed.offers.push(offer);
      offer = null;
    } else if (offer && stack.length === 4) {
      const list = offer.children.get(tag.name) ?? [];
      list.push(text);
      offer.children.set(tag.name, list);
    } else if (stack.length === 2 && stack[1] === 'shop') feed.shop.set(tag.name, text);
    text = '';
  });
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (const chunk of chunks) parser.write(decoder.decode(chunk, { stream: true }));
  parser.write(decoder.decode());
  parser.close();
  return feed;
}

const ABSOLUTE = /^https?:\/\/[^\s/]+\/\S*$/;
const PRICE = /^\d+(\.\d{1,2})?$/;

/** Every rule of the YML structure the shop relies on; returns the faults (none for a valid feed). */
function structuralFaults(feed: Feed, publicUrl: string): string[] {
  const faults = [...feed.faults];
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?([+-]\d\d:\d\d|Z)$/.test(feed.date))
    faults.push(`date ${feed.date}`);
  for (const name of ['name', 'company', 'url'])
    if (!feed.shop.get(name)?.trim()) faults.push(`shop has no <${name}>`);
  if (!ABSOLUTE.test(feed.shop.get('url') ?? '')) faults.push('shop url not absolute');
  if (!feed.currencies.includes('RUR')) faults.push('no RUR currency');
  for (const [id, c] of feed.categories) {
    if (!/^\d{1,18}$/.test(id)) faults.push(`category id ${id}`);
    if (!c.title.trim()) faults.push(`category ${id} without a title`);
    if (c.parentId !== undefined && !feed.categories.has(c.parentId))
      faults.push(`category ${id}: parent ${c.parentId} not listed`);
  }
  const ids = new Set<string>();
  for (const o of feed.offers) {
    const one = (name: string) => {
      const list = o.children.get(name);
      if (!list || list.length !== 1) faults.push(`offer ${o.id}: <${name}> ×${list?.length ?? 0}`);
      return list?.[0] ?? '';
    };
    if (!/^[0-9a-zA-Z]{1,20}$/.test(o.id)) faults.push(`offer id ${o.id}`);
    if (ids.has(o.id)) faults.push(`offer id ${o.id} twice`);
    ids.add(o.id);
    if (o.available !== 'true' && o.available !== 'false')
      faults.push(`offer ${o.id} available=${o.available}`);
    const url = one('url');
    if (!url.startsWith(`${publicUrl}/`) || !ABSOLUTE.test(url)) faults.push(`offer ${o.id} url ${url}`);
    const price = one('price');
    if (!PRICE.test(price) || Number(price) <= 0) faults.push(`offer ${o.id} price ${price}`);
    const old = o.children.get('oldprice')?.[0];
    if (old !== undefined && (!PRICE.test(old) || Number(old) <= Number(price)))
      faults.push(`offer ${o.id} oldprice ${old}`);
    if (one('currencyId') !== 'RUR') faults.push(`offer ${o.id} currency`);
    const categoryId = one('categoryId');
    if (!feed.categories.has(categoryId)) faults.push(`offer ${o.id}: category ${categoryId} not listed`);
    if (!one('name').trim()) faults.push(`offer ${o.id} without a name`);
    const pictures = o.children.get('picture') ?? [];
    if (pictures.length > 10) faults.push(`offer ${o.id}: ${pictures.length} pictures`);
    for (const p of pictures) if (!ABSOLUTE.test(p)) faults.push(`offer ${o.id} picture ${p}`);
    const description = o.children.get('description')?.[0];
    if (description !== undefined && (description.length > 3000 || /<[a-z]/i.test(description)))
      faults.push(`offer ${o.id} description not plain`);
    const stock = o.outlets.reduce((n, outlet) => n + Number(outlet.instock), 0);
    for (const outlet of o.outlets)
      if (!/^[1-9]\d*$/.test(outlet.instock) || !/^\d+$/.test(outlet.id))
        faults.push(`offer ${o.id} outlet ${outlet.id}=${outlet.instock}`);
    // Own stock: available, count = units in the outlets. A supplier's offer: available, no outlets, its units
    // as count and its term as the one pickup option. Neither: not available, count 0.
    const count = one('count');
    for (const option of o.pickup)
      if (option.cost !== '0' || !/^\d{1,3}$/.test(option.days))
        faults.push(`offer ${o.id} pickup option ${option.cost}/${option.days}`);
    if (o.outlets.length > 0) {
      if (count !== String(stock)) faults.push(`offer ${o.id}: count ≠ outlets`);
      if (o.available !== 'true') faults.push(`offer ${o.id}: available=${o.available}, ${stock}`);
      if (o.pickup.length > 0) faults.push(`offer ${o.id}: in stock with its own pickup options`);
    } else if (o.available === 'true') {
      if (!/^[1-9]\d*$/.test(count)) faults.push(`offer ${o.id}: on order, count ${count}`);
      if (o.pickup.length !== 1) faults.push(`offer ${o.id}: on order without its term`);
    } else if (count !== '0' || o.pickup.length > 0)
      faults.push(`offer ${o.id}: unavailable, count ${count}`);
    if (o.children.get('pickup')?.[0] !== o.available) faults.push(`offer ${o.id}: pickup ≠ available`);
  }
  return faults;
}

/** A stream that keeps what is written, chunk by chunk, with a small buffer (backpressure on every batch). */
function collector(highWaterMark = 16 * 1024) {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      setImmediate(done);
    },
  });
  return { stream, chunks, text: () => Buffer.concat(chunks).toString('utf8') };
}

const feedUrl = API_ROUTES.ymlFeed.path;

/** What the storefront lists: active goods with a price in categories that are not hidden. */
const offerable = sql`p.is_active and not p.is_service and p.price > 0
  and not exists (
    with recursive up as (select id, parent_id, is_hidden, is_service from categories where id = p.category_id
      union all select c.id, c.parent_id, c.is_hidden, c.is_service from categories c join up on c.id = up.parent_id)
    select 1 from up where is_hidden or (up.id = p.category_id and is_service))`;

describe('YML feed', () => {
  it('keeps only characters XML 1.0 allows and escapes the special ones', () => {
    expect(xmlText('a\u0000b\u0008c\u000bd\u000ce\u001ff\uD800g\uDC00h\uFFFEi')).toBe('abcdefghi');
    expect(xmlText('\t\n\r😀 <&>"\'')).toBe('\t\n\r😀 &lt;&amp;&gt;&quot;&apos;');
    expect(plainText('<h3>Заголовок</h3><ul><li>один</li><li>два&nbsp;три</li></ul>')).toBe(
      'Заголовок один два три',
    );
    const long = plainText(`<p>${'слово '.repeat(1000)}</p>`);
    expect(long.length).toBeLessThanOrEqual(3000);
    expect(long.endsWith('слово…')).toBe(true);
  });

  it('is served with the YML structure for the whole seeded catalogue', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: feedUrl });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const feed = readYml([res.rawPayload]);
    expect(structuralFaults(feed, ctx.config.publicUrl)).toEqual([]);

    expect(feed.offers.length).toBe(
      await count(sql`select count(*) as n from products p where ${offerable}`),
    );
    expect(feed.offers.length).toBeGreaterThan(100);
    // Stock per branch: an offer's outlets are the active branches holding it, with what is available there.
    const withStock = feed.offers.find((o) => o.outlets.length > 1)!;
    expect(withStock).toBeDefined();
    const branchStock = await query<{ branch_id: number; n: number }>(
      sql`select w.branch_id, sum(s.quantity - s.reserved)::int as n from stock s
          join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id and b.is_active
          where s.product_id = ${Number(withStock.id)} group by w.branch_id having sum(s.quantity - s.reserved) > 0`,
    );
    expect(
      withStock.outlets.map((o) => [Number(o.id), Number(o.instock)]).sort((a, b) => a[0]! - b[0]!),
    ).toEqual(branchStock.map((r) => [Number(r.branch_id), Number(r.n)]).sort((a, b) => a[0]! - b[0]!));

    // The offer's page, vendor and article are the product's.
    const [p] = await query<{ slug: string; article: string; vendor: string | null; title: string }>(
      sql`select p.slug, p.article, m.title as vendor, p.title from products p
          left join manufacturers m on m.id = p.manufacturer_id where p.id = ${Number(withStock.id)}`,
    );
    expect(withStock.children.get('url')?.[0]).toMatch(new RegExp(`/product_${p!.slug}$`));
    expect(withStock.children.get('vendorCode')).toEqual([p!.article]);
    expect(withStock.children.get('name')).toEqual([p!.title]);
    if (p!.vendor) expect(withStock.children.get('vendor')).toEqual([p!.vendor]);
  });

  it('sells a product without own stock by its best supplier offer: price, units, term, multiple', async () => {
    const db = ctx.handle.db;
    const free = sql`exists (select 1 from stock s join warehouses w on w.id = s.warehouse_id
      join branches b on b.id = w.branch_id and b.is_active where s.product_id = p.id and s.quantity > s.reserved)`;
    const [bare, byMultiple, unsold] = await query<{ id: number }>(
      sql`select p.id from products p where ${offerable} and not ${free} order by p.id limit 3`,
    );
    const [stocked] = await query<{ id: number; price: number }>(
      sql`select p.id, p.price::float8 as price from products p where ${offerable} and ${free} order by p.id limit 1`,
    );
    expect(unsold && stocked).toBeDefined();
    const supplier = async (title: string, active: boolean) => {
      const [s] = await query<{ id: number }>(
        sql`insert into suppliers (title, is_active) values (${title}, ${active}) returning id`,
      );
      return Number(s!.id);
    };
    const cheap = await supplier('Фид: дешёвый', true);
    const fast = await supplier('Фид: быстрый', true);
    const off = await supplier('Фид: отключён', false);
    const offer = (
      supplierId: number,
      productId: number,
      price: number,
      quantity: number,
      days: number,
      multiple = 1,
    ) =>
      db.execute(sql`insert into supplier_offers (supplier_id, product_id, purchase_price, price, quantity, delivery_days,
          multiplicity, supplier_article, supplier_brand)
        values (${supplierId}, ${productId}, ${price / 2}, ${price}, ${quantity}, ${days}, ${multiple}, 'A1', 'B')`);
    try {
      // The cheapest offer with units wins (the storefront's rule), whatever is faster or out of units.
      await offer(cheap, Number(bare!.id), 1234.5, 7, 5);
      await offer(fast, Number(bare!.id), 1500, 30, 1);
      await offer(off, Number(bare!.id), 900, 50, 1);
      // A cheaper offer with no units left does not count.
      await offer(cheap, Number(byMultiple!.id), 100, 0, 1);
      await offer(fast, Number(byMultiple!.id), 480, 40, 12, 4);
      // Only an inactive supplier's offer: not for sale.
      await offer(off, Number(unsold!.id), 700, 10, 2);
      // Own stock keeps its price, outlets and count.
      await offer(cheap, Number(stocked!.id), 1, 99, 1);

      const out = collector();
      await generateYmlFeed(db, ctx.config, out.stream, { batchSize: 500 });
      const feed = readYml(out.chunks);
      expect(structuralFaults(feed, ctx.config.publicUrl)).toEqual([]);
      const byId = (id: number) => feed.offers.find((o) => o.id === String(id))!;

      const a = byId(Number(bare!.id));
      expect([a.available, a.outlets, a.pickup]).toEqual(['true', [], [{ cost: '0', days: '5' }]]);
      expect(a.children.get('price')).toEqual(['1234.50']);
      expect(a.children.get('count')).toEqual(['7']);
      expect(a.children.get('pickup')).toEqual(['true']);
      expect(a.children.has('oldprice')).toBe(false);
      expect(a.children.has('min-quantity')).toBe(false);

      const m = byId(Number(byMultiple!.id));
      expect([m.available, m.pickup]).toEqual(['true', [{ cost: '0', days: '12' }]]);
      expect(m.children.get('price')).toEqual(['480']);
      expect(m.children.get('count')).toEqual(['40']);
      expect(m.children.get('min-quantity')).toEqual(['4']);
      expect(m.children.get('step-quantity')).toEqual(['4']);

      const u = byId(Number(unsold!.id));
      expect([u.available, u.pickup, u.children.get('count')]).toEqual(['false', [], ['0']]);

      const s = byId(Number(stocked!.id));
      expect(s.available).toBe('true');
      expect(s.outlets.length).toBeGreaterThan(0);
      expect(s.pickup).toEqual([]);
      expect(Number(s.children.get('price')![0])).toBe(Number(stocked!.price));
    } finally {
      await db.execute(sql`delete from supplier_offers where supplier_id in (${cheap}, ${fast}, ${off})`);
      await db.execute(sql`delete from suppliers where id in (${cheap}, ${fast}, ${off})`);
    }
  });

  it('writes batch by batch, waiting for the stream, with every product once whatever the batch size', async () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const small = collector(1024);
    const stats = await generateYmlFeed(ctx.handle.db, ctx.config, small.stream, { now, batchSize: 7 });
    const big = collector();
    await generateYmlFeed(ctx.handle.db, ctx.config, big.stream, { now });
    expect(small.text()).toBe(big.text());
    // One write per batch at least: the feed was never assembled whole.
    expect(small.chunks.length).toBeGreaterThan(stats.offers / 7);
    expect(stats.offers).toBe(readYml(small.chunks).offers.length);
  });

  it('escapes titles and descriptions, drops control characters, leaves out hidden categories', async () => {
    const db = ctx.handle.db;
    const [target] = await query<{ id: number; category_id: number }>(
      sql`select p.id, p.category_id from products p where ${offerable} order by p.id limit 1`,
    );
    const id = Number(target!.id);
    const title = 'Фильтр <A&B> "x" \'y\' \u0001\u000b\u001fконец';
    await db.execute(
      sql`update products set title = ${title}, description = ${'<p>Тип: <b>A&amp;B</b></p><p>  2 &lt; 3\u0002 </p>'},
            article = ${'OC&90<1>'} where id = ${id}`,
    );
    // A hidden category takes its products (and its subcategories' products) out of the feed.
    const [hidden] = await query<{ id: number }>(
      sql`select c.id from categories c where c.id <> ${Number(target!.category_id)}
          and exists (select 1 from products p where p.category_id = c.id and ${offerable})
          order by c.id limit 1`,
    );
    await db.execute(sql`update categories set is_hidden = true where id = ${Number(hidden!.id)}`);
    categoryDirectory(db).invalidate();
    try {
      const out = collector();
      await generateYmlFeed(db, ctx.config, out.stream);
      const feed = readYml(out.chunks);
      expect(structuralFaults(feed, ctx.config.publicUrl)).toEqual([]);
      const offer = feed.offers.find((o) => o.id === String(id))!;
      expect(offer.children.get('name')).toEqual(['Фильтр <A&B> "x" \'y\' конец']);
      expect(offer.children.get('description')).toEqual(['Тип: A&B 2 < 3']);
      expect(offer.children.get('vendorCode')).toEqual(['OC&90<1>']);
      expect(out.text()).toContain('<name>Фильтр &lt;A&amp;B&gt; &quot;x&quot; &apos;y&apos; конец</name>');

      expect(feed.categories.has(String(hidden!.id))).toBe(false);
      const hiddenProducts = await query<{ id: number }>(
        sql`select id from products where category_id = ${Number(hidden!.id)}`,
      );
      const listed = new Set(feed.offers.map((o) => o.id));
      expect(hiddenProducts.length).toBeGreaterThan(0);
      for (const p of hiddenProducts) expect(listed.has(String(p.id))).toBe(false);
    } finally {
      await db.execute(sql`update categories set is_hidden = false where id = ${Number(hidden!.id)}`);
      categoryDirectory(db).invalidate();
    }
  });

  it('is written atomically to DATA_DIR and rewritten after a catalogue change', async () => {
    const db = ctx.handle.db;
    const first = await refreshYmlFeed(db, ctx.config);
    expect(first.path.startsWith(ctx.config.dataDir)).toBe(true);
    expect(first.bytes).toBeGreaterThan(1000);
    // Served from the file; no change since, nothing is rewritten (the config waits 600 s between rewrites).
    const before = await ctx.app.inject({ method: 'GET', url: feedUrl });
    expect(before.statusCode).toBe(200);

    const [p] = await query<{ id: number }>(
      sql`select p.id from products p where ${offerable} order by p.id limit 1`,
    );
    const renamed = `Новое название ${Date.now()}`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`update products set title = ${renamed} where id = ${Number(p!.id)}`);
      await publish(tx, { type: 'catalog.changed', entity: 'product', ids: [Number(p!.id)] });
    });
    // Within the interval the previous file is still served…
    const soon = await ctx.app.inject({ method: 'GET', url: feedUrl });
    expect(soon.body).not.toContain(renamed);
    // …and once it has passed, the change is picked up (the request starts the rewrite, later ones get it).
    ctx.config.ymlFeedRefreshSeconds = 0;
    try {
      let body = '';
      for (let i = 0; i < 100 && !body.includes(renamed); i++) {
        body = (await ctx.app.inject({ method: 'GET', url: feedUrl })).body;
        if (!body.includes(renamed)) await new Promise((r) => setTimeout(r, 100));
      }
      expect(body).toContain(`<name>${renamed}</name>`);
      expect(structuralFaults(readYml([Buffer.from(body)]), ctx.config.publicUrl)).toEqual([]);
    } finally {
      ctx.config.ymlFeedRefreshSeconds = 600;
    }
  });
});
