import type { Config } from '../../config';

/**
 * Where the payment provider sends the browser back after a card payment for an order placed from `clientHost`
 * (X-Client-Host, normalised): the host's template from PAYMENT_RETURN_URLS with `{orderId}` filled in (one older
 * client shows the status at `/payment/status?orderId=…`), or null for the storefront's own `/payment` page. Only
 * configured addresses are ever used, so the header cannot send a customer anywhere else.
 */
export function paymentReturnUrl(
  config: Pick<Config, 'paymentReturnUrls'>,
  clientHost: string | null | undefined,
  orderId: number,
): string | null {
  if (!clientHost || !Object.hasOwn(config.paymentReturnUrls, clientHost)) return null;
  return config.paymentReturnUrls[clientHost]!.replaceAll('{orderId}', String(orderId));
}
