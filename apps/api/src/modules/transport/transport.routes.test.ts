import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  transportBrandsResponse,
  transportDetailResponse,
  transportEnginesResponse,
  transportModelsResponse,
  transportYearsResponse,
} from '@podbor/contract';
import { createTestContext, json, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('vehicle selection (v2)', () => {
  it('walks year → type and brand → model → engine to a transport id, whose detail matches', async () => {
    const years = transportYearsResponse.parse(json(await get('/api/v2/transport/years/')));
    expect(years.length).toBeGreaterThan(10);
    expect(years.map(Number)).toEqual([...years.map(Number)].sort((a, b) => b - a));

    const year = '2018';
    const types = transportBrandsResponse.parse(json(await get(`/api/v2/transport/${year}/brands/`)));
    const cars = types.find((t) => t.brands.some((b) => b.slug === 'lada'))!;
    expect(cars).toBeDefined();

    const modelsRes = await get(`/api/v2/transport/${year}/${cars.slug}/lada/models/`);
    expect(modelsRes.statusCode).toBe(200);
    const models = transportModelsResponse.parse(json(modelsRes));
    const vesta = models.find((m) => m.title === 'Vesta')!;
    expect(vesta).toBeDefined();

    const engines = transportEnginesResponse.parse(
      json(await get(`/api/v2/transport/${year}/${cars.slug}/lada/${vesta.slug}/engines/`)),
    );
    expect(engines.length).toBeGreaterThan(0);
    const engine = engines[0]!;

    const [row] = (
      await ctx.handle.db.execute(
        sql`select t.year_from, t.year_to, e.title from transports t join engines e on e.id = t.engine_id where t.id = ${engine.transport_id}`,
      )
    ).rows as { year_from: number; year_to: number; title: string }[];
    expect(Number(row!.year_from)).toBeLessThanOrEqual(2018);
    expect(Number(row!.year_to)).toBeGreaterThanOrEqual(2018);

    const detailRes = await get(`/api/v1/transport/${engine.transport_id}/`);
    expect(detailRes.statusCode).toBe(200);
    const detail = transportDetailResponse.parse(json(detailRes));
    expect(detail.brand).toEqual({ title: 'Lada', slug: 'lada' });
    expect(detail.model.slug).toBe(vesta.slug);
    expect(detail.type.slug).toBe(cars.slug);
    expect(detail.engine.title).toBe(row!.title);
    expect(detail.years[0]).toBe(Number(row!.year_from));
    expect(detail.years.at(-1)).toBe(Number(row!.year_to));
    expect(detail.label).toBe(`Lada Vesta ${row!.year_from}–${row!.year_to} ${row!.title}`);
  });

  it('answers 404 for unknown or malformed parts, and an empty list for a known brand without models that year', async () => {
    for (const url of [
      '/api/v1/transport/99999999/',
      '/api/v1/transport/abc/',
      '/api/v1/transport/0/',
      '/api/v2/transport/20x8/brands/',
      '/api/v2/transport/2018/no-such-type/lada/models/',
      '/api/v2/transport/2018/legkovye/no-such-brand/models/',
      '/api/v2/transport/2018/legkovye/lada/no-such-model/engines/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(json(res)).toEqual({ errors: { detail: 'Не найдено.' } });
    }
    const res = await get('/api/v2/transport/1950/legkovye/lada/models/');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
    expect(json(await get('/api/v2/transport/1950/brands/'))).toEqual([]);
  });
});
