import type { PaymentProvider } from './provider';

/** Pay at the branch on pickup: nothing to create online; the order waits for the customer. */
export function createCashProvider(): PaymentProvider {
  return {
    name: 'cash',
    online: false,
    create(input) {
      return Promise.resolve({
        externalId: input.paymentId,
        status: 'pending',
        paid: false,
        amount: input.amount,
        confirmationUrl: null,
        raw: null,
      });
    },
  };
}
