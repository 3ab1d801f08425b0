// Payment providers behind one interface (ARCHITECTURE §1): `cash` (pay at the branch), `sandbox` (a local hosted
// payment page) and `yookassa` (REST v3). Statuses use YooKassa's vocabulary, which the payments table shares.

import type { PaymentStatus } from '@podbor/contract';

export { PAYMENT_STATUSES, type PaymentStatus } from '@podbor/contract';

/** One line of the 54-FZ receipt. */
export interface ReceiptItem {
  description: string;
  quantity: number;
  /** Price per unit, roubles. */
  unitPrice: number;
  subject: 'commodity' | 'service';
}

export interface CreatePaymentInput {
  /** Our payment id (uuid). */
  paymentId: string;
  /** Sent as the provider's Idempotence-Key: a repeated create returns the same payment. */
  idempotenceKey: string;
  orderId: number;
  orderNumber: string;
  /** Roubles with kopecks. */
  amount: number;
  description: string;
  /** Where the provider sends the browser afterwards. */
  returnUrl: string;
  customer: { phone: string; email: string };
  items: ReceiptItem[];
}

/** The provider's view of a payment. */
export interface ProviderPayment {
  externalId: string;
  status: PaymentStatus;
  paid: boolean;
  /** Roubles. */
  amount: number;
  confirmationUrl: string | null;
  raw: unknown;
}

export interface RefundInput {
  /** The provider's id of the succeeded payment. */
  externalId: string;
  /** Roubles with kopecks: the whole payment when the order is cancelled. */
  amount: number;
  /** Sent as the provider's Idempotence-Key: a repeated refund (a retry after a timeout) returns the first one. */
  idempotenceKey: string;
  description: string;
  /** 54-FZ: the refund receipt repeats the payment's lines. */
  customer: { phone: string; email: string };
  items: ReceiptItem[];
}

/** The provider's view of a refund. */
export interface ProviderRefund {
  externalId: string;
  /** `pending` is accepted and on its way; `canceled` was refused. */
  status: 'pending' | 'succeeded' | 'canceled';
  /** Roubles. */
  amount: number;
  raw: unknown;
}

export interface PaymentProvider {
  readonly name: string;
  /** Online providers take the money before the order is handed over (payment_url, expiry of unpaid orders). */
  readonly online: boolean;
  create(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider sees it now (webhook re-check, status page, expiry sweep). */
  fetch?(externalId: string): Promise<ProviderPayment>;
  /** Takes the money of a payment that is waiting_for_capture. */
  capture?(externalId: string, amount: number, idempotenceKey: string): Promise<ProviderPayment>;
  /** Cancels a payment that was not finished. */
  cancel?(externalId: string, idempotenceKey: string): Promise<ProviderPayment>;
  /** Returns the money of a succeeded payment to the customer (a paid order cancelled by staff). */
  refund?(input: RefundInput): Promise<ProviderRefund>;
}

/** A provider call that failed (network, 5xx, unexpected answer): the caller may retry later. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
