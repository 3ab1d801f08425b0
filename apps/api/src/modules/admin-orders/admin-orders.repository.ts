import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_COUNT_LIMIT, ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES } from '@podbor/contract';
import type { Db } from '../../db/client';
import { intArray, parseRows, pgIso, pgNumber, textArray } from '../../db/sql';
import {
  adminProductWhere as productWhere,
  type ProductFilters,
} from '../../lib/catalog/admin-product-filter';

// The order desk's SQL. Lists walk the order desk's indexes of migration 0009 newest first (orders_created_idx,
// orders_status_created_idx, orders_branch_status_created_idx, orders_phone_idx) and stop after a page; counts
// stop after ADMIN_COUNT_LIMIT + 1 rows, so no request reads a million orders.

/** Who is asking: an admin (or a manager tied to no branch) sees every branch; `branchIds` limits a manager. */
export interface StaffScope {
  userId: number;
  role: 'manager' | 'admin';
  /** null: every branch. */
  branchIds: number[] | null;
}

const scopeRow = z.object({ role: z.string(), branch_ids: z.array(pgNumber).nullable() });

export async function findStaffScope(db: Db, userId: number): Promise<StaffScope | null> {
  const [row] = await parseRows(
    db,
    sql`select u.role, (select array_agg(sb.branch_id order by sb.branch_id) from staff_branches sb
                         where sb.user_id = u.id) as branch_ids
        from users u where u.id = ${userId}`,
    scopeRow,
  );
  if (!row || (row.role !== 'manager' && row.role !== 'admin')) return null;
  const ids = row.branch_ids ?? [];
  return { userId, role: row.role, branchIds: row.role === 'admin' || ids.length === 0 ? null : ids };
}

export interface OrderFilters {
  status?: (typeof ORDER_STATUSES)[number];
  /** Branches to look in; undefined: every branch. */
  branchIds?: number[];
  paymentType?: (typeof PAYMENT_TYPES)[number];
  paid?: boolean;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  number?: string;
  phone?: string;
}

function conditions(f: OrderFilters, withStatus: boolean): SQL {
  const list: SQL[] = [sql`true`];
  if (withStatus && f.status) list.push(sql`o.status = ${f.status}`);
  if (f.branchIds) {
    list.push(
      f.branchIds.length === 1
        ? sql`o.branch_id = ${f.branchIds[0]}`
        : sql`o.branch_id = any(${intArray(f.branchIds)})`,
    );
  }
  if (f.paymentType) list.push(sql`o.payment_type = ${f.paymentType}`);
  if (f.paid !== undefined) list.push(sql`o.is_paid = ${f.paid}`);
  if (f.from) list.push(sql`o.created_at >= ${f.from.toISOString()}::timestamptz`);
  if (f.to) list.push(sql`o.created_at < ${f.to.toISOString()}::timestamptz`);
  if (f.number) list.push(sql`o.number = ${f.number}`);
  if (f.phone) list.push(sql`o.phone = ${f.phone}`);
  return sql.join(list, sql` and `);
}

const orderRow = z.object({
  id: pgNumber,
  number: z.string(),
  created_at: pgIso,
  status: z.enum(ORDER_STATUSES),
  branch_id: pgNumber,
  branch_title: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  is_paid: z.boolean(),
  total: pgNumber,
  name: z.string(),
  phone: z.string(),
  lines: pgNumber,
  version: pgNumber,
});

// «desc nulls last» as the indexes are declared (drizzle's .desc() is DESC NULLS LAST): plain «desc» means NULLS FIRST
// and would not match them, and PostgreSQL would sort the whole table instead of walking an index.
export async function orderPage(db: Db, f: OrderFilters, limit: number, offset: number) {
  return parseRows(
    db,
    sql`select o.id, o.number, o.created_at, o.status, o.branch_id, b.title as branch_title, o.payment_type,
               o.is_paid, o.total_price as total, o.name, o.phone, o.version,
               (select count(*) from order_items i where i.order_id = o.id) as lines
        from (select * from orders o where ${conditions(f, true)}
              order by o.created_at desc nulls last, o.id desc nulls last limit ${limit} offset ${offset}) o
        join branches b on b.id = o.branch_id
        order by o.created_at desc nulls last, o.id desc nulls last`,
    orderRow,
  );
}

