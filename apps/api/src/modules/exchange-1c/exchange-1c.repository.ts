import { sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@podbor/contract';
import type { Db } from '../../db/client';
import type { Staged } from './commerceml';
import type { SaleOrder, SaleOrderLine } from './sale-document';

// SQL of the 1C exchange. Records of a file are staged in exchange_staging and applied by seq range, set-based
// (one statement per kind for the whole batch), matching every row by its 1C id (`external_id`).

export interface SessionRow {
  id: number;
  userId: number;
  type: 'catalog' | 'sale';
  saleSent: [number, number][];
}

export async function insertSession(
  db: Db,
  s: { tokenHash: string; userId: number; type: 'catalog' | 'sale'; hours: number },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`insert into exchange_sessions (token_hash, user_id, type, expires_at)
        values (${s.tokenHash}, ${s.userId}, ${s.type}, now() + make_interval(hours => ${s.hours})) returning id`,
  );
  return Number(rows[0]?.id);
}

/** Forgets expired sessions (their imports and staging go with them); their ids, whose folders are removed. */
export async function deleteExpiredSessions(db: Db): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(
    sql`delete from exchange_sessions where expires_at < now() returning id`,
  );
  return rows.map((r) => Number(r.id));
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const { rows } = await db.execute<{
    id: number;
    user_id: number;
    type: 'catalog' | 'sale';
    sale_sent: [number, number][];
  }>(
    sql`select s.id, s.user_id, s.type, s.sale_sent from exchange_sessions s join users u on u.id = s.user_id
        where s.token_hash = ${tokenHash} and s.expires_at > now() and u.is_active and u.role = 'admin'`,
  );
  const r = rows[0];
  return r ? { id: r.id, userId: r.user_id, type: r.type, saleSent: r.sale_sent } : undefined;
}

export async function findStaffByLogin(
  db: Db,
  phone: string,
): Promise<{ id: number; role: string; passwordHash: string | null; isActive: boolean } | undefined> {
  const { rows } = await db.execute<{
    id: number;
    role: string;
    password_hash: string | null;
    is_active: boolean;
  }>(sql`select id, role, password_hash, is_active from users where phone_number = ${phone} limit 1`);
  const r = rows[0];
  return r ? { id: r.id, role: r.role, passwordHash: r.password_hash, isActive: r.is_active } : undefined;
}

export async function deleteImports(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`delete from exchange_imports where session_id = ${sessionId}`);
}

export type ImportRow = {
  id: number;
  status: 'staged' | 'applying' | 'done' | 'failed';
  staged: number;
  applied: number;
  meta: Record<string, unknown>;
  message: string;
};

const importColumns = sql`id, status, staged, applied, meta, message`;

export async function findImport(
  db: Db,
  sessionId: number,
  filename: string,
): Promise<ImportRow | undefined> {
  const { rows } = await db.execute<ImportRow>(
    sql`select ${importColumns} from exchange_imports where session_id = ${sessionId} and filename = ${filename}`,
  );
  return rows[0];
}

/** The import row locked for this transaction, or undefined when another call holds it (it is working). */
export async function lockImport(tx: Db, id: number): Promise<ImportRow | undefined> {
  const { rows } = await tx.execute<ImportRow>(
    sql`select ${importColumns} from exchange_imports where id = ${id} for update skip locked`,
  );
  return rows[0];
}

/** Only one call of a session reads a given file at a time (any process): a transaction-scoped advisory lock. */
export async function tryFileLock(tx: Db, sessionId: number, filename: string): Promise<boolean> {
  const { rows } = await tx.execute<{ ok: boolean }>(
    sql`select pg_try_advisory_xact_lock(${sessionId}, hashtext(${filename})) as ok`,
  );
  return rows[0]?.ok === true;
}

