import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// Anonymous visitors are free to create (POST /api/v1/user/token/unauthorized_user/, every first page view), so
// their rows would grow without bound. The housekeeping sweep forgets the ones nobody uses any more. A deleted
// visitor's token is then an unknown token: 401 on cart, order and payment-status calls, no caller on the others,
// exactly as for a token that never existed.

export interface VisitorExpiry {
  /** A visitor with nothing in the cart and no order is forgotten after this many hours unused. */
  idleHours: number;
  /** Every visitor, cart included, after this many days unused (the storefront's token cookie is gone by then). */
  maxIdleDays: number;
}

/**
 * Deletes up to `batch` visitors unused for too long (oldest first) and returns how many; their carts go with
 * them (ON DELETE CASCADE), their orders stay (visitor_id set null). The conditions are repeated in the outer
 * WHERE so that on PostgreSQL a row a request touches while the sweep runs (last_seen_at moved) is re-checked
 * and kept rather than deleted under that request.
 */
export async function purgeIdleVisitors(db: Db, expiry: VisitorExpiry, batch = 10_000): Promise<number> {
  const idle = sql`(v.last_seen_at < now() - make_interval(days => ${expiry.maxIdleDays}::int)
      or (v.last_seen_at < now() - make_interval(hours => ${expiry.idleHours}::int)
        and not exists (select 1 from carts c join cart_items i on i.cart_id = c.id where c.visitor_id = v.id)
        and not exists (select 1 from orders o where o.visitor_id = v.id)))`;
  const deleted = await db.execute(
    sql`delete from anonymous_visitors v
        where v.id in (select v.id from anonymous_visitors v where ${idle} order by v.last_seen_at limit ${batch})
          and ${idle}
        returning v.id`,
  );
  return deleted.rows.length;
}
