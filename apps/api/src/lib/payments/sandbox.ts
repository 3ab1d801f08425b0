import type { Config } from '../../config';
import type { PaymentProvider } from './provider';

export const sandboxPagePath = (paymentId: string) => `/api/v1/payment/sandbox/${paymentId}/`;

/**
 * Where the sandbox page lives as browsers see it. By default (no API_PUBLIC_URL) it is served through the
 * storefront's same-origin /api proxy, so links are root-relative: they then work on whatever host and port the
 * customer opened the shop under (localhost vs 127.0.0.1, an e2e port), and the return to /payment keeps the
 * customer's cookies — an absolute PUBLIC_URL that differs from the address in the browser would lose the session
 * and the status page would not find the order.
 */
export function sandboxPageOrigin(config: Pick<Config, 'publicUrl' | 'apiPublicUrl'>): string {
  return config.apiPublicUrl === config.publicUrl ? '' : config.apiPublicUrl;
}

/** Origin of the storefront for the sandbox page's "back to the shop" redirect ('' = the page's own origin). */
export function sandboxReturnOrigin(config: Pick<Config, 'publicUrl' | 'apiPublicUrl'>): string {
  return config.apiPublicUrl === config.publicUrl ? '' : config.publicUrl;
}

/**
 * A card payment emulated by this API: the confirmation URL is a page served by the payment module, whose
 * 'Оплатить' / 'Отменить' buttons report back the way a provider's notification would. The payment id is a
 * random uuid, so only whoever received the URL can act on it.
 */
export function createSandboxProvider(pageOrigin: string): PaymentProvider {
  return {
    name: 'sandbox',
    online: true,
    create(input) {
      return Promise.resolve({
        externalId: input.paymentId,
        status: 'pending',
        paid: false,
        amount: input.amount,
        confirmationUrl: `${pageOrigin}${sandboxPagePath(input.paymentId)}`,
        raw: { sandbox: true },
      });
    },
    // The sandbox's money is make-believe: a refund is accepted at once, under an id derived from the key, so a
    // repeat answers the same refund as the provider's Idempotence-Key would.
    refund(input) {
      return Promise.resolve({
        externalId: `refund-${input.idempotenceKey}`,
        status: 'succeeded',
        amount: input.amount,
        raw: { sandbox: true, payment_id: input.externalId },
      });
    },
  };
}