export type StatusCounts = Record<(typeof ORDER_STATUSES)[number], { count: number; exact: boolean }>;

/**
 * Orders per status under the filters (all but status). Each status reads at most ADMIN_COUNT_LIMIT + 1 index
 * entries of its range (status, branch, dates are index columns), newest first, and counts those that also pass the
 * payment filters: exact when the range is shorter than that, otherwise a lower bound («at least», `exact: false`).
 * A phone or number search is already a handful of rows (orders_phone_idx, the number's unique index): counted
 * exactly.
 */
export async function statusCounts(db: Db, f: OrderFilters): Promise<StatusCounts> {
  const bound = ADMIN_COUNT_LIMIT + 1;
  const indexed: OrderFilters = {
    branchIds: f.branchIds,
    from: f.from,
    to: f.to,
    number: f.number,
    phone: f.phone,
  };
  const extra: SQL[] = [sql`true`];
  if (f.paymentType) extra.push(sql`x.payment_type = ${f.paymentType}`);
  if (f.paid !== undefined) extra.push(sql`x.is_paid = ${f.paid}`);
  const pass = sql.join(extra, sql` and `);
  const list = await parseRows(
    db,
    sql`select st.status, c.matched, c.seen
        from unnest(${textArray(ORDER_STATUSES)}) as st(status)
        cross join lateral (
          select count(*) filter (where ${pass}) as matched, count(*) as seen
          from (select o.payment_type, o.is_paid from orders o
                where o.status = st.status and ${conditions(indexed, false)}
                order by o.created_at desc nulls last, o.id desc nulls last limit ${bound}) x) c`,
    z.object({ status: z.string(), matched: pgNumber, seen: pgNumber }),
  );
  const byStatus = new Map(list.map((r) => [r.status, r]));
  return Object.fromEntries(
    ORDER_STATUSES.map((s) => {
      const r = byStatus.get(s);
      return [s, { count: Math.min(r?.matched ?? 0, ADMIN_COUNT_LIMIT), exact: (r?.seen ?? 0) < bound }];
    }),
  ) as StatusCounts;
}

// ---- the order page ----

const detailRow = z.object({
  id: pgNumber,
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: pgNumber,
  created_at: pgIso,
  updated_at: pgIso,
  placement_type: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_method_id: pgNumber,
  payment_method_title: z.string(),
  gateway: z.string(),
  is_paid: z.boolean(),
  paid_at: pgIso.nullable(),
  expires_at: pgIso.nullable(),
  branch_id: pgNumber,
  branch_title: z.string(),
  branch_street: z.string(),
  branch_phone: z.string(),
  city: z.string(),
  transport: z.string().nullable(),
  comment: z.string(),
  items_price: pgNumber,
  installation_price: pgNumber,
  total_price: pgNumber,
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  user_id: pgNumber.nullable(),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
  user_phone: z.string().nullable(),
  user_email: z.string().nullable(),
});
export type OrderDetailRow = z.output<typeof detailRow>;

