import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AnaloguesResponse,
  CartResponse,
  CatalogProductsResponse,
  OrderCreateResponse,
  OrderDetailResponse,
  OrdersResponse,
  SearchResponse,
} from '@podbor/contract';
import { json, type TestContext } from './helpers';
import { orderBody, orderShop, rows, setStock, user, visitor, type Caller, type Place } from './shop-helpers';

// Fit everywhere (issue #17): search results, listing cards, cart lines and order lines carry `fit` for the
// vehicle the request names — fits / no / universal, and unknown when no vehicle is chosen.

let ctx: TestContext;
let where: Place;
let cash: number;
interface P {
  id: number;
  slug: string;
  article: string;
  categoryId: number;
}
let transportId: number;
let fitting: P;
let other: P;
let universal: P;

async function product(condition: ReturnType<typeof sql>): Promise<P> {
  const [p] = await rows<{ id: number; slug: string; article: string; category_id: number }>(
    ctx,
    sql`select p.id, p.slug, p.article, p.category_id from products p
        join categories c on c.id = p.category_id
        where p.is_active and not p.is_service and p.price > 0 and p.article <> '' and ${condition}
        order by p.id limit 1`,
  );
  if (!p) throw new Error('no product for the fit test');
  return { id: Number(p.id), slug: p.slug, article: p.article, categoryId: Number(p.category_id) };
}

beforeAll(async () => {
  ({ ctx, where, cash } = await orderShop({
    ordersPerCallerPerHour: 0,
    ordersPerIpPerHour: 0,
    openOrdersPerCaller: 0,
    openOrdersPerIp: 0,
  }));
  const [t] = await rows<{ transport_id: number }>(
    ctx,
    sql`select pt.transport_id from product_transports pt join products p on p.id = pt.product_id
        where p.is_active and not p.is_universal and not p.is_service
        group by pt.transport_id order by count(*) desc, pt.transport_id limit 1`,
  );
  transportId = Number(t!.transport_id);
  const linked = sql`exists (select 1 from product_transports pt where pt.product_id = p.id and pt.transport_id = ${transportId})`;
  fitting = await product(sql`not p.is_universal and ${linked}`);
  other = await product(sql`not p.is_universal and not ${linked}`);
  universal = await product(sql`p.is_universal`);
  for (const p of [fitting, other, universal])
    await setStock(ctx, p.id, { [where.branches[0]!.warehouseId]: 20 });
});
afterAll(() => ctx?.close());

