import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CART_QUANTITY_MAX,
  expectedDate,
  lineTotal,
  MESSAGES,
  OFFER_MESSAGES,
  onOrderLabel,
  type CartLineOffer,
  type CartLinePickup,
  PICKUP_TEXT,
  orderTotal,
  type CartLine,
  type CartResponse,
  type MoneyLine,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { cartItems, carts } from '../../db/schema';
import { availableByBranch } from '../../lib/catalog/branch-stock';
import { offerKey, offersOf, type BestOffer } from '../../lib/catalog/offers';
import { cityBranches, soonestTransfer } from '../../lib/catalog/pickup';
import { HttpError, badRequest } from '../../lib/http-error';
import { lineLimitMessage, maxUnitsPerLine, type LineLimits } from '../../lib/order-limits';
import type { Owner } from '../../lib/owner';
import {
  pricingContext,
  productsById,
  productsBySlug,
  type PricedProduct,
  type PricingContext,
} from './cart.pricing';

// The order module prices and checks its lines exactly as the cart does.
export { pricingContext, productsBySlug, type PricedProduct, type PricingContext } from './cart.pricing';
export { mergeVisitorCart } from './cart.merge';

// The cart of a signed-in user or of an anonymous visitor (the same calls for both). The cart is not a
// reservation: stock is checked when a quantity grows and again, atomically, when the order reserves it.

export const CART_MESSAGES = {
  productNotFound: 'Товар не найден.',
  installationUnavailable: 'Установка этого товара в выбранном городе не предлагается.',
} as const;

/** Russian message of a stock conflict (HTTP 409). */
export function notEnoughStockMessage(title: string, available: number): string {
  return available > 0
    ? `Недостаточно товара «${title}» в наличии: можно заказать не больше ${available} шт.`
    : `Товара «${title}» нет в наличии в выбранном городе.`;
}

export const stockConflict = (
  product: PricedProduct | { title: string },
  available: number,
  field = 'quantity',
) => {
  const message = notEnoughStockMessage(product.title, available);
  return new HttpError(409, { errors: { detail: message, [field]: [message] } });
};

/**
 * 409 when `quantity` units are more than one order may take of the `available` units of the city (null: a service
 * without stock); null when they fit. The stock's own message when the stock is what is short, the per-order
 * limit's otherwise — both name the product and the quantity that can be ordered.
 */
export function quantityConflict(
  product: { title: string },
  available: number | null,
  quantity: number,
  limits: LineLimits,
  field = 'quantity',
): HttpError | null {
  const allowed = maxUnitsPerLine(available, limits);
  if (quantity <= allowed) return null;
  if (available !== null && allowed >= available)
    return stockConflict(product, Math.max(0, available), field);
  const message = lineLimitMessage(product.title, allowed);
  return new HttpError(409, { errors: { detail: message, [field]: [message] } });
}

const ownerWhere = (owner: Owner) =>
  'userId' in owner ? eq(carts.userId, owner.userId) : eq(carts.visitorId, owner.visitorId);

export async function findCart(
  db: Db,
  owner: Owner,
): Promise<{ id: number; transportId: number | null } | undefined> {
  const [row] = await db
    .select({ id: carts.id, transportId: carts.transportId })
    .from(carts)
    .where(ownerWhere(owner));
  return row;
}

/** The owner's cart, created on first use and locked until the transaction ends (one writer per cart). */
async function lockCart(tx: Db, owner: Owner): Promise<number> {
  if ('userId' in owner) {
    await tx.execute(
      sql`insert into carts (user_id) values (${owner.userId}) on conflict (user_id) where user_id is not null do nothing`,
    );
  } else {
    await tx.execute(
      sql`insert into carts (visitor_id) values (${owner.visitorId}) on conflict (visitor_id) where visitor_id is not null do nothing`,
    );
  }
  const [row] = await tx.select({ id: carts.id }).from(carts).where(ownerWhere(owner)).for('update');
  if (!row) throw new Error('cart missing after upsert');
  return row.id;
}

