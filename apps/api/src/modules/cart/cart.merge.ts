import { and, eq, inArray, sql } from 'drizzle-orm';
import { CART_QUANTITY_MAX } from '@podbor/contract';
import type { Db } from '../../db/client';
import { anonymousVisitors, cartItems, carts, products } from '../../db/schema';
import { offerKey, offersOf } from '../../lib/catalog/offers';
import { hashToken } from '../../lib/tokens';

/**
 * Moves the anonymous visitor's cart into the user's cart at sign-in (ARCHITECTURE §2): quantities of the
 * same product are added, capped by what is available (sum over warehouses of quantity − reserved) and by
 * 999; a line is never lowered below what the user already had; a product with nothing available is not
 * carried over. Services have no stock and are capped by 999 only. The visitor's cart is then deleted.
 *
 * The visitor's cart row is locked first, so two sign-ins racing with the same token merge it once.
 */
export async function mergeVisitorCart(
  db: Db,
  visitorToken: string | null | undefined,
  userId: number,
): Promise<void> {
  if (!visitorToken) return;
  await db.transaction(async (tx) => {
    const [visitor] = await tx
      .update(anonymousVisitors)
      .set({ mergedIntoUserId: userId, lastSeenAt: sql`now()` })
      .where(eq(anonymousVisitors.tokenHash, hashToken(visitorToken)))
      .returning({ id: anonymousVisitors.id });
    if (!visitor) return;
    const [from] = await tx
      .select({ id: carts.id, transportId: carts.transportId })
      .from(carts)
      .where(eq(carts.visitorId, visitor.id))
      .for('update');
    if (!from) return;
    const lines = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        withInstallation: cartItems.withInstallation,
        supplierId: cartItems.supplierId,
      })
      .from(cartItems)
      .where(eq(cartItems.cartId, from.id));

    await tx.execute(
      sql`insert into carts (user_id, transport_id) values (${userId}, ${from.transportId})
          on conflict (user_id) where user_id is not null do nothing`,
    );
    const [to] = await tx
      .select({ id: carts.id, transportId: carts.transportId })
      .from(carts)
      .where(eq(carts.userId, userId))
      .for('update');
    if (!to) throw new Error('user cart missing after upsert');
    if (to.transportId === null && from.transportId !== null) {
      await tx.update(carts).set({ transportId: from.transportId }).where(eq(carts.id, to.id));
    }

    if (lines.length > 0) {
      const ids = lines.map((l) => l.productId);
      const available = await tx
        .select({
          id: products.id,
          isService: products.isService,
          // Spelled out: inside a select list drizzle leaves columns unqualified, which would bind to the subquery.
          available:
            sql`coalesce((select sum(s.quantity - s.reserved) from stock s where s.product_id = "products"."id"), 0)::int`.mapWith(
              Number,
            ),
        })
        .from(products)
        .where(inArray(products.id, ids));
      const byId = new Map(available.map((p) => [p.id, p]));
      const existing = await tx
        .select({ productId: cartItems.productId, quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, to.id), inArray(cartItems.productId, ids)));
      const had = new Map(existing.map((e) => [e.productId, e.quantity]));
      // Lines «под заказ» are capped by their offer's units, in whole multiples; a vanished offer is not carried.
      const offers = await offersOf(
        tx,
        lines.flatMap((l) =>
          l.supplierId === null ? [] : [{ supplierId: l.supplierId, productId: l.productId }],
        ),
      );

      for (const line of lines) {
        const product = byId.get(line.productId);
        if (!product) continue;
        const before = had.get(line.productId) ?? 0;
        const offer =
          line.supplierId === null ? undefined : offers.get(offerKey(line.supplierId, line.productId));
        if (line.supplierId !== null && !offer) continue;
        const cap = offer
          ? Math.min(CART_QUANTITY_MAX, offer.quantity)
          : product.isService
            ? CART_QUANTITY_MAX
            : Math.min(CART_QUANTITY_MAX, product.available);
        let quantity = Math.max(before, Math.min(before + line.quantity, cap));
        if (offer) quantity -= quantity % offer.multiplicity;
        if (quantity < 1) continue;
        await tx
          .insert(cartItems)
          .values({
            cartId: to.id,
            productId: line.productId,
            quantity,
            withInstallation: line.withInstallation,
            supplierId: line.supplierId,
          })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId],
            set: {
              quantity,
              supplierId: line.supplierId,
              withInstallation: sql`${cartItems.withInstallation} or excluded.with_installation`,
              isChecked: true,
            },
          });
      }
    }
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, to.id));
    await tx.delete(carts).where(eq(carts.id, from.id));
  });
}
