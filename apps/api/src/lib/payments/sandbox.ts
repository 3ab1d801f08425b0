import type { PaymentProvider } from './provider';

export const sandboxPagePath = (paymentId: string) => `/api/v1/payment/sandbox/${paymentId}/`;

/**
 * A card payment emulated by this API: the confirmation URL is a page served by the payment module, whose
 * 'Оплатить' / 'Отменить' buttons report back the way a provider's notification would. The payment id is a
 * random uuid, so only whoever received the URL can act on it.
 */
export function createSandboxProvider(apiPublicUrl: string): PaymentProvider {
  return {
    name: 'sandbox',
    online: true,
    create(input) {
      return Promise.resolve({
        externalId: input.paymentId,
        status: 'pending',
        paid: false,
        amount: input.amount,
        confirmationUrl: `${apiPublicUrl}${sandboxPagePath(input.paymentId)}`,
        raw: { sandbox: true },
      });
    },
  };
}