/** Remembers the vehicle sent with a cart call (`null` clears it); unknown vehicles were already dropped. */
export async function saveTransport(db: Db, owner: Owner, transportId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    const id = await lockCart(tx, owner);
    await tx
      .update(carts)
      .set({ transportId, updatedAt: sql`now()` })
      .where(eq(carts.id, id));
  });
}

/**
 * The pricing context of a cart call: the city sent with the call (else X-City, else the default city) and the
 * vehicle sent with it, else the one remembered with the cart. A vehicle that was sent is remembered, except by a
 * read (`remember: false`, the GET of older clients).
 */
export async function cartContext(
  db: Db,
  request: FastifyRequest,
  owner: Owner,
  body: { transport?: number | null; city?: string | null; branch?: number | null } | null | undefined,
  opts: { remember: boolean } = { remember: true },
): Promise<CartContext> {
  const cart = await findCart(db, owner);
  const sent = body?.transport;
  const ctx = await pricingContext(db, {
    request,
    citySlug: body?.city,
    transportId: sent === undefined ? (cart?.transportId ?? null) : sent,
  });
  if (opts.remember && sent !== undefined && ctx.transportId !== (cart?.transportId ?? null)) {
    await saveTransport(db, owner, ctx.transportId);
  }
  return { ...ctx, branchId: body?.branch ?? null };
}

/** The pricing context plus the pickup branch a cart call named (issue #17). */
export type CartContext = PricingContext & { branchId?: number | null };

/**
 * What each own-stock line says at the chosen branch: «в наличии в филиале» when the branch has the line's
 * quantity, else the soonest transfer from a branch of the city that has some (the order then reserves the exact
 * units and stores the exact moment). Empty without a branch of the city.
 */
async function linePickups(
  db: Db,
  ctx: CartContext,
  lines: readonly { productId: number; quantity: number }[],
  now: Date,
): Promise<Map<number, CartLinePickup>> {
  const result = new Map<number, CartLinePickup>();
  if (!ctx.branchId || !ctx.city || lines.length === 0) return result;
  const branches = await cityBranches(db, ctx.city.id);
  const to = branches.find((b) => b.id === ctx.branchId);
  if (!to) return result;
  const stock = await availableByBranch(
    db,
    lines.map((l) => l.productId),
    sql`b.city_id = ${ctx.city.id} and b.is_active`,
  );
  for (const line of lines) {
    const available = stock.get(line.productId) ?? new Map<number, number>();
    if ((available.get(to.id) ?? 0) >= line.quantity) {
      result.set(line.productId, {
        branch_id: to.id,
        in_branch: true,
        transfer: null,
        label: PICKUP_TEXT.inBranch,
      });
      continue;
    }
    const transfer = soonestTransfer(branches, available, to, 1, now)?.transfer ?? null;
    if (transfer)
      result.set(line.productId, { branch_id: to.id, in_branch: false, transfer, label: transfer.label });
  }
  return result;
}