export async function findOrderDetail(db: Db, number: string, opts: { lock?: boolean } = {}) {
  const [row] = await parseRows(
    db,
    sql`select o.id, o.number, o.status, o.version, o.created_at, o.updated_at, o.placement_type, o.payment_type,
               o.payment_method_id, pm.title as payment_method_title, pm.gateway, o.is_paid, o.paid_at,
               o.expires_at, o.branch_id, b.title as branch_title, b.street as branch_street,
               b.phone_number as branch_phone, c.title as city,
               (select concat_ws(' ', vb.title, vm.title, nullif(t.generation, ''), e.title,
                                 t.year_from || '–' || t.year_to)
                from transports t join vehicle_models vm on vm.id = t.model_id
                join vehicle_brands vb on vb.id = vm.brand_id join engines e on e.id = t.engine_id
                where t.id = o.transport_id) as transport,
               o.comment, o.items_price, o.installation_price, o.total_price, o.name, o.phone, o.email,
               u.id as user_id, u.first_name as user_first_name, u.last_name as user_last_name,
               u.phone_number as user_phone, u.email as user_email
        from orders o
        join payment_methods pm on pm.id = o.payment_method_id
        join branches b on b.id = o.branch_id
        join cities c on c.id = b.city_id
        left join users u on u.id = o.user_id
        where o.number = ${number}
        ${opts.lock ? sql`for update of o` : sql``}`,
    detailRow,
  );
  return row;
}

const lineRow = z.object({
  product_id: pgNumber,
  title: z.string(),
  vendor_code: z.string(),
  price: pgNumber,
  quantity: pgNumber,
  with_installation: z.boolean(),
  installation_price: pgNumber,
  is_service: z.boolean(),
  on_order: z.boolean(),
  delivery_days: pgNumber.nullable(),
  expected_date: z.string().nullable(),
});

export function orderLines(db: Db, orderId: number) {
  return parseRows(
    db,
    sql`select product_id, title, vendor_code, price, quantity, with_installation, installation_price, is_service,
          (supplier_id is not null or expected_at is not null) as on_order, delivery_days, expected_at::text as expected_date
        from order_items where order_id = ${orderId} order by id`,
    lineRow,
  );
}

const reservationRow = z.object({
  warehouse_id: pgNumber,
  warehouse_title: z.string(),
  warehouse_address: z.string(),
  branch_id: pgNumber,
  branch_title: z.string(),
  product_id: pgNumber,
  title: z.string(),
  quantity: pgNumber,
  released_at: pgIso.nullable(),
});

export function orderReservations(db: Db, orderId: number) {
  return parseRows(
    db,
    sql`select r.warehouse_id, w.title as warehouse_title, w.address as warehouse_address, w.branch_id,
               b.title as branch_title, r.product_id, p.title, r.quantity, r.released_at
        from reservations r
        join warehouses w on w.id = r.warehouse_id
        join branches b on b.id = w.branch_id
        join products p on p.id = r.product_id
        where r.order_id = ${orderId} order by r.id`,
    reservationRow,
  );
}

const paymentRow = z.object({
  id: z.string(),
  provider: z.string(),
  external_id: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  amount: pgNumber,
  created_at: pgIso,
  updated_at: pgIso,
  events: z.array(z.object({ id: pgNumber, key: z.string(), at: pgIso, payload: z.unknown() })).nullable(),
});

/** The order's payments, oldest first, each with the provider events recorded for it (`<external id>:…`). */
export function orderPayments(db: Db, orderId: number) {
  return parseRows(
    db,
    sql`select p.id::text as id, p.provider, p.external_id, p.status, p.amount, p.created_at, p.updated_at,
               (select json_agg(json_build_object('id', e.id, 'key', e.event_key, 'at', e.processed_at,
                                                  'payload', e.payload) order by e.id)
                from payment_events e
                where p.external_id is not null and e.provider = p.provider
                  and e.event_key like replace(replace(p.external_id, '%', '\\%'), '_', '\\_') || ':%') as events
        from payments p where p.order_id = ${orderId} order by p.created_at, p.id`,
    paymentRow,
  );
}

/** The succeeded payment of a paid online order: what a cancellation refunds. */
export async function succeededPayment(db: Db, orderId: number) {
  const [row] = await parseRows(
    db,
    sql`select p.id::text as id, p.provider, p.external_id, p.status, p.amount, p.created_at, p.updated_at,
               null::json as events
        from payments p where p.order_id = ${orderId} and p.status = 'succeeded'
        order by p.updated_at desc limit 1`,
    paymentRow,
  );
  return row;
}