export async function createImport(tx: Db, sessionId: number, filename: string): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into exchange_imports (session_id, filename, status) values (${sessionId}, ${filename}, 'staged')
        on conflict (session_id, filename) do update set status = 'staged', staged = 0, applied = 0, meta = '{}',
          message = '', updated_at = now()
        returning id`,
  );
  const id = Number(rows[0]?.id);
  await tx.execute(sql`delete from exchange_staging where import_id = ${id}`);
  return id;
}

export async function stageRecords(tx: Db, importId: number, from: number, records: Staged[]): Promise<void> {
  if (records.length === 0) return;
  const payload = JSON.stringify(records.map((r, i) => ({ seq: from + i + 1, kind: r.kind, data: r.data })));
  await tx.execute(
    sql`insert into exchange_staging (import_id, seq, kind, data)
        select ${importId}, (x->>'seq')::int, x->>'kind', x->'data' from jsonb_array_elements(${payload}::jsonb) x`,
  );
}

/**
 * Fresh planner statistics for the tables a package's set-based statements read. A package changes them by far more
 * than autovacuum keeps up with (it analyses after the fact, and late on a busy machine): with the statistics of an
 * empty staging table or a 2,000-product catalogue the plans go wrong: on a fresh database `npm run bench:1c` with
 * 20,000 products spent 206 s in the last call of offers.xml (switching off the stock the full package left out) and
 * its first batch after staging was always the slowest (the staged rows still unknown to the planner). ANALYZE
 * reads a sample (at most 30,000 rows a table), so it costs about a second even at 200,000 products; the columns are
 * those the statements filter and join on. It may run inside the transaction, and sees its own uncommitted rows.
 */
export async function analyzeForPlanner(tx: Db, tables: 'staging' | 'catalogue'): Promise<void> {
  await tx.execute(
    tables === 'staging'
      ? sql`analyze exchange_staging`
      : sql`analyze products (id, external_id, is_active), stock (warehouse_id, product_id, quantity, reserved)`,
  );
}

export async function updateImport(
  tx: Db,
  id: number,
  patch: {
    status?: ImportRow['status'];
    staged?: number;
    applied?: number;
    meta?: Record<string, unknown>;
    message?: string;
  },
): Promise<void> {
  await tx.execute(
    sql`update exchange_imports set
          status = coalesce(${patch.status ?? null}, status),
          staged = coalesce(${patch.staged ?? null}::int, staged),
          applied = coalesce(${patch.applied ?? null}::int, applied),
          meta = coalesce(${patch.meta ? JSON.stringify(patch.meta) : null}::jsonb, meta),
          message = coalesce(${patch.message ?? null}, message),
          updated_at = now()
        where id = ${id}`,
  );
}

export async function dropStaging(tx: Db, importId: number): Promise<void> {
  await tx.execute(sql`delete from exchange_staging where import_id = ${importId}`);
}

export async function readBatch(
  tx: Db,
  importId: number,
  after: number,
  upTo: number,
): Promise<{ seq: number; kind: Staged['kind']; data: unknown }[]> {
  const { rows } = await tx.execute<{ seq: number; kind: Staged['kind']; data: unknown }>(
    // Products and offers are applied set-based from the staging table: their data need not come to the process.
    sql`select seq, kind, case when kind in ('product', 'offer') then null else data end as data
        from exchange_staging where import_id = ${importId} and seq > ${after} and seq <= ${upTo}
        order by seq`,
  );
  return rows;
}

// ---- applying import.xml ----

export async function upsertGroup(
  tx: Db,
  g: { id: string; title: string; parent: string | null; slug: string },
): Promise<void> {
  await tx.execute(
    sql`insert into categories (external_id, title, slug, parent_id)
        values (${g.id}, ${g.title}, ${g.slug}, (select id from categories where external_id = ${g.parent}))
        on conflict (external_id) where external_id is not null do update
          set title = excluded.title, parent_id = excluded.parent_id`,
  );
}

/** Depth and slug path of every category from its parents (kept in step by writers; groups may have moved). */
export async function refreshCategoryPaths(tx: Db): Promise<void> {
  await tx.execute(
    sql`with recursive t(id, depth, path) as (
          select c.id, 0, array[c.slug] from categories c where c.parent_id is null
          union all
          select c.id, t.depth + 1, t.path || c.slug from categories c join t on c.parent_id = t.id)
        update categories c set depth = t.depth, path = t.path from t
        where c.id = t.id and (c.depth <> t.depth or c.path <> t.path)`,
  );
}

export async function upsertProperty(
  tx: Db,
  p: { id: string; title: string; slug: string; numeric: boolean; values: { id: string; title: string }[] },
): Promise<void> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into properties (external_id, title, slug, type)
        values (${p.id}, ${p.title}, ${p.slug}, ${p.numeric ? 'RANGE' : 'CHECKBOX'})
        on conflict (external_id) where external_id is not null do update set title = excluded.title
        returning id`,
  );
  const propertyId = rows[0]?.id;
  if (propertyId === undefined || p.values.length === 0) return;
  await tx.execute(
    sql`insert into property_values (property_id, value, title)
        select ${propertyId}, x->>'id', x->>'title' from jsonb_array_elements(${JSON.stringify(p.values)}::jsonb) x
        on conflict (property_id, value) do update set title = excluded.title`,
  );
}