export async function readCart(db: Db, owner: Owner, ctx: CartContext): Promise<CartResponse> {
  const cart = await findCart(db, owner);
  if (!cart) return { total_price: 0, total: 0, results: [], checked_total: 0, checked_total_price: 0 };
  const lines = await db
    .select({
      id: cartItems.id,
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      withInstallation: cartItems.withInstallation,
      isChecked: cartItems.isChecked,
      supplierId: cartItems.supplierId,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cart.id))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.id));
  const products = await productsById(
    db,
    ctx,
    lines.map((l) => l.productId),
  );
  const offers = await offersOf(
    db,
    lines.flatMap((l) =>
      l.supplierId === null ? [] : [{ supplierId: l.supplierId, productId: l.productId }],
    ),
  );
  const now = new Date();
  const pickups = await linePickups(
    db,
    ctx,
    lines.filter((l) => l.supplierId === null && products.get(l.productId)?.isService === false),
    now,
  );
  const results: CartLine[] = [];
  const all: MoneyLine[] = [];
  const checked: MoneyLine[] = [];
  for (const line of lines) {
    const p = products.get(line.productId);
    if (!p) continue; // switched off since it was added
    const offered = p.installationPrice !== null;
    const withInstallation = line.withInstallation && offered;
    const offer = line.supplierId === null ? undefined : offers.get(offerKey(line.supplierId, p.id));
    // A line «под заказ» is priced and limited by its offer; a vanished offer leaves the shop's price and says so.
    const price = offer ? offer.price : p.price;
    const money: MoneyLine = {
      price,
      installation: withInstallation ? (p.installationPrice ?? 0) : 0,
      quantity: line.quantity,
    };
    all.push(money);
    if (line.isChecked) checked.push(money);
    results.push({
      id: line.id,
      quantity: line.quantity,
      product: {
        id: p.id,
        slug: p.slug,
        price,
        warehouse_stock: offer
          ? offer.quantity
          : line.supplierId !== null
            ? 0
            : (p.stock ?? CART_QUANTITY_MAX),
        with_installation: withInstallation,
        installation_price: p.installationPrice ?? 0,
        title: p.title,
        image: p.image,
        categories: p.categories,
        old_price: p.oldPrice,
        is_service: p.isService,
        vendor_code: p.article,
        installation_available: offered,
      },
      total_products_price: lineTotal(money.price, 0, money.quantity),
      total_installation_price: lineTotal(0, money.installation, money.quantity),
      total_price: lineTotal(money.price, money.installation, money.quantity),
      is_checked: line.isChecked,
      offer: line.supplierId === null ? null : lineOffer(line.supplierId, offer, now),
      fit: p.fit,
      pickup: line.supplierId === null ? (pickups.get(p.id) ?? null) : null,
    });
  }
  return {
    total_price: orderTotal(all),
    total: results.length,
    results,
    checked_total: checked.length,
    checked_total_price: orderTotal(checked),
  };
}

/** What a cart line «под заказ» says: its term and expected day, or that the supplier no longer offers it. */
function lineOffer(supplierId: number, offer: BestOffer | undefined, now: Date): CartLineOffer {
  if (!offer || offer.quantity <= 0) {
    return {
      supplier_id: supplierId,
      available: false,
      delivery_days: offer?.deliveryDays ?? null,
      multiplicity: offer?.multiplicity ?? 1,
      expected_date: null,
      label: OFFER_MESSAGES.offerGoneLabel,
    };
  }
  return {
    supplier_id: supplierId,
    available: true,
    delivery_days: offer.deliveryDays,
    multiplicity: offer.multiplicity,
    expected_date: expectedDate(offer.deliveryDays, now),
    label: onOrderLabel(offer.deliveryDays),
  };
}

/**
 * A quantity of a line «под заказ» its offer cannot take: 400 when it is not a multiple of the offer's multiplicity,
 * 409 when it grows beyond the supplier's units; null when it fits. `grows`: the quantity is more than before (or
 * the line has just moved to this offer) — lowering it is always allowed.
 */
export function offerConflict(
  product: { title: string },
  offer: BestOffer,
  quantity: number,
  grows: boolean,
  field = 'quantity',
): HttpError | null {
  if (quantity % offer.multiplicity !== 0) {
    return badRequest({ [field]: [OFFER_MESSAGES.multiplicity(product.title, offer.multiplicity)] });
  }
  if (grows && quantity > offer.quantity) {
    const message = OFFER_MESSAGES.notEnough(product.title, offer.quantity);
    return new HttpError(409, { errors: { detail: message, [field]: [message] } });
  }
  return null;
}

export interface CartChange {
  product: string;
  /** add: units to add; set: the absolute quantity (0 removes). */
  quantity: number;
  withInstallation: boolean;
  isChecked?: boolean;
  /** The supplier whose offer the line is from; null: own stock; undefined: as the line is now (new: own stock). */
  supplierId?: number | null;
}

/**
 * Applies additions (`mode: 'add'`) or absolute quantities (`mode: 'set'`) in one transaction. Refused as a whole:
 * an unknown product or installation where it is not offered (400), more than 999 (400), a quantity that grows
 * beyond the stock of the city or beyond what one order may take (409). Lowering a quantity is always allowed,
 * even when it stays above a stock that shrank.
 */
