// The /order link of SPEC mode BUY_NOW; the order page (app/order) reads the same parameters.

/** `/order` for buying one product at once (SPEC mode BUY_NOW): the cart stays as it is. */
export function buyNowHref(slug: string, quantity = 1, withInstallation = false): string {
  const q = new URLSearchParams({ placement: 'BUY_NOW', product: slug });
  if (quantity > 1) q.set('quantity', String(quantity));
  if (withInstallation) q.set('installation', '1');
  return `/order?${q}`;
}