/** The category products without a known group go to: hidden from the storefront until staff sort them. */
export async function unsortedCategory(tx: Db): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`insert into categories (external_id, title, slug, is_hidden, path)
        values ('podbor:1c-unsorted', 'Без группы (1С)', 'bez-gruppy-1c', true, array['bez-gruppy-1c'])
        on conflict (external_id) where external_id is not null do update set title = excluded.title
        returning id`,
  );
  return Number(rows[0]?.id);
}

/**
 * The shop's products named by the batch `from` (a CTE with the staged record in `d`), looked up through the unique
 * index on external_id one by one. A plain join lets the planner hash the whole products table for every batch once
 * its statistics lag behind the import — a cost that grows with the catalogue, so a package took quadratic time.
 */
const batchProducts = (from: SQL) =>
  sql`select p.id, p.external_id from products p where p.external_id = any(array(select d->>'id' from ${from}))`;

const batchRows = (importId: number, after: number, upTo: number, kind: string) =>
  sql`select seq, data as d from exchange_staging
      where import_id = ${importId} and seq > ${after} and seq <= ${upTo} and kind = ${kind}`;

/** Applies the products of a batch: makers, the products themselves, their 1C property values. */
export async function applyProducts(
  tx: Db,
  importId: number,
  after: number,
  upTo: number,
  unsorted: number,
): Promise<number[]> {
  const b = batchRows(importId, after, upTo, 'product');
  await tx.execute(
    sql`with b as (${b}), m as (
          select distinct on (d->'maker'->>'id') d->'maker'->>'id' as id, d->'maker'->>'title' as title
          from b where jsonb_typeof(d->'maker') = 'object')
        update manufacturers t set external_id = m.id from m
        where t.external_id is null and lower(t.title) = lower(m.title)
          and not exists (select 1 from manufacturers x where x.external_id = m.id)`,
  );
  await tx.execute(
    sql`with b as (${b})
        insert into manufacturers (external_id, title, slug)
        select distinct on (d->'maker'->>'id') d->'maker'->>'id', d->'maker'->>'title', d->'maker'->>'slug'
        from b where jsonb_typeof(d->'maker') = 'object'
        on conflict (external_id) where external_id is not null do nothing`,
  );
  // Only rows that differ are written: a repeated package rewrites nothing, and an unchanged product costs no new
  // row version and no entries in the GIN indexes (search, trigrams of title and article).
  const { rows } = await tx.execute<{ id: number }>(
    sql`with b as (${b}), last as (select distinct on (d->>'id') d from b order by d->>'id', seq desc)
        insert into products (external_id, slug, title, article, article_normalized, manufacturer_id, category_id,
          price, description, images, is_active)
        select d->>'id', d->>'slug', d->>'title', d->>'article', d->>'article_norm', m.id, coalesce(c.id, ${unsorted}),
          0, d->>'description', d->'images', not (d->>'deleted')::boolean
        from last
        left join categories c on c.external_id = d->>'group'
        left join manufacturers m on m.external_id = d->'maker'->>'id'
        on conflict (external_id) where external_id is not null do update set
          title = excluded.title, article = excluded.article, article_normalized = excluded.article_normalized,
          manufacturer_id = excluded.manufacturer_id, category_id = excluded.category_id,
          description = excluded.description,
          images = case when jsonb_array_length(excluded.images) > 0 then excluded.images else products.images end,
          is_active = excluded.is_active
        where (products.title, products.article, products.article_normalized, products.manufacturer_id,
                products.category_id, products.description, products.is_active)
              is distinct from (excluded.title, excluded.article, excluded.article_normalized, excluded.manufacturer_id,
                excluded.category_id, excluded.description, excluded.is_active)
           or (jsonb_array_length(excluded.images) > 0 and products.images is distinct from excluded.images)
        returning id`,
  );
  // 1C property values: what the batch's products should have (the last record of a product wins); listed values
  // (Справочник) are matched by their Ид, others become values of their own.
  await tx.execute(
    sql`with b as (${b}), v as (
          select pr.id as property_id, left(x->>'value', 200) as value
          from b cross join jsonb_array_elements(d->'props') x
          join properties pr on pr.external_id = x->>'id' and pr.type <> 'RANGE')
        insert into property_values (property_id, value, title) select distinct property_id, value, value from v
        on conflict (property_id, value) do nothing`,
  );
  const want = sql`bp as materialized (
          select distinct on (b.d->>'id') p.id as product_id, b.d
          from b join (${batchProducts(sql`b`)}) p on p.external_id = b.d->>'id' order by b.d->>'id', b.seq desc),
        v as (
          select bp.product_id, pr.id as property_id, pr.type, left(x->>'value', 200) as value
          from bp cross join jsonb_array_elements(bp.d->'props') x
          join properties pr on pr.external_id = x->>'id'),
        vv as (
          select v.*, (select pv.id from property_values pv where pv.property_id = v.property_id and pv.value = v.value)
            as value_id
          from v),
        want as (
          select distinct on (product_id, property_id) product_id, property_id, value_id,
            case when type = 'RANGE' then replace(value, ',', '.')::numeric end as num_value
          from vv
          where (type = 'RANGE' and value ~ '^-?[0-9]{1,10}([.,][0-9]{1,3})?$') or (type <> 'RANGE' and value_id is not null)
          order by product_id, property_id)`;
  // One statement: values of 1C properties the package no longer gives are removed — found through the batch's
  // product ids (the primary key), never by scanning every product's values of a 1C property — and the wanted ones
  // are upserted where they differ. The two touch disjoint keys, so neither needs to see the other's effect.
  await tx.execute(
    sql`with b as (${b}), ${want},
        gone as (
          delete from product_property_values ppv
          where ppv.product_id = any(array(select product_id from bp))
            and ppv.property_id = any(array(select id from properties where external_id is not null))
            and not exists (select 1 from want w where w.product_id = ppv.product_id and w.property_id = ppv.property_id))
        insert into product_property_values (product_id, property_id, value_id, num_value)
        select product_id, property_id, value_id, num_value from want
        on conflict (product_id, property_id) do update set value_id = excluded.value_id, num_value = excluded.num_value
        where (product_property_values.value_id, product_property_values.num_value)
              is distinct from (excluded.value_id, excluded.num_value)`,
  );
  return rows.map((r) => Number(r.id));
}

