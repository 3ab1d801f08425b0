import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { searchProductsResponse, searchResponse } from '@podbor/contract';
import { ctx, count, useCatalogContext } from '../../../test/catalog-helpers';
import { json } from '../../../test/helpers';
import { runVehicleSearchTable, VEHICLE_SEARCH_TABLE } from '../../../test/vehicle-search-table';

useCatalogContext();

const search = async (q: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/catalog/search/?query=${encodeURIComponent(q)}`,
  });
  expect(res.statusCode, q).toBe(200);
  return searchResponse.parse(json(res));
};

const fitsAny = (ids: number[]) =>
  sql`(p.is_universal or exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = any(${`{${ids.join(',')}}`}::int[])))`;

describe('the vehicle read from the search text (issue #17)', () => {
  it('reads the vehicle and category of at least 95 % of the test table (40+ queries)', async () => {
    expect(VEHICLE_SEARCH_TABLE.length).toBeGreaterThanOrEqual(40);
    const { rows, hitRate } = await runVehicleSearchTable(search);
    const misses = rows.filter((r) => !r.hit).map((r) => `${r.query}: ${r.expected} ≠ ${r.got}`);
    expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('names the vehicle, offers its vehicles and searches the other words, ranking parts that fit it', async () => {
    const r = await search('колодки камри 2018');
    expect(r.vehicle).toMatchObject({
      brand: 'Toyota',
      model: 'Camry',
      year: 2018,
      step: 'year',
      query: 'колодки',
    });
    expect(r.vehicle!.label).toBe('Toyota Camry 2018');
    expect(r.transport.length).toBeGreaterThan(0);
    expect(r.transport.every((t) => /^Toyota Camry /.test(t.label))).toBe(true);
    expect(r.products.length).toBeGreaterThan(0);
    expect(r.products.every((p) => /колодк/i.test(p.title))).toBe(true);
    // Products fitting one of the vehicles come first and are marked.
    const fitting = r.products.filter((p) => p.is_linked_transport);
    expect(fitting.length).toBeGreaterThan(0);
    expect(r.products.slice(0, fitting.length).every((p) => p.is_linked_transport)).toBe(true);
  });

  it('proves one vehicle from model, year and volume, and leaves prepositions and units out', async () => {
    const r = await search('масло для весты 2019 г. 1.6 л');
    expect(r.vehicle?.query).toBe('масло');
    expect(r.vehicle).toMatchObject({ brand: 'Lada', model: 'Vesta', year: 2019 });
    expect(r.vehicle!.engine).toMatch(/^1\.6/);
  });

  it('reads nothing from a brand alone or from part words, and keeps the answer of a plain query', async () => {
    expect((await search('масло тойота')).vehicle).toBeUndefined();
    expect((await search('колодки передние')).vehicle).toBeUndefined();
    expect((await search('5w30')).vehicle).toBeUndefined();
  });

  it('lists on the results page only the parts fitting the vehicle of the text, and names it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/search/products/?query=${encodeURIComponent('колодки солярис')}`,
      payload: { page: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = searchProductsResponse.parse(json(res));
    expect(page.vehicle).toMatchObject({ brand: 'Hyundai', model: 'Solaris', query: 'колодки' });
    const ids = (await search('колодки солярис')).vehicle!.transports.map((t) => t.id);
    expect(ids.length).toBeGreaterThan(0);
    const [solaris] = await ctx.handle.db
      .execute<{ ids: number[] }>(
        sql`select array_agg(t.id) as ids from transports t join vehicle_models m on m.id = t.model_id where m.title = 'Solaris'`,
      )
      .then((r) => r.rows);
    const expected = await count(
      sql`select count(*) as n from products p where p.is_active and p.search @@ to_tsquery('simple', 'колодк:*') and ${fitsAny(solaris!.ids.map(Number))}`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(page.total).toBe(expected);
  });
});