const historyRow = z.object({
  at: pgIso,
  action: z.string(),
  user_id: pgNumber.nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  data: z.unknown(),
});

export function orderAudit(db: Db, orderId: number) {
  return parseRows(
    db,
    sql`select a.at, a.action, a.user_id, u.first_name, u.last_name, u.phone_number, a.data
        from audit_log a left join users u on u.id = a.user_id
        where a.entity = 'order' and a.entity_id = ${String(orderId)} order by a.at, a.id`,
    historyRow,
  );
}

// ---- status changes ----

/** Bumps the version of an order changed by staff beyond its status (a cash order paid at the counter). */
export async function markPaidAtCounter(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`update orders set is_paid = true, paid_at = coalesce(paid_at, now()), updated_at = now() where id = ${orderId}`,
  );
  await tx.execute(
    sql`update payments set status = 'succeeded', updated_at = now()
        where order_id = ${orderId} and provider = 'cash' and status = 'pending'`,
  );
}

export async function recordRefundEvent(
  tx: Db,
  event: { provider: string; key: string; payload: unknown },
): Promise<void> {
  await tx.execute(
    sql`insert into payment_events (provider, event_key, payload)
        values (${event.provider}, ${event.key}, ${JSON.stringify(event.payload)}::jsonb)
        on conflict do nothing`,
  );
}

const versionRow = z.object({ status: z.enum(ORDER_STATUSES), version: pgNumber, is_paid: z.boolean() });

export async function orderState(db: Db, orderId: number) {
  const [row] = await parseRows(
    db,
    sql`select status, version, is_paid from orders where id = ${orderId}`,
    versionRow,
  );
  return row;
}

// ---- products ----

const productRow = z.object({
  id: pgNumber,
  title: z.string(),
  article: z.string(),
  manufacturer: z.string().nullable(),
  category_id: pgNumber,
  category_title: z.string(),
  price: pgNumber,
  old_price: pgNumber.nullable(),
  stock: pgNumber,
  is_active: z.boolean(),
});

/** How many exact hits (the id, the whole article) a search puts first, at most. */
const EXACT_HITS_MAX = 20;

/**
 * The exact hits of a search, best first: the product with that id, then those with that whole article. Read by
 * the primary key and the article index, apart from the rest of the matches, so that the rest can be paged by a
 * walk of the primary key (newest first) instead of sorting every match of a common word.
 */
export async function exactProductIds(db: Db, f: ProductFilters): Promise<number[]> {
  if (f.id === undefined && !f.article) return [];
  const rows = await parseRows(
    db,
    sql`select p.id from products p
        where ${productWhere({ categoryId: f.categoryId })}
          and (p.id = ${f.id ?? 0} or p.article_normalized = ${f.article ?? ''})
        order by (p.id = ${f.id ?? 0}) desc, p.id desc limit ${EXACT_HITS_MAX}`,
    z.object({ id: pgNumber }),
  );
  return rows.map((r) => r.id);
}

/**
 * The first ADMIN_COUNT_LIMIT + 1 products a search matches, newest first: as many as the list counts and offers
 * pages for («больше 1 000 — уточните поиск»). The read stops there, where sorting every match of a common word
 * read tens of thousands of rows (and walking the primary key for it read most of the catalogue when the word's
 * products were old).
 */
export async function searchMatchIds(db: Db, f: ProductFilters): Promise<number[]> {
  const rows = await parseRows(
    db,
    sql`select id from (select p.id from products p where ${productWhere(f)} limit ${ADMIN_COUNT_LIMIT + 1}) m
        order by id desc`,
    z.object({ id: pgNumber }),
  );
  return rows.map((r) => r.id);
}

