import { z } from 'zod';

// ---- fit everywhere (issue #17) ----
// Whether a product fits the vehicle a request names (the `transport`/`transport_id` parameter, the cart's
// vehicle, the order's vehicle): listing cards, search results, cart lines and order lines carry it as the
// optional `fit` Podbor adds next to the fields of API-SHAPES.

export const PRODUCT_FITS = ['fits', 'no', 'universal', 'unknown'] as const;

/**
 * `fits`: the product's fitment lists the vehicle; `no`: it does not; `universal`: the product fits every
 * vehicle (oils, fluids); `unknown`: no vehicle is chosen (or a service, which fits nothing in particular).
 */
export const productFit = z.enum(PRODUCT_FITS);
export type ProductFit = z.infer<typeof productFit>;

/** The fit of a product from its `is_universal` and whether its fitment lists the vehicle (null: no vehicle). */
export function fitOf(p: { isUniversal: boolean; isService?: boolean; linked: boolean | null }): ProductFit {
  if (p.isService) return 'unknown';
  if (p.isUniversal) return 'universal';
  if (p.linked === null) return 'unknown';
  return p.linked ? 'fits' : 'no';
}
