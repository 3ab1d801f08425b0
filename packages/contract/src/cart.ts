import { z } from 'zod';
import { categoriesPath, optionalSlug, optionalTransportId, slug } from './common';
import { CART_MAX_LINES, CART_QUANTITY_MAX, CART_QUANTITY_MIN } from './constants';
import { productFit } from './fit';
import { MESSAGES } from './messages';
import { cartLineOffer, supplierIdField } from './offers';
import { cartLinePickup } from './pickup';

// Cart calls, the same for signed-in users and anonymous visitors (API-SHAPES §10). Every call
// answers with the whole cart. `transport` is an id or "", `city` a slug or "" (X-City otherwise).

function quantity(min: number) {
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.quantityInvalid,
    })
    .int(MESSAGES.quantityInvalid)
    .min(min, MESSAGES.quantityInvalid)
    .max(CART_QUANTITY_MAX, MESSAGES.quantityInvalid);
}

/** Quantity of an added line: 1…999. */
export const cartAddQuantity = quantity(CART_QUANTITY_MIN);
/** Absolute quantity on update: 0 removes the line. */
export const cartUpdateQuantity = quantity(0);

const cartContext = {
  transport: optionalTransportId,
  city: optionalSlug,
  /**
   * Podbor adds (issue #17): the customer's pickup branch (an id, the same rule as any optional id); each line
   * then says whether the branch has it or when a transfer brings it (`pickup`). Not remembered with the cart.
   */
  branch: optionalTransportId,
};

export const cartRequest = z.object(cartContext);
export type CartRequest = z.infer<typeof cartRequest>;
export type CartRequestInput = z.input<typeof cartRequest>;
/** Body of `POST …/cart/`: the context, or nothing at all (a POST without a body reaches validation as null). */
export const cartReadRequest = cartRequest.nullish();

export const cartAddItemRequest = z.object({
  product: slug,
  quantity: cartAddQuantity,
  with_installation: z.boolean().default(false),
  /** Podbor adds: the line comes from this supplier's offer «под заказ» (the product's `offer.supplier_id`). */
  supplier_id: supplierIdField,
  ...cartContext,
});
export type CartAddItemRequest = z.infer<typeof cartAddItemRequest>;
export type CartAddItemRequestInput = z.input<typeof cartAddItemRequest>;

export const cartUpdateLine = z.object({
  product: slug,
  quantity: cartUpdateQuantity,
  with_installation: z.boolean().default(false),
  /** Podbor adds: the line's checked state in the cart (kept across reloads); absent = unchanged. */
  is_checked: z.boolean().optional(),
  /** Podbor adds: the line comes from this supplier's offer; absent = as the line is now. */
  supplier_id: supplierIdField,
});
export type CartUpdateLine = z.infer<typeof cartUpdateLine>;

export const cartUpdateItemRequest = z.object({
  items: z.array(cartUpdateLine).min(1, MESSAGES.required).max(CART_MAX_LINES),
  ...cartContext,
});
export type CartUpdateItemRequest = z.infer<typeof cartUpdateItemRequest>;
export type CartUpdateItemRequestInput = z.input<typeof cartUpdateItemRequest>;

/** `POST …/cart/clear/` has no body (null or absent); a body with the cart context is tolerated. */
export const cartClearRequest = z.object(cartContext).nullish();
export type CartClearRequest = z.infer<typeof cartClearRequest>;

export const cartProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  price: z.number(),
  /** Units available to order. */
  warehouse_stock: z.number(),
  /** Installation chosen for this line. */
  with_installation: z.boolean(),
  /** Installation price per unit (0 when not offered). */
  installation_price: z.number(),
  // Podbor adds:
  title: z.string().optional(),
  image: z.string().nullable().optional(),
  categories: categoriesPath.optional(),
  old_price: z.number().nullable().optional(),
  is_service: z.boolean().optional(),
  vendor_code: z.string().optional(),
  /** Installation is offered for this product in the current city. */
  installation_available: z.boolean().optional(),
});
export type CartProduct = z.infer<typeof cartProduct>;

export const cartLine = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  product: cartProduct,
  // Podbor adds line totals and the checked state:
  total_products_price: z.number().optional(),
  total_installation_price: z.number().optional(),
  total_price: z.number().optional(),
  is_checked: z.boolean().optional(),
  /** Podbor adds: the line comes from a supplier's offer «под заказ» (null: own stock). */
  offer: cartLineOffer.nullable().optional(),
  /** Podbor adds (fit everywhere): the product for the cart's vehicle; `unknown` when none is chosen. */
  fit: productFit.optional(),
  /** Podbor adds (issue #17): the line at the branch sent as `branch`; null without one, for services and offers. */
  pickup: cartLinePickup.nullable().optional(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartResponse = z.object({
  total_price: z.number(),
  /** Number of lines. */
  total: z.number().int(),
  results: z.array(cartLine),
  // Podbor adds the totals of the checked lines (what an order of the cart would cost):
  checked_total: z.number().int().optional(),
  checked_total_price: z.number().optional(),
});
export type CartResponse = z.infer<typeof cartResponse>;