/**
 * A page of a category's products (or of the whole catalogue), newest first. Within a category, `p.id + 0` keeps
 * PostgreSQL off a backward walk of the primary key (which reads most of the catalogue when the category's products
 * are old): it takes the category's rows by index and sorts those; without one, a walk of the primary key.
 */
export async function productPageIds(
  db: Db,
  f: ProductFilters,
  limit: number,
  offset: number,
): Promise<number[]> {
  const order = f.categoryId !== undefined ? sql`p.id + 0 desc` : sql`p.id desc`;
  const rows = await parseRows(
    db,
    sql`select p.id from products p where ${productWhere(f)} order by ${order} limit ${limit} offset ${offset}`,
    z.object({ id: pgNumber }),
  );
  return rows.map((r) => r.id);
}

/** The list rows of these products, in the order given. */
export async function productRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return parseRows(
    db,
    sql`select p.id, p.title, p.article, m.title as manufacturer, p.category_id, c.title as category_title,
               p.price, p.old_price, p.is_active,
               (select coalesce(sum(s.quantity - s.reserved), 0) from stock s where s.product_id = p.id) as stock
        from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as page(id, n)
        join products p on p.id = page.id
        join categories c on c.id = p.category_id
        left join manufacturers m on m.id = p.manufacturer_id
        order by page.n`,
    productRow,
  );
}

export async function productCount(db: Db, f: ProductFilters): Promise<number> {
  const [row] = await parseRows(
    db,
    sql`select count(*) as n from (select 1 from products p where ${productWhere(f)} limit ${ADMIN_COUNT_LIMIT + 1}) x`,
    z.object({ n: pgNumber }),
  );
  return row?.n ?? 0;
}

// ---- dashboard ----

const branchFigures = z.object({
  id: pgNumber,
  title: z.string(),
  orders_today: pgNumber,
  revenue_today: pgNumber,
});

/** Orders and revenue (cancelled orders excluded) since `since`, per branch the caller handles. */
export function ordersSince(db: Db, since: Date, branchIds: number[] | null) {
  return parseRows(
    db,
    sql`with today as (
          select o.branch_id, count(*) as n,
                 coalesce(sum(o.total_price) filter (where o.status <> 'cancelled'), 0) as revenue
          from orders o where o.created_at >= ${since.toISOString()}::timestamptz group by o.branch_id)
        select b.id, b.title, coalesce(t.n, 0) as orders_today, coalesce(t.revenue, 0) as revenue_today
        from branches b left join today t on t.branch_id = b.id
        where ${branchIds ? sql`b.id = any(${intArray(branchIds)})` : sql`b.is_active`}
        order by b.sort, b.id`,
    branchFigures,
  );
}

/**
 * Active goods with nothing available in each branch's warehouses: the active goods minus those with a stock row
 * holding more than is reserved. One pass over the stock rows that have something to sell.
 */
export async function outOfStockByBranch(db: Db): Promise<Map<number, number>> {
  const list = await parseRows(
    db,
    sql`with goods as (select count(*) as n from products where is_active and not is_service),
        available as (
          select w.branch_id, count(distinct s.product_id) as n
          from stock s join warehouses w on w.id = s.warehouse_id join products p on p.id = s.product_id
          where s.quantity > s.reserved and p.is_active and not p.is_service
          group by w.branch_id)
        select b.id, (select n from goods) - coalesce(a.n, 0) as out_of_stock
        from branches b left join available a on a.branch_id = b.id`,
    z.object({ id: pgNumber, out_of_stock: pgNumber }),
  );
  return new Map(list.map((r) => [r.id, r.out_of_stock]));
}

export async function callbackFigures(db: Db, minutes: number) {
  const [row] = await parseRows(
    db,
    sql`select count(*) as open,
               count(*) filter (where created_at < now() - make_interval(mins => ${minutes})) as overdue
        from feedback where status in ('new', 'taken')`,
    z.object({ open: pgNumber, overdue: pgNumber }),
  );
  return row ?? { open: 0, overdue: 0 };
}