function cartCall(caller: Caller, path: string, payload: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payment/cart/${path}`,
    headers: { authorization: caller.authorization, 'x-city': where.citySlug },
    payload,
  });
}

const fitBySlug = (lines: { product: { slug: string }; fit?: string }[]) =>
  Object.fromEntries(lines.map((l) => [l.product.slug, l.fit]));

describe('fit everywhere', () => {
  it('cart lines: fits / no / universal for the cart vehicle, unknown without one', async () => {
    const v = await visitor(ctx);
    for (const p of [fitting, other, universal])
      expect((await cartCall(v, 'add-item/', { product: p.slug, quantity: 1 })).statusCode).toBe(200);
    const withVehicle = json<CartResponse>(await cartCall(v, '', { transport: transportId }));
    expect(fitBySlug(withVehicle.results)).toEqual({
      [fitting.slug]: 'fits',
      [other.slug]: 'no',
      [universal.slug]: 'universal',
    });
    // The vehicle is remembered with the cart: a read without `transport` answers for it too.
    expect(fitBySlug(json<CartResponse>(await cartCall(v, '', {})).results)[other.slug]).toBe('no');
    const without = json<CartResponse>(await cartCall(v, '', { transport: '' }));
    expect(fitBySlug(without.results)).toEqual({
      [fitting.slug]: 'unknown',
      [other.slug]: 'unknown',
      [universal.slug]: 'universal',
    });
  });

  it('search suggestions: a product that does not fit says no; without a vehicle, unknown', async () => {
    const search = async (query: string, transport?: number) =>
      json<SearchResponse>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/catalog/search/?query=${encodeURIComponent(query)}${transport ? `&transport=${transport}` : ''}`,
        }),
      );
    const find = (r: SearchResponse, slug: string) => r.products.find((p) => p.slug === slug);
    expect(find(await search(other.article, transportId), other.slug)?.fit).toBe('no');
    expect(find(await search(fitting.article, transportId), fitting.slug)?.fit).toBe('fits');
    expect(find(await search(universal.article, transportId), universal.slug)?.fit).toBe('universal');
    expect(find(await search(other.article), other.slug)?.fit).toBe('unknown');
  });

  it('listing cards: with the vehicle every card fits or is universal and says which; without, no fit', async () => {
    const [cat] = await rows<{ slug: string }>(
      ctx,
      sql`select slug from categories where id = ${universal.categoryId}`,
    );
    const listing = async (suffix: string) =>
      json<CatalogProductsResponse>(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/catalog/${cat!.slug}/products/${suffix}`,
          payload: { page: 1 },
        }),
      );
    const fitted = await listing(`${transportId}/`);
    expect(fitted.results.length).toBeGreaterThan(0);
    for (const r of fitted.results) expect(r.fit).toBe(r.is_universal ? 'universal' : 'fits');
    expect((await listing('')).results.every((r) => r.fit === undefined)).toBe(true);
  });

  it('analogues: each says whether it fits the vehicle named; none without one; an unknown vehicle is a 400', async () => {
    const [host] = await rows<{ slug: string }>(
      ctx,
      sql`select p.slug from products p join analogues a on a.product_id = p.id
          where p.is_active group by p.id, p.slug order by count(*) desc, p.id limit 1`,
    );
    const expected = Object.fromEntries(
      (
        await rows<{ slug: string; is_universal: boolean; linked: boolean }>(
          ctx,
          sql`select q.slug, q.is_universal,
                     exists (select 1 from product_transports pt where pt.product_id = q.id and pt.transport_id = ${transportId}) as linked
              from products p join analogues a on a.product_id = p.id join products q on q.id = a.analogue_id
              where p.slug = ${host!.slug} and q.is_active`,
        )
      ).map((r) => [r.slug, r.is_universal ? 'universal' : r.linked ? 'fits' : 'no']),
    );
    const get = (query: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/catalog/products/${host!.slug}/analogues/?size=50${query}`,
      });
    const withVehicle = json<AnaloguesResponse>(await get(`&transport=${transportId}`));
    expect(withVehicle.results.length).toBeGreaterThan(0);
    expect(Object.fromEntries(withVehicle.results.map((r) => [r.slug, r.fit]))).toEqual(
      Object.fromEntries(withVehicle.results.map((r) => [r.slug, expected[r.slug]])),
    );
    expect(json<AnaloguesResponse>(await get('')).results.every((r) => r.fit === undefined)).toBe(true);
    const unknown = await get('&transport=2147483000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ errors: { transport: [expect.any(String)] } });
  });

  it('order lines: fit for the vehicle the order named, in the detail and the history; its vehicle to the garage', async () => {
    const u = await user(ctx);
    const place = async (transport: number | '') => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/orders/',
        headers: { authorization: u.authorization },
        payload: orderBody(
          where.branches[0]!.id,
          cash,
          [fitting, other, universal].map((p) => ({ slug: p.slug, quantity: 1 })),
          { transport_id: transport },
        ),
      });
      expect(res.statusCode, res.body).toBe(201);
      return json<OrderCreateResponse>(res).id;
    };
    const detail = async (id: number) =>
      json<OrderDetailResponse>(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/user/profile/orders/${id}/`,
          headers: { authorization: u.authorization },
        }),
      );
    const byProduct = (lines: OrderDetailResponse['products']) =>
      Object.fromEntries(lines.map((l) => [l.product.slug, l.fit]));
    const withVehicle = await place(transportId);
    expect(byProduct((await detail(withVehicle)).products)).toEqual({
      [fitting.slug]: 'fits',
      [other.slug]: 'no',
      [universal.slug]: 'universal',
    });
    const without = await place('');
    expect(byProduct((await detail(without)).products)[other.slug]).toBe('unknown');
    const history = json<OrdersResponse>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/user/profile/orders/',
        headers: { authorization: u.authorization },
      }),
    );
    const first = history.results.find((o) => o.id === withVehicle);
    expect(byProduct(first?.products ?? [])[other.slug]).toBe('no');

    // The order's vehicle, so the customer can keep it in the garage (issue #17): not there yet, then saved.
    const vehicle = (await detail(withVehicle)).vehicle;
    expect(vehicle).toEqual({ transport: transportId, label: expect.any(String), in_garage: false });
    expect(vehicle!.label).toMatch(/\d{4}/);
    expect((await detail(without)).vehicle).toBeNull();
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/garage/',
      headers: { authorization: u.authorization },
      payload: { transport: vehicle!.transport },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(json<{ label: string }>(saved).label).toBe(vehicle!.label);
    expect((await detail(withVehicle)).vehicle?.in_garage).toBe(true);
  });
});
