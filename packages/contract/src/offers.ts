import { z } from 'zod';
export * from './offer-text';

// Supplier offers «под заказ» as the storefront, the cart and orders see them (issue #15). A product with no own
// stock in the city may still be sold from its best offer: the cheapest active one with units (then the fastest).

/** The best offer of a product, as the product page and the cards show it (prices already with the markup). */
export const productOffer = z.object({
  price: z.number(),
  /** Units the supplier has. */
  quantity: z.number().int(),
  /** Days from the order to the branch. */
  delivery_days: z.number().int(),
  /** Sold in multiples of this. */
  multiplicity: z.number().int(),
  /** When an order placed today is expected at the branch, YYYY-MM-DD. */
  expected_date: z.string(),
  /** The supplier whose offer it is: sent back as the cart's `supplier_id`. */
  supplier_id: z.number().int(),
});
export type ProductOffer = z.infer<typeof productOffer>;

/** A cart line taken from a supplier's offer. */
export const cartLineOffer = z.object({
  supplier_id: z.number().int(),
  /** False when the supplier no longer offers the product (a newer price list): the line cannot be ordered. */
  available: z.boolean(),
  delivery_days: z.number().int().nullable(),
  multiplicity: z.number().int(),
  expected_date: z.string().nullable(),
  /** «под заказ, 3 дня», or why the line cannot be ordered. */
  label: z.string(),
});
export type CartLineOffer = z.infer<typeof cartLineOffer>;

/** Podbor adds to a cart call: the line comes from this supplier's offer; absent or null = own stock. */
export const supplierIdField = z
  .number({ error: 'Укажите поставщика числом.' })
  .int('Укажите поставщика числом.')
  .positive('Укажите поставщика числом.')
  .max(2_147_483_647, 'Укажите поставщика числом.')
  .nullish();

export const OFFER_MESSAGES = {
  offerGone: (title: string) =>
    `Предложение поставщика для товара «${title}» больше недоступно. Удалите его из корзины или выберите товар в наличии.`,
  offerGoneLabel: 'Предложение поставщика больше недоступно',
  multiplicity: (title: string, multiplicity: number) =>
    `Товар «${title}» под заказ продаётся по ${multiplicity} шт.: укажите количество, кратное ${multiplicity}.`,
  notEnough: (title: string, available: number) =>
    available > 0
      ? `У поставщика недостаточно товара «${title}»: можно заказать не больше ${available} шт.`
      : `Товар «${title}» у поставщика закончился.`,
} as const;

/** Order line fields Podbor adds: where an offer line stands. */
export const orderLineOfferFields = {
  /** The line comes from a supplier's offer «под заказ». */
  on_order: z.boolean().optional(),
  delivery_days: z.number().int().nullable().optional(),
  /** When the line is expected at the branch, YYYY-MM-DD; null for own stock. */
  expected_date: z.string().nullable().optional(),
};
