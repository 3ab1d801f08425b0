import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { intArray } from '../db/sql';
import type { Exec } from './bulk';

// `seed --orders N` (issue #14): N realistic orders for the order desk and its benchmark, spread over the last two
// years, written set-based (generate_series, one statement per step) so a million take minutes on PostgreSQL.
// Older orders are finished (mostly handed over, some cancelled); the last days hold the open ones (new,
// awaiting payment, paid, assembling, ready), whose stock is reserved like a real order's. Customers repeat:
// phones come from a pool smaller than the order count.

const NAMES = [
  'Иван Петров',
  'Сергей Иванов',
  'Алексей Смирнов',
  'Дмитрий Кузнецов',
  'Андрей Попов',
  'Михаил Васильев',
  'Ольга Соколова',
  'Елена Михайлова',
  'Наталья Новикова',
  'Николай Фёдоров',
  'Павел Морозов',
  'Татьяна Волкова',
];

/** Orders a step writes: bounds the size of one statement's sort and WAL. */
const STEP = 200_000;

export async function seedOrders(
  db: Exec,
  count: number,
  log: (m: string) => void = () => {},
): Promise<number> {
  if (!Number.isInteger(count) || count < 1 || count > 10_000_000)
    throw new Error(`orders must be an integer from 1 to 10000000 (got ${count})`);
  const [ref] = z
    .array(
      z.object({
        branches: z.array(z.number()).nullable(),
        products: z.union([z.number(), z.string()]).transform(Number),
        cash: z.number().nullable(),
        card: z.number().nullable(),
        start: z.union([z.number(), z.string()]).transform(Number),
      }),
    )
    .parse(
      (
        await db.execute(sql`select
          (select array_agg(distinct b.id order by b.id) from branches b join warehouses w on w.branch_id = b.id
            where b.is_active) as branches,
          (select max(id) from products) as products,
          (select min(id) from payment_methods where type = 'CASH') as cash,
          (select min(id) from payment_methods where type = 'CARD') as card,
          (select coalesce(max(id), 0) from orders) as start`)
      ).rows,
    );
  if (!ref?.branches?.length || !ref.products || !ref.cash || !ref.card)
    throw new Error('seed the shop first (branches with warehouses, products, payment methods)');
  const names = `{${NAMES.map((n) => `"${n}"`).join(',')}}`;
  const phonePool = Math.max(1000, Math.floor(count / 4));
  for (let from = 1; from <= count; from += STEP) {
    const to = Math.min(count, from + STEP - 1);
    await db.execute(sql`
      insert into orders (number, status, placement_type, payment_type, payment_method_id, branch_id, name, phone,
                          email, items_price, installation_price, total_price, is_paid, paid_at, version,
                          created_at, updated_at)
      select number, status, 'CART', payment_type,
             case when payment_type = 'CASH' then ${ref.cash}::int else ${ref.card}::int end,
             branch_id, name, phone, '', 0, 0, 0,
             status in ('paid', 'assembling', 'ready', 'completed') and (payment_type = 'CARD' or status = 'completed'),
             case when status in ('paid', 'assembling', 'ready', 'completed')
                   and (payment_type = 'CARD' or status = 'completed') then created_at + interval '10 minutes' end,
             case status when 'new' then 1 when 'awaiting_payment' then 1 when 'paid' then 2 when 'assembling' then 2
                         when 'ready' then 3 else 4 end,
             created_at, created_at
      from (
        select g, (${ref.start}::bigint * 7 + 100000000 + g)::text as number,
               -- Two years, more orders lately (the shop grows): the square root leans towards now.
               -- The first 30 of each batch are from the last three days, every open status of both payment types
               -- among them, so the desk's tabs are never empty however few orders are asked for.
               case when g - ${from} < 30 then now() - r2 * interval '3 days'
                    else now() - (730 * (1 - sqrt(r1))) * interval '1 day' - r2 * interval '1 day' end as created_at,
               case when g - ${from} < 30 then case when g % 2 = 0 then 'CASH' else 'CARD' end
                    when r3 < 0.55 then 'CASH' else 'CARD' end as payment_type,
               g - ${from} < 30 as recent,
               (${intArray(ref.branches)})[1 + floor(r4 * ${ref.branches.length})::int] as branch_id,
               (${names}::text[])[1 + (g % ${NAMES.length})] as name,
               '+79' || lpad(((hashint4(g % ${phonePool}) & 2147483647) % 1000000000)::text, 9, '0') as phone,
               r5
        from (select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
              from generate_series(${from}::int, ${to}::int) g) x
      ) o
      cross join lateral (select case
        when o.created_at < now() - interval '3 days' then case when o.r5 < 0.82 then 'completed' else 'cancelled' end
        when o.payment_type = 'CASH' then (array['new', 'assembling', 'ready', 'completed', 'cancelled'])
          [1 + case when o.recent then (o.g / 2) % 5 else floor(o.r5 * 5)::int end]
        else (array['awaiting_payment', 'paid', 'assembling', 'ready', 'completed', 'cancelled'])
          [1 + case when o.recent then (o.g / 2) % 6 else floor(o.r5 * 6)::int end]
      end as status) s
      on conflict (number) do nothing`);
    log(`orders ${to.toLocaleString('ru-RU')} / ${count.toLocaleString('ru-RU')}`);
  }
  log('order lines');
  // 1–4 lines per order, products spread over the catalogue; a line's price is the product's price today.
  // One line per product, as the shop's cart makes them: two draws of the same product keep the first.
  await db.execute(sql`
    insert into order_items (order_id, product_id, title, vendor_code, price, quantity)
    select distinct on (o.id, p.id) o.id, p.id, p.title, p.article, p.price, 1 + (hashint4(o.id * 31 + k) & 3)
    from orders o
    cross join lateral generate_series(1, 1 + (hashint4(o.id) & 3)) k
    join products p on p.id = 1 + ((hashint4(o.id * 7 + k) & 2147483647) % ${ref.products})
    where o.id > ${ref.start} and not p.is_service
    order by o.id, p.id, k`);
  await db.execute(sql`
    update orders o set items_price = t.sum, total_price = t.sum
    from (select order_id, sum(price * quantity) as sum from order_items where order_id > ${ref.start}
          group by order_id) t
    where o.id = t.order_id`);
  // An order whose every drawn product was a service has no lines: it would not exist in the shop.
  await db.execute(
    sql`delete from orders o where o.id > ${ref.start} and not exists (select 1 from order_items i where i.order_id = o.id)`,
  );
  log('reservations of open orders');
  await db.execute(sql`
    with open_lines as (
      select o.id as order_id, i.product_id, i.quantity,
             (select min(w.id) from warehouses w where w.branch_id = o.branch_id) as warehouse_id
      from orders o join order_items i on i.order_id = o.id
      where o.id > ${ref.start} and o.status not in ('completed', 'cancelled')
    ), held as (
      insert into reservations (order_id, product_id, warehouse_id, quantity)
      select order_id, product_id, warehouse_id, quantity from open_lines
      returning product_id, warehouse_id, quantity
    )
    insert into stock (warehouse_id, product_id, quantity, reserved)
    select warehouse_id, product_id, sum(quantity), sum(quantity) from held
    group by warehouse_id, product_id
    on conflict (warehouse_id, product_id) do update
      set reserved = stock.reserved + excluded.reserved,
          quantity = greatest(stock.quantity, stock.reserved + excluded.reserved)`);
  await db.execute(sql`analyze orders, order_items, reservations, stock`);
  const [done] = z
    .array(z.object({ n: z.union([z.number(), z.string()]).transform(Number) }))
    .parse((await db.execute(sql`select count(*) as n from orders where id > ${ref.start}`)).rows);
  return done?.n ?? 0;
}
