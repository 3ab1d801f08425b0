import { moneyString } from '@podbor/contract';
import { z } from 'zod';
import type { YooKassaConfig } from '../../config';
import {
  PAYMENT_STATUSES,
  PaymentProviderError,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type ReceiptItem,
  type RefundInput,
} from './provider';

// YooKassa REST API v3 (https://yookassa.ru/developers/api): HTTP Basic auth with the shop id and the secret key,
// an Idempotence-Key on every POST (a repeat with the same key returns the first result), one-stage payments
// (`capture: true`) with a redirect confirmation and a 54-FZ receipt. Notifications are not trusted as sent:
// the payment module re-reads the payment with GET /payments/{id} before applying it.

/** The fields of YooKassa's payment object this adapter reads; the whole object is kept as `raw`. */
const yooPayment = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paid: z.unknown().optional(),
  amount: z
    .object({ value: z.union([z.string(), z.number()]) })
    .nullish()
    .catch(undefined),
  confirmation: z.object({ confirmation_url: z.string().optional() }).nullish().catch(undefined),
});

/** The fields of YooKassa's refund object (POST /refunds) this adapter reads. */
const yooRefund = z.object({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'canceled']),
  amount: z
    .object({ value: z.union([z.string(), z.number()]) })
    .nullish()
    .catch(undefined),
});

const TIMEOUT_MS = 15_000;
/** YooKassa limits a receipt line's description to 128 characters. */
const DESCRIPTION_MAX = 128;

/** `+79991234567` → `79991234567`, the receipt's phone format (ITU-T E.164 without the plus). */
const receiptPhone = (phone: string) => phone.replace(/\D/g, '');

export function createYooKassaProvider(
  config: YooKassaConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`;

  async function request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<unknown> {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotenceKey) headers['idempotence-key'] = idempotenceKey;
    let res: Response;
    try {
      res = await fetchImpl(`${config.apiUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new PaymentProviderError(`YooKassa unreachable: ${(err as Error).message}`);
    }
    const text = await res.text();
    if (!res.ok)
      throw new PaymentProviderError(
        `YooKassa ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`,
        res.status,
      );
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`YooKassa ${method} ${path}: not JSON`);
    }
    return raw;
  }

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotenceKey?: string,
  ): Promise<ProviderPayment> {
    const raw = await request(method, path, body, idempotenceKey);
    const payment = yooPayment.safeParse(raw);
    if (!payment.success) {
      throw new PaymentProviderError(`YooKassa ${method} ${path}: unexpected payment object`);
    }
    const { id, status, paid, amount, confirmation } = payment.data;
    return {
      externalId: id,
      status,
      paid: paid === true,
      amount: Number(amount?.value ?? 0),
      confirmationUrl: confirmation?.confirmation_url ?? null,
      raw,
    };
  }

  /** The 54-FZ receipt of a payment or a refund: lines as sold, sent where the customer asked for it. */
  function receipt(customer: { phone: string; email: string }, items: ReceiptItem[]) {
    // The e-mail they typed, else an SMS to the order's phone. Never both: YooKassa would pick the e-mail and the
    // customer waiting for an SMS gets nothing.
    return {
      customer: customer.email ? { email: customer.email } : { phone: receiptPhone(customer.phone) },
      items: items.map((item) => ({
        description: item.description.slice(0, DESCRIPTION_MAX),
        quantity: item.quantity.toFixed(2),
        amount: { value: moneyString(item.unitPrice), currency: 'RUB' },
        vat_code: config.vatCode,
        payment_mode: 'full_payment',
        payment_subject: item.subject,
      })),
    };
  }

  return {
    name: 'yookassa',
    online: true,
    create(input: CreatePaymentInput) {
      return call(
        'POST',
        '/payments',
        {
          amount: { value: moneyString(input.amount), currency: 'RUB' },
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: input.description.slice(0, DESCRIPTION_MAX),
          metadata: {
            order_id: String(input.orderId),
            order_number: input.orderNumber,
            payment_id: input.paymentId,
          },
          receipt: receipt(input.customer, input.items),
        },
        input.idempotenceKey,
      );
    },
    fetch(externalId) {
      return call('GET', `/payments/${encodeURIComponent(externalId)}`);
    },
    capture(externalId, amount, idempotenceKey) {
      return call(
        'POST',
        `/payments/${encodeURIComponent(externalId)}/capture`,
        { amount: { value: moneyString(amount), currency: 'RUB' } },
        idempotenceKey,
      );
    },
    cancel(externalId, idempotenceKey) {
      return call('POST', `/payments/${encodeURIComponent(externalId)}/cancel`, {}, idempotenceKey);
    },
    // POST /v3/refunds: a full refund of a succeeded payment, with the refund receipt (54-FZ).
    async refund(input: RefundInput): Promise<ProviderRefund> {
      const raw = await request(
        'POST',
        '/refunds',
        {
          payment_id: input.externalId,
          amount: { value: moneyString(input.amount), currency: 'RUB' },
          description: input.description.slice(0, DESCRIPTION_MAX),
          receipt: receipt(input.customer, input.items),
        },
        input.idempotenceKey,
      );
      const refund = yooRefund.safeParse(raw);
      if (!refund.success) throw new PaymentProviderError('YooKassa POST /refunds: unexpected refund object');
      const { id, status, amount } = refund.data;
      return { externalId: id, status, amount: Number(amount?.value ?? 0), raw };
    },
  };
}
