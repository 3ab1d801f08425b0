import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, orderItems, products } from '../db/schema';

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
      slug: products.slug,
      images: products.images,
      categoryPath: categories.path,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(orderItems.orderId, [...orderIds]))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}
export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];
