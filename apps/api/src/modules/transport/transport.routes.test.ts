import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  transportBrandsResponse,
  transportDetailResponse,
  transportEnginesResponse,
  transportModelsResponse,
  transportYearsResponse,
  VEHICLE_CODE_MESSAGES,
  vehicleCodeResponse,
  type VehicleCodeResponse,
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

describe('VIN and FRAME numbers (issue #17)', () => {
  const decode = async (code: string) => {
    const res = await get(`/api/v1/transport/decode/?code=${encodeURIComponent(code)}`);
    expect(res.statusCode, res.body).toBe(200);
    return vehicleCodeResponse.parse(json(res));
  };

  /** The answer leads to a real step of the selector: its engines call lists the vehicle. */
  async function enginesOf(d: VehicleCodeResponse) {
    const res = await get(
      `/api/v2/transport/${d.years[0]}/${d.type!.slug}/${d.brand!.slug}/${d.model!.slug}/engines/`,
    );
    expect(res.statusCode).toBe(200);
    return transportEnginesResponse.parse(json(res));
  }

  it('a Lada, a Volkswagen and a Škoda from Russian plants: maker, model and year, straight to the engine', async () => {
    const granta = await decode('XTA219010F0301234');
    expect(granta).toMatchObject({
      kind: 'vin',
      maker: 'АвтоВАЗ (Lada)',
      country: 'Россия',
      brand: { slug: 'lada', title: 'Lada' },
      model: { title: 'Granta' },
      years: [2015],
      step: 'engine',
      check_digit: 'not-used',
    });
    expect((await enginesOf(granta)).length).toBeGreaterThan(0);

    const vesta = await decode('хтаgfl110jy123456'); // Cyrillic ХТА, lower case
    expect(vesta).toMatchObject({ model: { title: 'Vesta' }, years: [2018], step: 'engine' });
    expect((await enginesOf(vesta)).length).toBeGreaterThan(0);

    const polo = await decode('XW8ZZZ619EG012345');
    expect(polo).toMatchObject({ brand: { slug: 'volkswagen' }, model: { title: 'Polo' }, years: [2014] });
    expect(polo.step).toBe('engine');
    const octavia = await decode('TMBAG7NE1F0123456');
    expect(octavia).toMatchObject({
      brand: { slug: 'skoda' },
      model: { title: 'Octavia A7' },
      years: [2015],
    });
  });

  it('Korean, American and Chinese VINs give maker and year; the model is left to the customer', async () => {
    expect(await decode('KNAPC81D9G7012345')).toMatchObject({
      brand: { slug: 'kia' },
      model: null,
      years: [2016],
      step: 'model',
      check_digit: 'valid',
    });
    expect(await decode('4T1BF1FK0CU123456')).toMatchObject({
      country: 'США',
      brand: { slug: 'toyota' },
      years: [2012],
      step: 'model',
    });
    expect(await decode('5UXKR0C52F0123456')).toMatchObject({ brand: { slug: 'bmw' }, years: [2015] });
    // Honda builds cars and motorcycles: the car plant's code keeps the motorcycle out.
    expect(await decode('5J6RM4H75GL012345')).toMatchObject({
      type: { slug: 'legkovye' },
      brand: { slug: 'honda' },
      years: [2016],
      step: 'model',
    });
    // A 2013 Chery: the catalogue has no Chery of that year, so every Chery year is offered and the note says why.
    const chery = await decode('LVVDB11B1DD123456');
    expect(chery.brand?.slug).toBe('chery');
    expect(chery.years.length).toBeGreaterThan(1);
    expect(chery.years).not.toContain(2013);
    expect(chery.notes.join(' ')).toContain('тех лет');
  });

  it('a plant building two brands, a maker without a year code, makers the shop lacks or does not know', async () => {
    const rio = await decode('Z94C241BBJR123456');
    expect(rio).toMatchObject({ brand: null, years: [2018], step: 'brand' });
    expect(rio.notes.join(' ')).toMatch(/Hyundai и Kia|Kia и Hyundai/);

    const logan = await decode('X7LLSRB1HBH123456');
    expect(logan).toMatchObject({ brand: { slug: 'renault' }, step: 'year' });
    expect(logan.years.length).toBeGreaterThan(5);
    expect(logan.notes.join(' ')).toContain('Год выпуска этот изготовитель в VIN не пишет');

    const tesla = await decode('5YJ3E1EA6KF123456');
    expect(tesla).toMatchObject({ maker: 'Tesla', brand: null, years: [], step: 'year' });
    expect(tesla.notes).toContain('Машин Tesla в нашем каталоге нет');

    const brazil = await decode('9BWZZZ377VT004251');
    expect(brazil).toMatchObject({ maker: null, brand: null, step: 'year' });
    expect(brazil.notes[0]).toContain('9BW');
  });

  it('a FRAME number names the body: model known, the year chosen among that body’s years', async () => {
    const corolla = await decode('NZE141 1234567');
    expect(corolla).toMatchObject({
      kind: 'frame',
      code: 'NZE141-1234567',
      country: 'Япония',
      brand: { slug: 'toyota' },
      model: { title: 'Corolla' },
      step: 'year',
      check_digit: null,
    });
    expect(corolla.years).toEqual([2013, 2012, 2011, 2010, 2009, 2008, 2007, 2006]);

    const crv = await decode('RM1-1012345');
    expect(crv).toMatchObject({ brand: { slug: 'honda' }, model: { title: 'CR-V' } });
    expect(crv.years.every((y) => y >= 2012 && y <= 2016)).toBe(true);

    const unknown = await decode('ABC123-123456');
    expect(unknown).toMatchObject({ brand: null, model: null, years: [] });
    expect(unknown.notes[0]).toContain('ABC123');
  });

  it('a wrong code is a 400 naming the field in Russian, never a 500', async () => {
    for (const [code, message] of [
      ['XTA21901OF0301234', VEHICLE_CODE_MESSAGES.vinLetters],
      ['1HGCM82633A004353', VEHICLE_CODE_MESSAGES.vinCheckDigit],
      ['XTA219010F030123', VEHICLE_CODE_MESSAGES.vinLength(16)],
      ['', VEHICLE_CODE_MESSAGES.empty],
      ['NZE141-12AB', VEHICLE_CODE_MESSAGES.frameFormat],
    ] as const) {
      const res = await get(`/api/v1/transport/decode/?code=${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(400);
      expect(json(res)).toEqual({ errors: { code: [message] } });
    }
    const missing = await get('/api/v1/transport/decode/');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys((json(missing) as { errors: object }).errors)).toEqual(['code']);
  });
});
