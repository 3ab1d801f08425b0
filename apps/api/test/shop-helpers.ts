import { sql } from 'drizzle-orm';
import { startSession } from '../src/lib/sessions';
import { createUser, nextIp } from './auth-helpers';
import type { Config } from '../src/config';
import { createTestContext, json, type TestContext } from './helpers';

// Fixtures of the cart, order and payment suites: callers (signed-in user, anonymous visitor) and products with a
// known stock in a known city.

export interface Caller {
  kind: 'user' | 'visitor';
  authorization: string;
}

export async function visitor(ctx: TestContext): Promise<Caller> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/token/unauthorized_user/',
    remoteAddress: nextIp(),
  });
  if (res.statusCode !== 200 && res.statusCode !== 201)
    throw new Error(`visitor token: ${res.statusCode} ${res.body}`);
  return { kind: 'visitor', authorization: json<{ token: string }>(res).token };
}

export async function user(
  ctx: TestContext,
  role: 'customer' | 'manager' | 'admin' = 'customer',
): Promise<Caller & { userId: number }> {
  const u = await createUser(ctx);
  if (role !== 'customer')
    await ctx.handle.db.execute(sql`update users set role = ${role} where id = ${u.id}`);
  // Staff get a back-office session (as the sign-in with the authenticator code opens), customers a storefront one.
  const { access } = await startSession(
    ctx.handle.db,
    ctx.config.jwtSecret,
    { id: u.id, role },
    { staff: role !== 'customer' },
  );
  return { kind: 'user', authorization: `Bearer ${access}`, userId: u.id };
}

export async function rows<T>(ctx: TestContext, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await ctx.handle.db.execute(query);
  return r.rows as T[];
}

export interface Place {
  cityId: number;
  citySlug: string;
  /** Active branches of the city that have a warehouse, own warehouse id each. */
  branches: { id: number; warehouseId: number }[];
}

/** A city with at least two active branches that own a warehouse. */
export async function place(ctx: TestContext): Promise<Place> {
  const list = await rows<{ city_id: number; slug: string; branch_id: number; warehouse_id: number }>(
    ctx,
    sql`select c.id as city_id, c.slug, b.id as branch_id, min(w.id) as warehouse_id
        from cities c join branches b on b.city_id = c.id and b.is_active join warehouses w on w.branch_id = b.id
        where c.id = (select b2.city_id from branches b2 join warehouses w2 on w2.branch_id = b2.id where b2.is_active
                      group by b2.city_id order by count(distinct b2.id) desc, b2.city_id limit 1)
        group by c.id, c.slug, b.id order by b.id`,
  );
  const first = list[0];
  if (!first || list.length < 2) throw new Error('seed has no city with two branches');
  return {
    cityId: Number(first.city_id),
    citySlug: first.slug,
    branches: list.map((r) => ({ id: Number(r.branch_id), warehouseId: Number(r.warehouse_id) })),
  };
}

export interface TestProduct {
  id: number;
  slug: string;
  title: string;
  price: number;
  categoryId: number;
}

/** Active goods (not services), `offset` apart so suites in one file use different ones. */
export async function goods(
  ctx: TestContext,
  opts: { withInstallation?: boolean; offset?: number } = {},
): Promise<TestProduct> {
  const [p] = await rows<{ id: number; slug: string; title: string; price: number; category_id: number }>(
    ctx,
    sql`select id, slug, title, price::float8 as price, category_id from products
        where is_active and not is_service and price > 0
          and (${opts.withInstallation ?? null}::boolean is null or with_installation = ${opts.withInstallation ?? null}::boolean)
        order by id offset ${opts.offset ?? 0} limit 1`,
  );
  if (!p) throw new Error('no product');
  return {
    id: Number(p.id),
    slug: p.slug,
    title: p.title,
    price: Number(p.price),
    categoryId: Number(p.category_id),
  };
}

/** Replaces the product's stock: `{warehouseId: quantity}`; nothing reserved. */
export async function setStock(
  ctx: TestContext,
  productId: number,
  stock: Record<number, number>,
): Promise<void> {
  await ctx.handle.db.execute(sql`delete from stock where product_id = ${productId}`);
  for (const [warehouseId, quantity] of Object.entries(stock)) {
    await ctx.handle.db.execute(
      sql`insert into stock (warehouse_id, product_id, quantity, reserved) values (${Number(warehouseId)}, ${productId}, ${quantity}, 0)`,
    );
  }
}

export async function stockOf(
  ctx: TestContext,
  productId: number,
): Promise<{ warehouseId: number; quantity: number; reserved: number }[]> {
  const list = await rows<{ warehouse_id: number; quantity: number; reserved: number }>(
    ctx,
    sql`select warehouse_id, quantity, reserved from stock where product_id = ${productId} order by warehouse_id`,
  );
  return list.map((r) => ({
    warehouseId: Number(r.warehouse_id),
    quantity: Number(r.quantity),
    reserved: Number(r.reserved),
  }));
}

/** Every order has its reservation and every reservation its order; stock.reserved = the open reservations. */
export async function reservationInvariants(ctx: TestContext) {
  const [mismatch] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from stock s
        where s.reserved <> coalesce((select sum(r.quantity) from reservations r
          where r.warehouse_id = s.warehouse_id and r.product_id = s.product_id and r.released_at is null), 0)`,
  );
  const [unreserved] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from order_items oi join orders o on o.id = oi.order_id
        where not oi.is_service and o.status not in ('cancelled', 'completed')
          and oi.quantity <> coalesce((select sum(r.quantity) from reservations r
            where r.order_id = o.id and r.product_id = oi.product_id and r.released_at is null), 0)`,
  );
  const [orphans] = await rows<{ n: number }>(
    ctx,
    sql`select count(*)::int as n from reservations r left join orders o on o.id = r.order_id where o.id is null`,
  );
  return {
    stockMismatch: Number(mismatch?.n),
    ordersWithoutReservation: Number(unreserved?.n),
    orphanReservations: Number(orphans?.n),
  };
}

export async function paymentMethodId(ctx: TestContext, gateway: string): Promise<number> {
  const [m] = await rows<{ id: number }>(
    ctx,
    sql`select id from payment_methods where gateway = ${gateway} limit 1`,
  );
  if (!m) throw new Error(`no payment method ${gateway}`);
  return Number(m.id);
}

export function orderBody(
  branchId: number,
  methodId: number,
  lines: { slug: string; quantity: number; with_installation?: boolean }[],
  extra: Record<string, unknown> = {},
) {
  return {
    name: 'Иван Петров',
    phone: '+7 (999) 123-45-67',
    email: 'ivan@example.ru',
    payment_type: 'CASH',
    payment_method_id: methodId,
    cart: lines.map((l) => ({ with_installation: false, ...l })),
    branch_office_id: branchId,
    transport_id: '',
    consent: true,
    ...extra,
  };
}

/** What an order suite sets up once: the app (with `config`), a city with branches, the cash and sandbox card methods. */
export interface OrderShop {
  ctx: TestContext;
  where: Place;
  cash: number;
  card: number;
}

export async function orderShop(config: Partial<Config>): Promise<OrderShop> {
  const ctx = await createTestContext({ config });
  return {
    ctx,
    where: await place(ctx),
    cash: await paymentMethodId(ctx, 'cash'),
    card: await paymentMethodId(ctx, 'sandbox'),
  };
}