/** A full catalogue: the shop's 1C products missing from it are switched off (never deleted: orders name them). */
export async function deactivateMissingProducts(tx: Db, importId: number): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`update products p set is_active = false
        where p.external_id is not null and p.is_active
          and not exists (select 1 from exchange_staging s
                          where s.import_id = ${importId} and s.kind = 'product' and s.data->>'id' = p.external_id)
        returning p.id`,
  );
  return rows.length;
}

// ---- applying offers.xml ----

/** The warehouse with this 1C id; one not yet tied to 1C is matched once by its title. Null when unknown. */
export async function bindWarehouse(tx: Db, w: { id: string; title: string }): Promise<number | null> {
  const known = await tx.execute<{ id: number }>(sql`select id from warehouses where external_id = ${w.id}`);
  if (known.rows[0]) return Number(known.rows[0].id);
  const bound = await tx.execute<{ id: number }>(
    sql`update warehouses set external_id = ${w.id}
        where id = (select id from warehouses where external_id is null and lower(title) = lower(${w.title})
                    order by id limit 1)
        returning id`,
  );
  return bound.rows[0] ? Number(bound.rows[0].id) : null;
}

export async function applyOffers(
  tx: Db,
  importId: number,
  after: number,
  upTo: number,
  priceType: string,
  defaultWarehouse: number | null,
): Promise<number[]> {
  const b = batchRows(importId, after, upTo, 'offer');
  const { rows } = await tx.execute<{ id: number }>(
    sql`with b as (${b}), o as (
          select distinct on (d->>'id') d->>'id' as id,
            (select (x->>'value')::numeric from jsonb_array_elements(d->'prices') x where x->>'type' = ${priceType} limit 1) as price
          from b order by d->>'id', seq desc)
        update products p set price = o.price from o
        where p.external_id = any(array(select id from o)) and p.external_id = o.id and o.price is not null
          and p.price is distinct from o.price
        returning p.id`,
  );
  await tx.execute(
    sql`with b as (${b}), s as (
          select p.id as product_id, w.id as warehouse_id, sum((x->>'qty')::int) as qty
          from b join (${batchProducts(sql`b`)}) p on p.external_id = b.d->>'id'
          cross join jsonb_array_elements(b.d->'stock') x
          join warehouses w on w.external_id = x->>'wh'
          group by 1, 2
          union all
          select p.id, ${defaultWarehouse}::int, (b.d->>'qty')::int
          from b join (${batchProducts(sql`b`)}) p on p.external_id = b.d->>'id'
          where ${defaultWarehouse}::int is not null and jsonb_array_length(b.d->'stock') = 0
            and jsonb_typeof(b.d->'qty') = 'number'),
        t as (select product_id, warehouse_id, sum(qty)::int as qty from s group by 1, 2)
        insert into stock (warehouse_id, product_id, quantity)
        select warehouse_id, product_id, greatest(qty, 0) from t
        on conflict (warehouse_id, product_id) do update set quantity = greatest(excluded.quantity, stock.reserved)
        where stock.quantity <> greatest(excluded.quantity, stock.reserved)`,
  );
  return rows.map((r) => Number(r.id));
}

