import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MAINTENANCE_MESSAGES,
  maintenanceCartResponse,
  maintenanceResponse,
  type MaintenanceResponse,
} from '@podbor/contract';
import { SCHEDULES, scheduleFor } from '../src/modules/maintenance/maintenance-data';
import { createTestContext, json, type TestContext } from './helpers';
import { place, rows, setStock, visitor, type Place } from './shop-helpers';

// Каталог ТО (issue #17): the kit of the next service for a seeded vehicle and mileage, errors in Russian, and the
// whole kit into the cart in one call.

let ctx: TestContext;
let city: Place;
let granta: number;
/** Fixture products by kit line: [in stock, out of stock] that fit the Granta. */
const fitted: Record<string, [Fixture, Fixture]> = {};
let oil: Fixture;
let oilOther: Fixture;

interface Fixture {
  id: number;
  slug: string;
}

async function productsOf(categorySlug: string, n: number, offset = 0): Promise<Fixture[]> {
  const list = await rows<{ id: number; slug: string }>(
    ctx,
    sql`select p.id, p.slug from products p join categories c on c.id = p.category_id
        where c.slug = ${categorySlug} and p.is_active order by p.id offset ${offset} limit ${n}`,
  );
  if (list.length < n) throw new Error(`seed has fewer than ${n} products in ${categorySlug}`);
  return list.map((r) => ({ id: Number(r.id), slug: r.slug }));
}

/** Makes the products fit the vehicle and nothing else of the kit's categories fit it. */
async function fit(transportId: number, categorySlug: string, products: Fixture[]) {
  await ctx.handle.db.execute(sql`delete from product_transports where transport_id = ${transportId}
    and category_id = (select id from categories where slug = ${categorySlug})`);
  for (const p of products) {
    await ctx.handle.db.execute(
      sql`insert into product_transports (product_id, transport_id, category_id)
          select ${p.id}, ${transportId}, category_id from products where id = ${p.id}`,
    );
  }
}

async function setProperty(productId: number, property: string, value: string) {
  await ctx.handle.db.execute(sql`delete from product_property_values where product_id = ${productId}
    and property_id = (select id from properties where slug = ${property})`);
  await ctx.handle.db.execute(sql`insert into product_property_values (product_id, property_id, value_id)
    select ${productId}, pv.property_id, pv.id from property_values pv join properties pr on pr.id = pv.property_id
    where pr.slug = ${property} and pv.value = ${value}`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  city = await place(ctx);
  const [t] = await rows<{ id: number }>(
    ctx,
    sql`select t.id from transports t join vehicle_models m on m.id = t.model_id join vehicle_brands b on b.id = m.brand_id
        join engines e on e.id = t.engine_id
        where b.slug = 'lada' and m.title = 'Granta' and e.volume_l = '1.6' order by t.id limit 1`,
  );
  granta = Number(t!.id);
  const warehouse = city.branches[0]!.warehouseId;
  for (const slug of ['maslyanye-filtry', 'vozdushnye-filtry', 'salonnye-filtry', 'svechi-zazhiganiya']) {
    const [a, b] = await productsOf(slug, 2);
    await fit(granta, slug, [a!, b!]);
    // The lower id is out of stock: the kit must still choose the one in stock.
    await setStock(ctx, a!.id, {});
    await setStock(ctx, b!.id, { [warehouse]: 10 });
    fitted[slug] = [b!, a!];
  }
  // Oils are universal: 5W-40 in a 4 l can (Granta takes 3.2 l) and in a 1 l can; nothing else of that viscosity.
  const oils = await productsOf('motornye-masla', 2);
  await ctx.handle.db
    .execute(sql`delete from product_property_values where property_id = (select id from properties where slug = 'vyazkost')
    and value_id = (select pv.id from property_values pv join properties pr on pr.id = pv.property_id where pr.slug = 'vyazkost' and pv.value = '5W-40')`);
  [oil, oilOther] = [oils[0]!, oils[1]!];
  for (const [p, litres] of [
    [oil, '4'],
    [oilOther, '1'],
  ] as const) {
    await ctx.handle.db.execute(sql`update products set is_universal = true where id = ${p.id}`);
    await setProperty(p.id, 'vyazkost', '5W-40');
    await setProperty(p.id, 'obem', litres);
    await setStock(ctx, p.id, { [warehouse]: 20 });
  }
});
afterAll(() => ctx?.close());

