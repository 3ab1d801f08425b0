import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { filtersResponse, searchProductsResponse, searchResponse } from '@podbor/contract';
import { ctx, transportId, query, count, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';
import { categoryDirectory } from '../../lib/catalog/category.directory';
import { searchProducts } from './search.service';

useCatalogContext();

describe('search', () => {
  const search = async (q: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent(q)}`,
    });
    expect(res.statusCode, q).toBe(200);
    return searchResponse.parse(json(res));
  };

  it('finds by a Russian word in another form', async () => {
    const r = await search('колодка');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /колодк/i.test(p.title))).toBe(true);
    expect(r.categories.map((c) => c.slug)).toContain('tormoznye-kolodki');
  });

  it('tolerates one typo', async () => {
    const r = await search('калодки');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.some((p) => /колодк/i.test(p.title))).toBe(true);
  });

  it('tolerates a typo in a word only product titles use (search_words dictionary)', async () => {
    const r = await search('поликлинавой');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products[0]!.title).toMatch(/поликлинов/i);
  });

  it('corrects a typo next to a correct word, and a typo in a long word', async () => {
    const r = await search('калодки тормозные');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /колодк/i.test(p.title) && /тормозн/i.test(p.title))).toBe(true);
    const long = await search('амартизатар');
    expect(long.products.length).toBeGreaterThan(0);
    expect(long.products.every((p) => /амортизатор/i.test(p.title))).toBe(true);
  });

  it('keeps the search dictionary: letter-only stems of the active product titles', async () => {
    const words = await query<{ word: string }>(sql`select word from search_words`);
    const set = new Set(words.map((w) => w.word));
    expect(set.has('колодк')).toBe(true);
    expect([...set].every((w) => /^\p{L}{3,}$/u.test(w))).toBe(true);
    // Counted per word as ts_stat counts it (documents that hold the word), which refreshSearchWords replaced.
    const stat = await query<{ word: string; ndoc: number }>(
      sql`select word, ndoc from ts_stat('select search from products where is_active')
          where word ~ '^[[:alpha:]]{3,}$' order by word`,
    );
    const kept = await query<{ word: string; ndoc: number }>(
      sql`select word, ndoc from search_words order by word`,
    );
    expect(kept).toEqual(stat);
  });

  it('takes a word being typed as a prefix, also a stop word ("перед" finds "передние")', async () => {
    const r = await search('перед');
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /перед/i.test(p.title))).toBe(true);
    const typed = await search('амортиз');
    expect(typed.products.length).toBeGreaterThan(0);
    expect(typed.products.every((p) => /амортиз/i.test(p.title))).toBe(true);
  });

  it('finds an article typed in part (prefix) and keeps the exact article first', async () => {
    const [p] = await query<{ slug: string; article_normalized: string }>(
      sql`select slug, article_normalized from products where is_active and length(article_normalized) >= 8 and article_normalized ~ '^[0-9]' order by id limit 1`,
    );
    const prefix = p!.article_normalized.slice(0, 6);
    const r = await search(prefix.replace(/(.{3})/g, '$1 ').trim());
    expect(r.products.length).toBeGreaterThan(0);
    expect(
      r.products[0]!.vendor_code!.replace(/[\s\-./\\]+/g, '')
        .toUpperCase()
        .startsWith(prefix),
    ).toBe(true);
  });

  it('finds an article whatever its spacing, dashes and case, exact match first', async () => {
    const [p] = await query<{ slug: string; article: string; article_normalized: string }>(
      sql`select slug, article, article_normalized from products where is_active and length(article_normalized) >= 6 and article_normalized ~ '[0-9]' order by id limit 1`,
    );
    const n = p!.article_normalized;
    const spaced = n
      .replace(/(.{3})/g, '$1 ')
      .trim()
      .toLowerCase();
    const dashed = `${n.slice(0, 2)}-${n.slice(2)}`.toLowerCase();
    for (const q of [n, spaced, dashed, p!.article]) {
      const r = await search(q);
      expect(r.products[0]?.slug, q).toBe(p!.slug);
    }
  });

  it('finds vehicles by label', async () => {
    const r = await search('Lada Vesta');
    expect(r.transport.length).toBeGreaterThan(0);
    expect(r.transport[0]!.label).toMatch(/Lada Vesta/);
    expect((await search('лада веста')).transport.length).toBeGreaterThan(0);
  });

  const searchFor = async (q: string, transport: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent(q)}&transport=${transport}`,
    });

  /** Products matching 'колодки' (stem колодк) that fit the vehicle or every vehicle. */
  const fittingPads = () =>
    count(sql`select count(*) as n from products p
              where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*')
                and (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`);

  it('ranks products that fit the chosen vehicle (or every vehicle) first and marks them', async () => {
    const res = await searchFor('колодки', String(transportId));
    expect(res.statusCode).toBe(200);
    const r = searchResponse.parse(json(res));
    const fits = r.products.map((p) => p.is_linked_transport);
    const expected = Math.min(10, await fittingPads());
    expect(expected).toBeGreaterThan(0);
    expect(fits.filter(Boolean).length).toBe(expected);
    // All fitting ones before the others.
    expect(fits).toEqual([...fits].sort((a, b) => Number(b) - Number(a)));
    for (const p of r.products.filter((x) => x.is_linked_transport)) {
      const ok =
        await count(sql`select count(*) as n from products p where p.slug = ${p.slug} and (p.is_universal or exists
        (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`);
      expect(ok, p.slug).toBe(1);
    }
    // The storefront's name for the same parameter.
    const alias = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/?query=${encodeURIComponent('колодки')}&transport_id=${transportId}`,
    });
    expect(searchResponse.parse(json(alias))).toEqual(r);
    // Without a vehicle nothing is marked.
    expect((await search('колодки')).products.every((p) => p.is_linked_transport === undefined)).toBe(true);
  });

  it('ignores an unknown vehicle and rejects a malformed one', async () => {
    const unknown = await searchFor('колодки', '99999999');
    expect(unknown.statusCode).toBe(200);
    expect(searchResponse.parse(json(unknown))).toEqual(await search('колодки'));
    const bad = await searchFor('колодки', 'abc');
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toHaveProperty('errors');
    expect((await searchFor('', String(transportId))).statusCode).toBe(200);
  });

  it('gives the same answer when the popular window leaves every tier to the second pass', async () => {
    const tree = await categoryDirectory(ctx.handle.db).tree();
    for (const [q, t] of [
      ['колодки', transportId],
      ['колодки', null],
      ['масло', transportId],
      ['фильтр воздушный', transportId],
      ['калодки', transportId],
      ['перед', null],
    ] as const) {
      const full = await searchProducts(ctx.handle.db, tree, q, t);
      const narrow = await searchProducts(ctx.handle.db, tree, q, t, 1);
      const none = await searchProducts(ctx.handle.db, tree, q, t, 0);
      expect(narrow, `${q} ${t}`).toEqual(full);
      expect(none, `${q} ${t}`).toEqual(full);
      expect(full.length, q).toBeGreaterThan(0);
    }
    // And that answer is the best one: fitting first, then by popularity, checked against the whole table.
    const expected = await query<{ slug: string }>(
      sql`select p.slug from products p
          where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*')
          order by (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id
                    and pt.transport_id = ${transportId})) desc, p.popularity desc, p.id
          limit 10`,
    );
    const got = await searchProducts(ctx.handle.db, tree, 'колодки', transportId, 0);
    expect(got.map((p) => p.slug)).toEqual(expected.map((e) => e.slug));
  });

  /** A title of the catalogue matching a pattern (the seed decides which sizes and grades exist). */
  const titleLike = async (pattern: string) => {
    const [row] = await query<{ title: string }>(
      sql`select title from products where is_active and title ~ ${pattern} order by popularity desc, id limit 1`,
    );
    expect(row, pattern).toBeDefined();
    return row!.title;
  };

  it('finds a viscosity grade in every spelling, alone or with words', async () => {
    const title = await titleLike('^Масло моторное .* [0-9]+W-[0-9]+ ');
    const [, w, h] = /(\d+)W-(\d+)/.exec(title)!;
    const grade = new RegExp(`(^|\\s)${w}W-${h}\\s`);
    for (const q of [
      `${w}w${h}`,
      `${w}W-${h}`,
      `${w}w-${h}`,
      `${w}w ${h}`,
      `масло ${w}w${h}`,
      `${w}W${h} моторное`,
    ]) {
      const r = await search(q);
      expect(r.products.length, q).toBeGreaterThan(0);
      for (const p of r.products) expect(p.title, q).toMatch(grade);
    }
  });

  it('finds a tyre size in every spelling, and the width/profile alone', async () => {
    const title = await titleLike('^Шина .* [0-9]{3}/[0-9]{2} R[0-9]{2} ');
    const [, w, pr, rim] = /(\d{3})\/(\d{2}) R(\d{2})/.exec(title)!;
    for (const q of [
      `${w}/${pr} R${rim}`,
      `${w}/${pr}r${rim}`,
      `${w} ${pr} ${rim}`,
      `шины ${w}/${pr} р${rim}`,
    ]) {
      const r = await search(q);
      expect(r.products.length, q).toBeGreaterThan(0);
      for (const p of r.products) expect(p.title, q).toContain(`${w}/${pr} R${rim}`);
    }
    const r = await search(`${w}/${pr}`);
    expect(r.products.length).toBeGreaterThan(0);
    for (const p of r.products) expect(p.title).toContain(`${w}/${pr} R`);
    expect(r.categories.some((c) => /шин/i.test(c.title))).toBe(true);
  });

  it('finds lamps by their base, two characters being enough, and never a longer base', async () => {
    const title = await titleLike('^Лампа .* H[0-9]+ ');
    const base = / (H\d+) /.exec(title)![1]!;
    const exact = new RegExp(` ${base} `);
    for (const q of [base, base.toLowerCase(), `лампа ${base.toLowerCase()}`]) {
      const r = await search(q);
      expect(r.products.length, q).toBeGreaterThan(0);
      for (const p of r.products) expect(p.title, q).toMatch(exact);
      expect(
        r.categories.some((c) => /ламп/i.test(c.title)),
        q,
      ).toBe(true);
    }
    const shorter = await search('H1');
    for (const p of shorter.products) expect(p.title).toMatch(/ H1 /);
  });

  it('finds parts by the words customers use for them', async () => {
    const wipers = await search('дворники');
    expect(wipers.products.length).toBeGreaterThan(0);
    for (const p of wipers.products) expect(p.title).toMatch(/^Щётка стеклоочистителя/);
    expect(wipers.categories.map((c) => c.slug)).toContain('shchetki-stekloochistitelya');
    const washer = await search('незамерзайка');
    expect(washer.products.length).toBeGreaterThan(0);
    for (const p of washer.products) expect(p.title).toMatch(/^Жидкость стеклоомывателя зимняя/);
    const coolant = await search('тосол');
    expect(coolant.products.length).toBeGreaterThan(0);
    for (const p of coolant.products) expect(p.title).toMatch(/антифриз/i);
  });

  it('reads a query typed with the wrong keyboard layout and names the query it answered', async () => {
    const pads = await search('rjkjlrb');
    expect(pads.corrected_query).toBe('колодки');
    expect(pads.products.length).toBeGreaterThan(0);
    for (const p of pads.products) expect(p.title).toMatch(/колодк/i);
    const oil = await search('vfckj');
    expect(oil.corrected_query).toBe('масло');
    for (const p of oil.products) expect(p.title).toMatch(/масл/i);
    // A query found as typed is answered as typed.
    expect((await search('колодки')).corrected_query).toBeUndefined();
  });

  it('answers fewer than 3 characters with an empty result, not an error', async () => {
    for (const q of ['', 'ко', '  a  ', 'h'])
      expect(await search(q)).toEqual({ transport: [], categories: [], products: [] });
    expect((await search('zzzzqqqq')).products).toEqual([]);
  });
});

describe('search results page', () => {
  const results = async (q: string, body: object = {}, opts: { transport?: number; qs?: string } = {}) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/search/products/${opts.transport ? `${opts.transport}/` : ''}?query=${encodeURIComponent(q)}${opts.qs ?? ''}`,
      payload: body,
    });
    return res;
  };
  const page = async (q: string, body: object = {}, opts: { transport?: number; qs?: string } = {}) => {
    const res = await results(q, body, opts);
    expect(res.statusCode, res.body).toBe(200);
    return searchProductsResponse.parse(json(res));
  };

  it('lists every match, not only the ten of the dropdown, codes read in any spelling', async () => {
    const expected = await count(
      sql`select count(*) as n from products where is_active and title ~ '^Масло .* 5W-30 '`,
    );
    expect(expected).toBeGreaterThan(0);
    for (const q of ['масло 5w30', 'масло 5W-30', 'масло 5w 30']) {
      const r = await page(q, {}, { qs: '&size=100' });
      expect(r.total, q).toBe(expected);
      for (const p of r.results) expect(p.title).toMatch(/ 5W-30 /);
    }
  });

  it('applies a filter and a sort, and counts what the filters offer', async () => {
    const filtersRes = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/catalog/search/filters/?query=${encodeURIComponent('масло')}`,
    });
    expect(filtersRes.statusCode).toBe(200);
    const filters = filtersResponse.parse(json(filtersRes));
    const all = await page('масло', {}, { qs: '&size=100' });
    const categoryFilter = filters.find((f) => f.slug === 'category')!;
    expect(categoryFilter.values!.reduce((n, v) => n + v.count, 0)).toBe(all.total);
    const price = filters.find((f) => f.slug === 'price')!;
    expect(price.type).toBe('RANGE');
    const top = categoryFilter.values![0]!;
    const sorted = await page(
      'масло',
      { sort: 'price', order: 'asc', filter: { category: [top.value] } },
      { qs: '&size=100' },
    );
    expect(sorted.total).toBe(top.count);
    const prices = sorted.results.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const p of sorted.results) expect(p.categories[0]).toContain(String(top.value));
    const cheap = await page('масло', { filter: { price: [0, prices[0]!], category: [top.value] } });
    expect(cheap.results.every((p) => p.price <= prices[0]!)).toBe(true);
    expect(cheap.total).toBeGreaterThan(0);
  });

  it('lists only what fits the chosen vehicle, as the catalogue does', async () => {
    const r = await page('колодки', {}, { transport: transportId, qs: '&size=100' });
    const expected = await count(sql`select count(*) as n from products p
      where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*')
        and (p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId}))`);
    expect(r.total).toBe(expected);
    expect(r.results.every((p) => p.is_linked_transport === true)).toBe(true);
  });

  it('reads the wrong keyboard layout and says so', async () => {
    const r = await page('rjkjlrb');
    expect(r.corrected_query).toBe('колодки');
    expect(r.total).toBeGreaterThan(0);
  });

  it('answers bad filters with a Russian 400 and short queries with an empty page', async () => {
    const unknown = await results('масло', { filter: { colour: ['red'] } });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(json(unknown))).toContain('Неизвестный фильтр');
    const badCategory = await results('масло', { filter: { category: ['no-such-category'] } });
    expect(badCategory.statusCode).toBe(400);
    const badRange = await results('масло', { filter: { price: ['a', 5] } });
    expect(badRange.statusCode).toBe(400);
    expect(await page('ко')).toEqual({ current: 1, pages: 0, total: 0, results: [] });
    expect((await page('H7')).total).toBeGreaterThanOrEqual(0);
  });
});