/** A full offers package: 1C products it leaves out have nothing (but their reservations) in its warehouses. */
export async function clearMissingStock(tx: Db, importId: number, warehouseIds: number[]): Promise<void> {
  if (warehouseIds.length === 0) return;
  await tx.execute(
    sql`update stock st set quantity = st.reserved from products p
        where p.id = st.product_id and p.external_id is not null and st.quantity <> st.reserved
          and st.warehouse_id = any(${`{${warehouseIds.join(',')}}`}::int[])
          and not exists (select 1 from exchange_staging s
                          where s.import_id = ${importId} and s.kind = 'offer' and s.data->>'id' = p.external_id)`,
  );
}

// ---- sale ----

export async function pendingOrders(db: Db, limit: number): Promise<(SaleOrder & { version: number })[]> {
  const { rows } = await db.execute<{
    id: number;
    number: string;
    version: number;
    created_at: string | Date;
    status: OrderStatus;
    is_paid: boolean;
    payment_type: 'CARD' | 'CASH';
    branch: string;
    name: string;
    phone: string;
    email: string;
    comment: string;
    total: string;
    items: SaleOrderLine[];
  }>(
    sql`select o.id, o.number, o.version, o.created_at, o.status, o.is_paid, o.payment_type, b.title as branch,
          o.name, o.phone, o.email, o.comment, o.total_price as total,
          (select coalesce(jsonb_agg(jsonb_build_object('productId', i.product_id, 'externalId', p.external_id,
              'title', i.title, 'article', i.vendor_code, 'price', i.price, 'quantity', i.quantity,
              'isService', i.is_service,
              'installationPrice', case when i.with_installation then i.installation_price else 0 end,
              'onOrder', i.supplier_id is not null or i.expected_at is not null, 'supplierId', i.supplier_id,
              'supplier', s.title, 'purchasePrice', i.purchase_price, 'deliveryDays', i.delivery_days,
              'expectedAt', i.expected_at) order by i.id), '[]')
           from order_items i join products p on p.id = i.product_id left join suppliers s on s.id = i.supplier_id
           where i.order_id = o.id) as items
        from orders o join branches b on b.id = o.branch_id
        where o.exchanged_version is null or o.exchanged_version <> o.version
        order by o.id limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    version: r.version,
    createdAt: new Date(r.created_at),
    status: r.status,
    isPaid: r.is_paid,
    paymentType: r.payment_type,
    branch: r.branch,
    name: r.name,
    phone: r.phone,
    email: r.email,
    comment: r.comment,
    total: Number(r.total),
    items: r.items.map((i) => ({
      ...i,
      price: Number(i.price),
      installationPrice: Number(i.installationPrice),
      purchasePrice: i.purchasePrice === null ? null : Number(i.purchasePrice),
    })),
  }));
}

export async function rememberSent(db: Db, sessionId: number, sent: [number, number][]): Promise<void> {
  await db.execute(
    sql`update exchange_sessions set sale_sent = ${JSON.stringify(sent)}::jsonb where id = ${sessionId}`,
  );
}

/** 1C confirmed the orders of the last query: each is taken at the version sent (a later change goes again). */
export async function markTaken(tx: Db, sessionId: number, sent: [number, number][]): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(
    sql`update orders o set exchanged_version = x.version
        from jsonb_to_recordset(${JSON.stringify(sent.map(([id, version]) => ({ id, version })))}::jsonb)
          as x(id int, version int)
        where o.id = x.id and (o.exchanged_version is null or o.exchanged_version < x.version)
        returning o.id`,
  );
  await tx.execute(sql`update exchange_sessions set sale_sent = '[]' where id = ${sessionId}`);
  return rows.length;
}

export async function lockOrderByNumber(
  tx: Db,
  number: string,
): Promise<{ id: number; status: OrderStatus; version: number } | undefined> {
  const { rows } = await tx.execute<{ id: number; status: OrderStatus; version: number }>(
    sql`select id, status, version from orders where number = ${number} for update`,
  );
  return rows[0];
}

/** The order's state now came from 1C: 1C need not be sent it back. */
export async function markExchangedNow(tx: Db, orderId: number): Promise<void> {
  await tx.execute(sql`update orders set exchanged_version = version where id = ${orderId}`);
}
