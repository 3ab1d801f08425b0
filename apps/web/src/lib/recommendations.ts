import type { ProductListItem } from '@podbor/contract';
import { apiTry } from '@/lib/api/server';

// «С этим покупают» (SPEC §3 recommendations request {product, category, transport}): what goes with a product,
// for the chosen vehicle. Server-side, so the product page and the cart show it without client JavaScript.

/** How many cards a shelf shows. */
export const SHELF_SIZE = 4;
/** Cart lines asked about (the first ones): a cart of twenty lines does not make twenty calls. */
const CART_SOURCES = 3;

/** Recommendations for one product viewed in `category`; empty when the API cannot answer. */
export async function recommendationsFor(
  product: string,
  category: string,
  transportId: number | null,
): Promise<ProductListItem[]> {
  const list = await apiTry('recommendations', {
    body: { product, category, transport: transportId ?? '' },
  });
  return (list ?? []).slice(0, SHELF_SIZE);
}

/**
 * Recommendations for a cart: those of its first lines, taken in turn (one of each, then the next of each), so
 * every product contributes; nothing already in the cart, no product twice.
 */
export async function recommendationsForCart(
  lines: readonly { slug: string; category: string }[],
  transportId: number | null,
): Promise<ProductListItem[]> {
  const inCart = new Set(lines.map((l) => l.slug));
  const lists = await Promise.all(
    lines.slice(0, CART_SOURCES).map(async (l) => {
      const list = await apiTry('recommendations', {
        body: { product: l.slug, category: l.category, transport: transportId ?? '' },
      });
      return list ?? [];
    }),
  );
  const seen = new Set<string>();
  const out: ProductListItem[] = [];
  for (let i = 0; out.length < SHELF_SIZE && lists.some((l) => i < l.length); i++) {
    for (const list of lists) {
      const item = list[i];
      if (!item || inCart.has(item.slug) || seen.has(item.slug)) continue;
      seen.add(item.slug);
      out.push(item);
      if (out.length === SHELF_SIZE) break;
    }
  }
  return out;
}