export async function changeCart(
  db: Db,
  owner: Owner,
  ctx: PricingContext,
  limits: LineLimits,
  mode: 'add' | 'set',
  changes: readonly CartChange[],
): Promise<void> {
  const field = mode === 'add' ? 'product' : 'items';
  const products = await productsBySlug(
    db,
    ctx,
    changes.map((c) => c.product),
  );
  // A slug sent twice in one update: the last line wins, as if sent one after the other.
  const bySlug = new Map<string, CartChange>();
  for (const change of changes) {
    const p = products.get(change.product);
    if (!p) {
      throw badRequest({
        [field]: [
          mode === 'add'
            ? CART_MESSAGES.productNotFound
            : `${CART_MESSAGES.productNotFound} (${change.product})`,
        ],
      });
    }
    if (change.withInstallation && p.installationPrice === null && change.quantity > 0) {
      throw badRequest({ with_installation: [CART_MESSAGES.installationUnavailable] });
    }
    bySlug.set(
      change.product,
      mode === 'add'
        ? { ...change, quantity: (bySlug.get(change.product)?.quantity ?? 0) + change.quantity }
        : change,
    );
  }
  await db.transaction(async (tx) => {
    const cartId = await lockCart(tx, owner);
    const ids = [...bySlug.keys()].map((slug) => products.get(slug)!.id);
    const existing = await tx
      .select({
        productId: cartItems.productId,
        quantity: cartItems.quantity,
        supplierId: cartItems.supplierId,
      })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, ids)));
    const had = new Map(existing.map((e) => [e.productId, e]));
    const sourceOf = (productId: number, change: CartChange) =>
      change.supplierId === undefined ? (had.get(productId)?.supplierId ?? null) : change.supplierId;
    const offers = await offersOf(
      tx,
      [...bySlug].flatMap(([slug, change]) => {
        const productId = products.get(slug)!.id;
        const supplierId = sourceOf(productId, change);
        return supplierId === null ? [] : [{ supplierId, productId }];
      }),
    );
    for (const [slug, change] of bySlug) {
      const p = products.get(slug)!;
      const line = had.get(p.id);
      const before = line?.quantity ?? 0;
      const supplierId = sourceOf(p.id, change);
      const quantity = mode === 'add' ? before + change.quantity : change.quantity;
      if (quantity === 0) {
        await tx.delete(cartItems).where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, p.id)));
        continue;
      }
      if (quantity > CART_QUANTITY_MAX) throw badRequest({ quantity: [MESSAGES.quantityInvalid] });
      // A line that moves between own stock and an offer is checked as if it were new.
      const grows = quantity > before || (line?.supplierId ?? null) !== supplierId;
      let conflict: HttpError | null;
      if (supplierId === null) {
        conflict = grows ? quantityConflict(p, p.stock, quantity, limits) : null;
      } else {
        const offer = offers.get(offerKey(supplierId, p.id));
        if (!offer || offer.quantity <= 0)
          throw badRequest({ supplier_id: [OFFER_MESSAGES.offerGone(p.title)] });
        conflict = offerConflict(p, offer, quantity, grows);
      }
      if (conflict) throw conflict;
      const isChecked = mode === 'add' ? true : (change.isChecked ?? true);
      await tx
        .insert(cartItems)
        .values({
          cartId,
          productId: p.id,
          quantity,
          withInstallation: change.withInstallation,
          isChecked,
          supplierId,
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.productId],
          set: {
            quantity,
            supplierId,
            withInstallation: change.withInstallation,
            // An update that does not mention the checked state keeps it.
            isChecked:
              mode === 'add' || change.isChecked !== undefined ? isChecked : sql`${cartItems.isChecked}`,
          },
        });
    }
    await tx
      .update(carts)
      .set({ updatedAt: sql`now()` })
      .where(eq(carts.id, cartId));
  });
}

export async function clearCart(db: Db, owner: Owner): Promise<void> {
  const cart = await findCart(db, owner);
  if (!cart) return;
  await db.delete(cartItems).where(eq(cartItems.cartId, cart.id));
}

/** After an order placed from the cart: its products leave the cart (inside the order's transaction). */
export async function removeFromCart(tx: Db, owner: Owner, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const cart = await findCart(tx, owner);
  if (!cart) return;
  await tx
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.productId, [...productIds])));
}
