import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, orderItems, orders, products } from '../db/schema';

// An order's lines as they were sold. Lives in lib/ because two modules read them: payment (the order summary,
// the 54-FZ receipt) and profile (the customer's order history); neither owns the other.

/** A line as sold: its title, code, price, quantity, installation and whether it is a service. */
export const ORDER_LINE_COLUMNS = {
  title: orderItems.title,
  vendorCode: orderItems.vendorCode,
  price: orderItems.price,
  quantity: orderItems.quantity,
  isService: orderItems.isService,
  withInstallation: orderItems.withInstallation,
  installationPrice: orderItems.installationPrice,
};

/** The lines of the given orders with their products (slug, images, category path), each order's in the order added. */
export async function findOrderLines(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      ...ORDER_LINE_COLUMNS,
      supplierId: orderItems.supplierId,
      deliveryDays: orderItems.deliveryDays,
      expectedAt: orderItems.expectedAt,
      slug: products.slug,
      images: products.images,
      categoryPath: categories.path,
      // Fit everywhere: whether the product fits the vehicle the order named (null: it named none).
      isUniversal: products.isUniversal,
      linked: sql<boolean | null>`case when "orders"."transport_id" is null then null else exists (
          select 1 from product_transports pt
          where pt.product_id = "order_items"."product_id" and pt.transport_id = "orders"."transport_id") end`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

/**
 * What a line «под заказ» adds to the customer's and the back office's order views (the supplier's price stays
 * inside the shop): that it comes from an offer, its term and the day it is expected.
 */
export function lineOfferFields(line: {
  supplierId: number | null;
  deliveryDays: number | null;
  expectedAt: string | null;
}): { on_order: boolean; delivery_days: number | null; expected_date: string | null } {
  // A line keeps its term after its supplier is deleted (supplier_id set null): the expected day says it came to order.
  const onOrder = line.supplierId !== null || line.expectedAt !== null;
  return {
    on_order: onOrder,
    delivery_days: onOrder ? line.deliveryDays : null,
    expected_date: onOrder ? line.expectedAt : null,
  };
}
