import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { expectedDate, type ProductOffer } from '@podbor/contract';
import type { Db } from '../../db/client';
import { intArray, parseRows, parseRowsPrepared, pgNumber } from '../../db/sql';

// Supplier offers «под заказ» (issue #15), read by the storefront, the cart and orders. The best offer of a product
// is the cheapest one of an active supplier that still has units, then the fastest (then the lowest supplier id,
// so the answer is stable). One statement per page of products, through supplier_offers_product_idx.

export interface BestOffer {
  supplierId: number;
  productId: number;
  price: number;
  purchasePrice: number;
  quantity: number;
  deliveryDays: number;
  multiplicity: number;
}

const offerRow = z.object({
  supplier_id: pgNumber,
  product_id: pgNumber,
  price: pgNumber,
  purchase_price: pgNumber,
  quantity: pgNumber,
  delivery_days: pgNumber,
  multiplicity: pgNumber,
});

const toOffer = (r: z.infer<typeof offerRow>): BestOffer => ({
  supplierId: r.supplier_id,
  productId: r.product_id,
  price: r.price,
  purchasePrice: r.purchase_price,
  quantity: r.quantity,
  deliveryDays: r.delivery_days,
  multiplicity: r.multiplicity,
});

const OFFER_COLUMNS = sql`o.supplier_id, o.product_id, o.price::float8 as price, o.purchase_price::float8 as purchase_price,
  o.quantity, o.delivery_days, o.multiplicity`;

/** The best offer's order: the cheapest, then the fastest, then the lowest supplier id (a stable answer). */
const BEST_FIRST = sql`o.price, o.delivery_days, o.supplier_id`;

/**
 * The best offer of product `productId` (SQL naming the product's id in the outer statement) as one JSON column
 * of OFFER_COLUMNS (null when it has none), for statements that read a product's card and its offer in one go;
 * read it back with `offerOf`.
 */
export const bestOfferOf = (productId: SQL) => sql`(select row_to_json(b) from (
    select ${OFFER_COLUMNS} from supplier_offers o join suppliers s on s.id = o.supplier_id and s.is_active
    where o.product_id = ${productId} and o.quantity > 0
    order by ${BEST_FIRST} limit 1
  ) b)`;

/** The column of bestOfferOf. */
export const bestOfferColumn = offerRow.nullable();

/** The offer of a bestOfferOf column, or undefined when it is null. */
export const offerOf = (column: z.infer<typeof bestOfferColumn>): BestOffer | undefined =>
  column ? toOffer(column) : undefined;

/** The best offer of each product (products without one are absent from the map). */
export async function bestOffers(db: Db, productIds: readonly number[]): Promise<Map<number, BestOffer>> {
  if (productIds.length === 0) return new Map();
  // Read by key whatever the ids, so one plan made per connection serves every page (db/sql.ts).
  const rows = await parseRowsPrepared(
    db,
    sql`select distinct on (o.product_id) ${OFFER_COLUMNS}
        from supplier_offers o join suppliers s on s.id = o.supplier_id and s.is_active
        where o.product_id = any(${intArray([...new Set(productIds)])}) and o.quantity > 0
        order by o.product_id, ${BEST_FIRST}`,
    offerRow,
    'generic',
  );
  return new Map(rows.map((r) => [r.product_id, toOffer(r)]));
}

/**
 * Given offers of given suppliers (a cart's or an order's lines), keyed `supplierId:productId`. An offer of an
 * inactive supplier counts as gone; one with no units left is returned (its quantity says so).
 */
export async function offersOf(
  db: Db,
  pairs: readonly { supplierId: number; productId: number }[],
): Promise<Map<string, BestOffer>> {
  if (pairs.length === 0) return new Map();
  const rows = await parseRows(
    db,
    sql`select ${OFFER_COLUMNS}
        from unnest(${intArray(pairs.map((p) => p.supplierId))}, ${intArray(pairs.map((p) => p.productId))}) k(supplier_id, product_id)
        join supplier_offers o on o.supplier_id = k.supplier_id and o.product_id = k.product_id
        join suppliers s on s.id = o.supplier_id and s.is_active`,
    offerRow,
  );
  return new Map(rows.map((r) => [offerKey(r.supplier_id, r.product_id), toOffer(r)]));
}

export const offerKey = (supplierId: number, productId: number) => `${supplierId}:${productId}`;

/** The offer as the storefront's answers carry it, with the day an order placed now is expected. */
export function offerJson(offer: BestOffer, now: Date = new Date()): ProductOffer {
  return {
    price: offer.price,
    quantity: offer.quantity,
    delivery_days: offer.deliveryDays,
    multiplicity: offer.multiplicity,
    expected_date: expectedDate(offer.deliveryDays, now),
    supplier_id: offer.supplierId,
  };
}