/** Thousands are grouped with a no-break space; compare with plain ones. */
const spaced = (text: string) => text.replace(/\s/g, ' ');

const kit = async (query: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/maintenance/?${query}` });

async function kitFor(mileage: number | string): Promise<MaintenanceResponse> {
  const res = await kit(`transport_id=${granta}&mileage=${mileage}&city=${city.citySlug}`);
  expect(res.statusCode, res.body).toBe(200);
  return maintenanceResponse.parse(json(res));
}

describe('GET /api/v1/maintenance/', () => {
  it('gives a Granta at 28 000 km the kit of ТО-2: oil of its spec and volume, filters and plugs that fit, in stock first', async () => {
    const body = await kitFor(28_000);
    expect(body.service).toMatchObject({ number: 2, title: 'ТО-2', km: 30_000, interval_km: 15_000 });
    expect(body.oil).toEqual({ viscosity: '5W-40', approval: expect.any(String), volume_l: 3.2 });
    expect(body.lines.map((l) => l.code)).toEqual([
      'oil',
      'oil-filter',
      'air-filter',
      'cabin-filter',
      'spark-plugs',
    ]);
    const line = (code: string) => body.lines.find((l) => l.code === code)!;
    // 3.2 l: one 4 l can rather than four 1 l cans; the 1 l can is the replacement, four of them.
    expect(line('oil').title).toBe('Моторное масло 5W-40, 3,2 л');
    expect(line('oil').product).toMatchObject({ id: oil.id, quantity: 1 });
    expect(line('oil').replacements).toEqual([expect.objectContaining({ id: oilOther.id, quantity: 4 })]);
    for (const [code, slug] of [
      ['oil-filter', 'maslyanye-filtry'],
      ['air-filter', 'vozdushnye-filtry'],
      ['cabin-filter', 'salonnye-filtry'],
      ['spark-plugs', 'svechi-zazhiganiya'],
    ] as const) {
      const [inStock, outOfStock] = fitted[slug]!;
      expect(line(code).product, code).toMatchObject({ id: inStock.id, stock: 10 });
      expect(
        line(code).replacements.map((r) => r.id),
        code,
      ).toEqual([outOfStock.id]);
    }
    expect(line('spark-plugs').product!.quantity).toBe(4);
    expect(spaced(line('spark-plugs').reason)).toBe('каждые 30 000 км, на каждом 2-м ТО');
    const total = body.lines.reduce((sum, l) => sum + l.product!.price * l.product!.quantity, 0);
    expect(body.total).toBeCloseTo(total, 2);
    expect(body.upcoming[0]).toEqual({
      title: 'ТО-3',
      km: 45_000,
      items: ['моторное масло', 'масляный фильтр', 'салонный фильтр', 'тормозная жидкость'],
    });
  });

  it('picks the service by mileage: ТО-1 for a new car and at 15 000 km, ТО-3 with brake fluid after it', async () => {
    for (const [mileage, title] of [
      [0, 'ТО-1'],
      [15_000, 'ТО-1'],
      [15_001, 'ТО-2'],
      [44_000, 'ТО-3'],
    ] as const) {
      expect((await kitFor(mileage)).service.title, String(mileage)).toBe(title);
    }
    const first = await kitFor(0);
    expect(first.lines.map((l) => l.code)).toEqual(['oil', 'oil-filter', 'cabin-filter']);
    const third = await kitFor(44_000);
    expect(third.lines.map((l) => l.code)).toContain('brake-fluid');
    expect(third.lines.map((l) => l.code)).not.toContain('spark-plugs');
    expect(spaced(third.lines.find((l) => l.code === 'brake-fluid')!.reason)).toBe(
      'каждые 45 000 км или 2 года — что наступит раньше',
    );
    // Mileage may be typed with spaces.
    expect((await kitFor('60%20000')).service.title).toBe('ТО-4');
  });

  it('says so on a line the catalogue has nothing for, instead of dropping it', async () => {
    await fit(granta, 'salonnye-filtry', []);
    const body = await kitFor(1000);
    const cabin = body.lines.find((l) => l.code === 'cabin-filter')!;
    expect(cabin).toMatchObject({ product: null, replacements: [], note: MAINTENANCE_MESSAGES.noProduct });
    await fit(granta, 'salonnye-filtry', fitted['salonnye-filtry']!);
  });

  it('answers 404 for an unknown vehicle and 400 in Russian for a bad mileage or a missing vehicle', async () => {
    const unknown = await kit('transport_id=99999999&mileage=1000');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ errors: { detail: 'Не найдено.' } });
    for (const mileage of ['abc', '-5', '1.5', '2000000', '']) {
      const res = await kit(`transport_id=${granta}&mileage=${mileage}`);
      expect(res.statusCode, mileage).toBe(400);
      expect(json(res), mileage).toEqual({ errors: { mileage: [MAINTENANCE_MESSAGES.mileageInvalid] } });
    }
    const missing = await kit(`transport_id=${granta}`);
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ errors: { mileage: [MAINTENANCE_MESSAGES.mileageInvalid] } });
    const noVehicle = await kit('mileage=1000');
    expect(noVehicle.statusCode).toBe(400);
    expect(json(noVehicle)).toEqual({ errors: { transport_id: [MAINTENANCE_MESSAGES.transportRequired] } });
  });

  it('has a schedule for every vehicle of the demo catalogue, with intervals that fall on a ТО', async () => {
    const list = await rows<{ brand: string; model: string; fuel: string; label: string }>(
      ctx,
      sql`select b.slug as brand, m.title as model, e.fuel, b.title || ' ' || m.title || ' ' || e.title as label
          from transports t join vehicle_models m on m.id = t.model_id join vehicle_brands b on b.id = m.brand_id
          join engines e on e.id = t.engine_id`,
    );
    expect(list.length).toBeGreaterThan(100);
    const missing = list.filter((v) => !scheduleFor(v)).map((v) => v.label);
    expect(missing).toEqual([]);
    for (const s of SCHEDULES) {
      for (const every of [
        s.oilFilterKm,
        s.airFilterKm,
        s.cabinFilterKm,
        s.fuelFilterKm,
        s.sparkPlugsKm,
        s.brakeFluidKm,
      ]) {
        if (every !== undefined) expect(every % s.intervalKm, s.title).toBe(0);
      }
    }
  });
});

describe('POST /api/v1/maintenance/cart/', () => {
  it('adds every line in stock in one call and reports the line out of stock', async () => {
    const caller = await visitor(ctx);
    const body = await kitFor(28_000);
    const outOfStock = fitted['vozdushnye-filtry']![1];
    const items = body.lines.map((l) =>
      l.code === 'air-filter'
        ? { product: outOfStock.slug, quantity: 1 }
        : { product: l.product!.slug, quantity: l.product!.quantity },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/cart/',
      headers: { authorization: caller.authorization },
      payload: { items, city: city.citySlug, transport: granta },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = maintenanceCartResponse.parse(json(res));
    const expected = items.filter((i) => i.product !== outOfStock.slug);
    expect(answer.added.sort()).toEqual(expected.map((i) => i.product).sort());
    expect(answer.not_added).toEqual([
      {
        product: outOfStock.slug,
        title: expect.any(String),
        message: expect.stringMatching(/нет в наличии/),
      },
    ]);
    const inCart = new Map(answer.cart.results.map((l) => [l.product.slug, l.quantity]));
    expect(Object.fromEntries(inCart)).toEqual(
      Object.fromEntries(expected.map((i) => [i.product, i.quantity])),
    );

    // The cart itself holds them (read back through the cart's own call).
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payment/cart/',
      headers: { authorization: caller.authorization },
      payload: { city: city.citySlug },
    });
    expect(json<{ total: number }>(cart).total).toBe(expected.length);
  });

  it('refuses an empty kit and a kit without a session', async () => {
    const caller = await visitor(ctx);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/cart/',
      headers: { authorization: caller.authorization },
      payload: { items: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toEqual({ errors: { items: [MAINTENANCE_MESSAGES.kitEmpty] } });
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/maintenance/cart/',
      payload: { items: [{ product: oil.slug, quantity: 1 }] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
