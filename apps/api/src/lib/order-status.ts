import { sql } from 'drizzle-orm';
import type { OrderStatus } from '@podbor/contract';
import type { Db } from '../db/client';

// The order status machine (ARCHITECTURE §2): new → awaiting_payment → paid → assembling → ready → completed,
// or cancelled from any unfinished state. `new` is a cash order (paid at the branch), `awaiting_payment` an online
// one. Cancelling releases the stock reservation; completing consumes it (the goods left the warehouse).
// It lives in lib/ because two modules move orders: payment (paid, cancelled by the provider) and orders (expiry),
// and the back office will too; neither owns the other.

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['assembling', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['assembling', 'cancelled'],
  assembling: ['ready', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Statuses from which `to` may be reached. */
export const sourcesOf = (to: OrderStatus): OrderStatus[] =>
  (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) => ORDER_TRANSITIONS[from].includes(to));

const statusArray = (list: readonly OrderStatus[]) => sql`${`{${list.join(',')}}`}::text[]`;

/**
 * Moves the order to `to` if its current status allows it (bumping its `version`, which the back office's
 * optimistic concurrency compares) (and is one of `onlyFrom`, when given); false when it
 * did not move. Run it inside the transaction that also does whatever caused the move.
 */
export async function transitionOrder(
  tx: Db,
  orderId: number,
  to: OrderStatus,
  onlyFrom?: readonly OrderStatus[],
): Promise<boolean> {
  const from = sourcesOf(to).filter((s) => !onlyFrom || onlyFrom.includes(s));
  if (from.length === 0) return false;
  const moved = await tx.execute(
    sql`update orders set status = ${to}, updated_at = now(), version = version + 1,
          expires_at = case when ${to} = 'awaiting_payment' then expires_at else null end,
          is_paid = is_paid or ${to === 'paid'},
          paid_at = case when ${to === 'paid'} and paid_at is null then now() else paid_at end
        where id = ${orderId} and status = any(${statusArray(from)}) returning id`,
  );
  if (moved.rows.length === 0) return false;
  if (to === 'cancelled') {
    await settleReservations(tx, orderId, 'release');
    await returnOfferUnits(tx, orderId);
  }
  if (to === 'completed') await settleReservations(tx, orderId, 'consume');
  return true;
}

/**
 * Closes the order's open reservations: `release` gives the units back to the available stock, `consume` takes them
 * off the shelf as well. The reservation rows are closed in the same statement that adjusts the stock, so a repeat
 * finds nothing open and changes nothing.
 */
export async function settleReservations(
  tx: Db,
  orderId: number,
  mode: 'release' | 'consume',
): Promise<void> {
  const consume = mode === 'consume';
  await tx.execute(
    sql`with closed as (
          update reservations set released_at = now()
          where order_id = ${orderId} and released_at is null
          returning warehouse_id, product_id, quantity
        ), totals as (
          select warehouse_id, product_id, sum(quantity)::int as quantity from closed group by warehouse_id, product_id
        )
        update stock s set reserved = s.reserved - t.quantity,
          quantity = case when ${consume} then s.quantity - t.quantity else s.quantity end
        from totals t where s.warehouse_id = t.warehouse_id and s.product_id = t.product_id`,
  );
}

/**
 * A cancelled (or expired) order gives its lines «под заказ» back to the suppliers' offers they were taken from
 * (placing it took them off `supplier_offers.quantity`). An offer that a newer price list dropped gets nothing back:
 * the newer list says what the supplier has. Runs once per order, as the cancelling transition does.
 */
async function returnOfferUnits(tx: Db, orderId: number): Promise<void> {
  await tx.execute(
    sql`update supplier_offers o set quantity = o.quantity + t.quantity, updated_at = now()
        from (select supplier_id, product_id, sum(quantity)::int as quantity from order_items
              where order_id = ${orderId} and supplier_id is not null group by supplier_id, product_id) t
        where o.supplier_id = t.supplier_id and o.product_id = t.product_id`,
  );
}
