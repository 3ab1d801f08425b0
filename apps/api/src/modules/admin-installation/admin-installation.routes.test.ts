import { sql } from 'drizzle-orm';
import {
  INSTALLATION_MESSAGES,
  type AdminInstallationCategory,
  type AdminInstallationTable,
} from '@podbor/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../../test/helpers';
import { rows, user } from '../../../test/shop-helpers';

// Issue #14: the installation price table (category × city × vehicle type) edited in the back office. A save
// replaces the category's table, is audited, and the product page's installation price (cached per process)
// follows at once.

let ctx: TestContext;
let admin: string;
let manager: string;
let product: { slug: string; category_id: number };
let city: { id: number; slug: string };
let vehicle: { transport: number; type: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await user(ctx, 'admin')).authorization;
  manager = (await user(ctx, 'manager')).authorization;
  const [p] = await rows<{ slug: string; category_id: number }>(
    ctx,
    sql`select slug, category_id from products where is_active and with_installation order by id limit 1`,
  );
  product = { slug: p!.slug, category_id: Number(p!.category_id) };
  const [c] = await rows<{ id: number; slug: string }>(
    ctx,
    sql`select id, slug from cities order by id limit 1`,
  );
  city = { id: Number(c!.id), slug: c!.slug };
  const [t] = await rows<{ transport: number; type: number }>(
    ctx,
    sql`select t.id as transport, m.type_id as type from transports t
        join vehicle_models m on m.id = t.model_id order by t.id limit 1`,
  );
  vehicle = { transport: Number(t!.transport), type: Number(t!.type) };
});
afterAll(() => ctx?.close());

const url = (id = product.category_id) => `/api/admin/v1/installation-prices/${id}/`;
const read = (authorization = admin, id = product.category_id) =>
  ctx.app.inject({ method: 'GET', url: url(id), headers: { authorization } });
const save = (prices: object[], authorization = admin, id = product.category_id) =>
  ctx.app.inject({ method: 'PUT', url: url(id), headers: { authorization }, payload: { prices } });
const pagePrice = async (transport: number | '' = vehicle.transport) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/products/${product.slug}/installation-price/`,
    payload: { category: '', city: city.slug, transport: transport === '' ? '' : String(transport) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const price = json<{ price: string | null }>(res).price;
  return price === null ? null : Number(price.replace(/\s/g, '').replace(',', '.'));
};

describe('GET /api/admin/v1/installation-prices/', () => {
  it('lists every category with its path and priced cells, to a manager too', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/v1/installation-prices/',
      headers: { authorization: manager },
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = json<AdminInstallationCategory[]>(res);
    const [n] = await rows<{ n: number }>(ctx, sql`select count(*)::int as n from categories`);
    expect(list).toHaveLength(Number(n!.n));
    const mine = list.find((c) => c.id === product.category_id)!;
    expect(mine.path.endsWith(mine.title)).toBe(true);
  });
});

describe('GET/PUT /api/admin/v1/installation-prices/{id}/', () => {
  it('gives the grid: cities, vehicle types and the priced cells', async () => {
    const res = await read(manager);
    expect(res.statusCode, res.body).toBe(200);
    const t = json<AdminInstallationTable>(res);
    expect(t.category.id).toBe(product.category_id);
    expect(t.cities.some((c) => c.id === city.id)).toBe(true);
    expect(t.vehicle_types.some((v) => v.id === vehicle.type)).toBe(true);
  });

  it('saves the whole table; the product page shows the new price at once; audited', async () => {
    const before = await pagePrice(); // warms the installation directory
    const res = await save([
      { city_id: city.id, vehicle_type_id: vehicle.type, price: 4321.5 },
      { city_id: null, vehicle_type_id: null, price: 777 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const t = json<AdminInstallationTable>(res);
    expect(t.prices).toEqual([
      { city_id: null, vehicle_type_id: null, price: 777 },
      { city_id: city.id, vehicle_type_id: vehicle.type, price: 4321.5 },
    ]);
    expect(t.category.priced).toBe(2);
    expect(before).not.toBe(4321.5);
    expect(await pagePrice()).toBe(4321.5);

    // Without that cell the category's fallback row answers.
    const res2 = await save([{ city_id: null, vehicle_type_id: null, price: 777 }]);
    expect(res2.statusCode, res2.body).toBe(200);
    expect(await pagePrice()).toBe(777);

    const [entry] = await rows<{ user_id: number; data: { cells: Record<string, unknown> } }>(
      ctx,
      sql`select user_id, data from audit_log where action = 'installation.update'
          and entity_id = ${String(product.category_id)} order by id desc limit 1`,
    );
    expect(entry!.data.cells).toEqual({ [`${city.id}:${vehicle.type}`]: { before: 4321.5, after: null } });
  });

  it('an unchanged table writes no audit entry', async () => {
    const count = async () =>
      Number(
        (
          await rows<{ n: number }>(
            ctx,
            sql`select count(*)::int as n from audit_log where action = 'installation.update'`,
          )
        )[0]!.n,
      );
    const current = json<AdminInstallationTable>(await read());
    const n = await count();
    expect((await save(current.prices)).statusCode).toBe(200);
    expect(await count()).toBe(n);
  });

  it('refuses a negative or too large price, an unknown city or vehicle type, a repeated cell', async () => {
    const current = json<AdminInstallationTable>(await read());
    const cases: [object[], string, string][] = [
      [
        [{ city_id: null, vehicle_type_id: null, price: -1 }],
        'prices.0.price',
        INSTALLATION_MESSAGES.priceInvalid,
      ],
      [
        [{ city_id: null, vehicle_type_id: null, price: 1_000_001 }],
        'prices.0.price',
        INSTALLATION_MESSAGES.priceTooLarge,
      ],
      [
        [{ city_id: null, vehicle_type_id: null, price: 1.001 }],
        'prices.0.price',
        INSTALLATION_MESSAGES.priceInvalid,
      ],
      [
        [{ city_id: 2_000_000, vehicle_type_id: null, price: 1 }],
        'city_id',
        INSTALLATION_MESSAGES.unknownCity,
      ],
      [
        [{ city_id: null, vehicle_type_id: 2_000_000, price: 1 }],
        'vehicle_type_id',
        INSTALLATION_MESSAGES.unknownVehicleType,
      ],
      [
        [
          { city_id: null, vehicle_type_id: null, price: 1 },
          { city_id: null, vehicle_type_id: null, price: 2 },
        ],
        'prices',
        INSTALLATION_MESSAGES.duplicateCell,
      ],
    ];
    for (const [prices, field, message] of cases) {
      const res = await save(prices);
      expect(res.statusCode, `${JSON.stringify(prices)}: ${res.body}`).toBe(400);
      expect(json<{ errors: Record<string, string[]> }>(res).errors[field]).toEqual([message]);
    }
    expect(json<AdminInstallationTable>(await read()).prices).toEqual(current.prices);
  });

  it('404 for an unknown category; a manager may read but not save', async () => {
    expect((await read(admin, 999_999)).statusCode).toBe(404);
    expect((await save([], admin, 999_999)).statusCode).toBe(404);
    expect((await save([], manager)).statusCode).toBe(403);
  });
});
