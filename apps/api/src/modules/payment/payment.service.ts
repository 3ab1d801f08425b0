import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  formatPrice,
  type InstallmentResponse,
  type OrderStatus,
  type OrderSummary,
  type PaymentMethodGroup,
  type PaymentStatusResponse,
  type PaymentType,
  type SandboxActionRequest,
  type YookassaNotification,
} from '@podbor/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { bestOffers } from '../../lib/catalog/offers';
import { cityDirectory, pickCity } from '../../lib/catalog/city.directory';
import { detailError, notFound } from '../../lib/http-error';
import { transitionOrder } from '../../lib/order-status';
import { findOrderLines, lineOfferFields } from '../../lib/order-lines';
import { formatDayMonth } from '@podbor/contract/offer-text';
import { readyForPickupLabel } from '@podbor/contract/pickup-text';
import type { Owner } from '../../lib/owner';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentProviders,
  type ProviderPayment,
  type ReceiptItem,
} from '../../lib/payments/provider';
import { sandboxReturnOrigin } from '../../lib/payments/sandbox';
import { installmentOffer } from './installment';
import {
  cancelOpenPayments,
  countPayments,
  findActiveMethod,
  findActiveMethods,
  findLatestPayment,
  findOrderForPayment,
  findOrderStatus,
  findOwnedOrderStatus,
  findPayment,
  findOrderSummaryRow,
  findPaymentById,
  findProductPrice,
  findReceiptLines,
  insertPayment,
  markOrderPaidLate,
  recordPaymentEvent,
  savePaymentCreated,
  unitsHeldElsewhere,
  updateOpenPayment,
  type PaymentRow,
} from './payment.repository';
import { sandboxPage } from './sandbox.page';

// Payment outcomes, whichever way they arrive (provider notification, sandbox page, status page, expiry sweep),
// go through applyProviderPayment: one transaction, guarded by the current statuses, so applying the same
// outcome twice changes nothing. Notifications are additionally recorded in payment_events (deduplication).

export type { PaymentRow } from './payment.repository';

export const PAYMENT_MESSAGES = {
  providerUnavailable: (number: string) =>
    `Платёжный сервис временно недоступен. Заказ №${number} сохранён: повторите оплату позже.`,
} as const;

const GROUP_TITLES = { CARD: 'Онлайн', CASH: 'При получении' } as const;

/** Active payment methods by group (CARD, CASH), only those whose provider this process can use. */
export async function paymentMethodGroups(
  db: Db,
  providers: PaymentProviders,
): Promise<PaymentMethodGroup[]> {
  const rows = await findActiveMethods(db);
  const groups: PaymentMethodGroup[] = [];
  for (const type of ['CARD', 'CASH'] as const) {
    const values = rows
      .filter((m) => m.type === type && providers.has(m.gateway))
      .map((m) => ({
        id: m.id,
        title: m.title,
        gateway: m.gateway,
        description: m.description,
        icons: m.icons,
      }));
    if (values.length > 0) groups.push({ title: GROUP_TITLES[type], type, values });
  }
  return groups;
}

/** An active payment method by id with its provider; undefined when unknown or switched off. */
export async function findPaymentMethod(db: Db, providers: PaymentProviders, id: number) {
  const method = await findActiveMethod(db, id);
  return method && { ...method, provider: providers.get(method.gateway) };
}

/**
 * The default method of a payment type: the first active one listed (`payment/methods/` order) whose provider
 * this process can use, of the given gateway when one is named; undefined when there is none.
 */
export async function defaultPaymentMethod(
  db: Db,
  providers: PaymentProviders,
  type: PaymentType,
  gateway?: string,
) {
  const method = (await findActiveMethods(db)).find(
    (m) =>
      m.type === type &&
      providers.has(m.gateway) &&
      (gateway === undefined || m.gateway === gateway.toLowerCase()),
  );
  return (
    method && {
      id: method.id,
      type: method.type,
      gateway: method.gateway,
      provider: providers.get(method.gateway),
    }
  );
}

/**
 * The instalment offer for the price the product page shows in the request's city (X-City): the product's own,
 * or its best supplier offer's where the city has none of it in stock. 404 for an unknown product.
 */
export async function installmentFor(
  db: Db,
  request: FastifyRequest,
  productSlug: string,
): Promise<InstallmentResponse> {
  const city = pickCity(await cityDirectory(db).get(), request);
  const product = await findProductPrice(db, productSlug, city?.id ?? null);
  if (product === undefined) throw notFound();
  const offer = product.ownStock ? undefined : (await bestOffers(db, [product.id])).get(product.id);
  return installmentOffer(offer ? offer.price : product.price);
}

/** The pending payment of an online order, written in the order's transaction; the provider is asked later. */
export async function recordPendingPayment(
  tx: Db,
  order: { orderId: number; provider: PaymentProvider; amount: number; returnUrl: string | null },
): Promise<void> {
  const id = randomUUID();
  await insertPayment(tx, {
    id,
    orderId: order.orderId,
    provider: order.provider.name,
    amount: order.amount,
    idempotenceKey: id,
    returnUrl: order.returnUrl,
  });
}

/**
 * Creates (or finds again) the provider's payment of an online order and returns where to send the browser.
 * The provider call is idempotent (Idempotence-Key = our payment id), so a replay after a crash or a failed
 * call is safe. Null when the order is no longer awaiting payment.
 */
export async function startPayment(
  db: Db,
  config: Config,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  orderId: number,
): Promise<string | null> {
  const order = await findOrderForPayment(db, orderId);
  if (!order || order.status !== 'awaiting_payment') return null;
  const payment = await findLatestPayment(db, orderId);
  if (!payment || payment.status === 'canceled' || payment.status === 'succeeded') return null;
  if (payment.confirmationUrl) return payment.confirmationUrl;
  const provider = providers.get(payment.provider);
  if (!provider) throw detailError(502, PAYMENT_MESSAGES.providerUnavailable(order.number));
  const receipt: ReceiptItem[] = [];
  for (const i of await findReceiptLines(db, orderId)) {
    receipt.push({
      description: i.title,
      quantity: i.quantity,
      unitPrice: i.price,
      subject: i.isService ? 'service' : 'commodity',
    });
    if (i.withInstallation && i.installationPrice > 0) {
      receipt.push({
        description: `Установка: ${i.title}`,
        quantity: i.quantity,
        unitPrice: i.installationPrice,
        subject: 'service',
      });
    }
  }
  try {
    const created = await provider.create({
      paymentId: payment.id,
      idempotenceKey: payment.idempotenceKey,
      orderId,
      orderNumber: order.number,
      amount: payment.amount,
      description: `Заказ №${order.number}`,
      returnUrl: payment.returnUrl ?? `${config.publicUrl}/payment?orderId=${orderId}`,
      customer: { phone: order.phone, email: order.email },
      items: receipt,
    });
    await savePaymentCreated(db, payment.id, created);
    return created.confirmationUrl;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error({ err, orderId }, 'payment provider refused or failed to create a payment');
    throw detailError(502, PAYMENT_MESSAGES.providerUnavailable(order.number));
  }
}

/**
 * Applies the provider's view of a payment. `eventKey` makes the application single-use (a notification
 * delivered twice); returns false when that event was already applied.
 */
export async function applyProviderPayment(
  db: Db,
  log: FastifyBaseLogger,
  payment: PaymentRow,
  seen: ProviderPayment,
  eventKey?: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (eventKey) {
      const fresh = await recordPaymentEvent(tx, {
        provider: payment.provider,
        eventKey,
        payload: seen.raw ?? null,
      });
      if (!fresh) return false;
    }
    await updateOpenPayment(tx, payment.id, { status: seen.status, raw: seen.raw ?? payment.raw });

    if (seen.status === 'succeeded') {
      if (Math.abs(seen.amount - payment.amount) >= 0.01) {
        log.error(
          { paymentId: payment.id, expected: payment.amount, got: seen.amount },
          'paid amount differs from the order: not marking it paid',
        );
        return true;
      }
      const paid = await transitionOrder(tx, payment.orderId, 'paid', ['awaiting_payment']);
      if (!paid) {
        const order = await findOrderStatus(tx, payment.orderId);
        if (order?.status === 'new') {
          // The customer switched to paying at pickup, then finished the payment page left open: the money is
          // there, so the branch hands the order over without taking it again.
          await markOrderPaidLate(tx, payment.orderId);
          log.warn({ orderId: payment.orderId }, 'order switched to pickup payment was paid online');
        } else if (order?.status === 'cancelled') {
          // The money came after the order had expired and released its stock: staff must refund or re-reserve.
          await markOrderPaidLate(tx, payment.orderId);
          log.warn(
            { orderId: payment.orderId, paymentId: payment.id },
            'payment succeeded for a cancelled order: refund needed',
          );
        }
      }
    }
    // A cancelled payment leaves the order as it is (issue #13): the customer who backed out of paying keeps the
    // order and may pay again or pay at pickup; it is cancelled only on their request or when the payment time
    // runs out (expireUnpaidOrders).
    return true;
  });
}

/**
 * Re-reads a payment at its provider and applies it; a one-stage payment stuck in waiting_for_capture is captured.
 * With `recordEvent` (provider notifications) the verified state is recorded in payment_events under
 * `<payment id>:<status>`, so a notification delivered twice is applied once — and a forged or early notification
 * cannot use up the key of the genuine one, because the key is what the provider says, not what was claimed.
 */
export async function refreshPayment(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  payment: PaymentRow,
  opts: { recordEvent?: boolean } = {},
): Promise<{ seen: ProviderPayment; applied: boolean } | null> {
  const provider = providers.get(payment.provider);
  if (!provider?.fetch || !payment.externalId) return null;
  let seen = await provider.fetch(payment.externalId);
  if (seen.status === 'waiting_for_capture' && provider.capture) {
    seen = await provider.capture(payment.externalId, payment.amount, `capture-${payment.id}`);
  }
  const applied = await applyProviderPayment(
    db,
    log,
    payment,
    seen,
    opts.recordEvent ? `${seen.externalId}:${seen.status}` : undefined,
  );
  return { seen, applied };
}

/**
 * Before an unpaid online order expires: re-reads its newest payment at the provider (it may have succeeded
 * while a notification was lost). `paid` when it did; `unreachable` when the provider could not be asked (the
 * order then waits for the next sweep); `unpaid` otherwise.
 */
export async function recheckBeforeExpiry(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  orderId: number,
): Promise<'paid' | 'unpaid' | 'unreachable'> {
  const payment = await findLatestPayment(db, orderId);
  if (!payment) return 'unpaid';
  try {
    const refreshed = await refreshPayment(db, providers, log, payment);
    return refreshed?.seen.status === 'succeeded' ? 'paid' : 'unpaid';
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn({ err, orderId }, 'payment provider unreachable: expiry postponed');
    return 'unreachable';
  }
}

export { cancelOpenPayments, countPayments, findLatestPayment };

/** The payment status page: asks the provider when the order still awaits payment (the customer is back). */
export async function paymentStatus(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  owner: Owner,
  orderId: number,
): Promise<PaymentStatusResponse> {
  let order = await findOwnedOrder(db, owner, orderId);
  if (!order) throw notFound();
  if (order.status === 'awaiting_payment') {
    // The customer is back from the payment page: ask the provider rather than wait for its notification.
    const payment = await findLatestPayment(db, order.id);
    if (payment) {
      try {
        await refreshPayment(db, providers, log, payment);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log.warn({ err }, 'payment status re-check failed');
      }
      order = (await findOwnedOrder(db, owner, order.id)) ?? order;
    }
  }
  return { ...statusResponse(order), order: await orderSummary(db, order.id, { owner: true }) };
}

/** Hours to prepare an order from the pickup branch's own stock, and when something comes from another branch. */
export const READY_HOURS = { own: 2, transfer: 24 } as const;
/** Moscow time of the expected day by which goods ordered from a supplier are ready for pickup. */
const READY_ON_ORDER_AT = '18:00:00';

/**
 * The order as its customer follows it: lines, totals, pickup branch, when it will be ready, and — for its owner —
 * what may still be done about an unfinished online payment. Undefined for an unknown order.
 */
export async function orderSummary(
  db: Db,
  orderId: number,
  opts: { owner: boolean },
): Promise<OrderSummary | undefined> {
  const row = await findOrderSummaryRow(db, orderId);
  if (!row) return undefined;
  const [lines, elsewhere, payment] = await Promise.all([
    findOrderLines(db, [orderId]),
    unitsHeldElsewhere(db, orderId, row.branchId),
    row.paymentType === 'CARD' ? findLatestPayment(db, orderId) : Promise.resolve(undefined),
  ]);
  const ready = readyEstimate(row, elsewhere > 0, latestExpected(lines));
  const awaiting = row.status === 'awaiting_payment';
  const open = payment?.status === 'pending' || payment?.status === 'waiting_for_capture';
  return {
    number: row.number,
    status: row.status,
    is_paid: row.isPaid,
    payment_type: row.paymentType,
    payment_method: row.paymentMethod,
    created_at: row.createdAt.toISOString(),
    items_price: row.itemsPrice,
    installation_price: row.installationPrice,
    total_price: row.totalPrice,
    branch_office: {
      id: row.branchId,
      title: row.branchTitle,
      street: row.branchStreet,
      city: row.city,
      work_hours: row.branchWorkHours,
    },
    products: lines.map((l) => ({
      title: l.title,
      vendor_code: l.vendorCode,
      slug: l.slug,
      price: l.price,
      quantity: l.quantity,
      with_installation: l.withInstallation,
      installation_price: l.installationPrice,
      is_service: l.isService,
      ...lineOfferFields(l),
    })),
    ready_by: ready.by?.toISOString() ?? null,
    ready_message: ready.message,
    expires_at: row.expiresAt?.toISOString() ?? null,
    // Only while units are still held at another branch: a released or re-reserved order has no transfer to wait.
    pickup_ready_at: elsewhere > 0 ? (row.pickupReadyAt?.toISOString() ?? null) : null,
    payment_status: payment?.status ?? null,
    // A payment the customer may still be finishing is not replaced; the provider is asked first.
    can_pay: opts.owner && awaiting,
    can_pay_at_pickup: opts.owner && awaiting && !open,
    can_cancel: opts.owner && !row.isPaid && (awaiting || row.status === 'new'),
  };
}

/** The last day a line ordered from a supplier is expected at the branch ('YYYY-MM-DD'), or null. */
function latestExpected(lines: readonly { expectedAt: string | null }[]): string | null {
  let latest: string | null = null;
  for (const { expectedAt } of lines) if (expectedAt && (!latest || expectedAt > latest)) latest = expectedAt;
  return latest;
}

function readyEstimate(
  order: { status: OrderStatus; createdAt: Date; paidAt: Date | null; pickupReadyAt: Date | null },
  transfer: boolean,
  expected: string | null,
): { by: Date | null; message: string } {
  switch (order.status) {
    case 'awaiting_payment':
      return { by: null, message: 'Начнём собирать заказ сразу после оплаты.' };
    case 'ready':
      return { by: null, message: 'Заказ готов к выдаче — приходите в филиал.' };
    case 'completed':
      return { by: null, message: 'Заказ выдан.' };
    case 'cancelled':
      return { by: null, message: 'Заказ отменён.' };
    default: {
      // Lines ordered from a supplier decide: the order is ready once the last of them reaches the branch.
      if (expected)
        return {
          by: new Date(`${expected}T${READY_ON_ORDER_AT}+03:00`),
          message: `Часть товара везём под заказ от поставщика: ожидаем ${formatDayMonth(expected)}. Пришлём SMS, когда можно забирать.`,
        };
      const start = order.paidAt ?? order.createdAt;
      // Issue #17: an order placed since pickup_ready_at exists knows when its transfer arrives.
      if (transfer && order.pickupReadyAt)
        return {
          by: order.pickupReadyAt,
          message: `Часть товара привезём из другого филиала города. ${readyForPickupLabel(order.pickupReadyAt)}. Пришлём SMS, когда можно забирать.`,
        };
      const hours = transfer ? READY_HOURS.transfer : READY_HOURS.own;
      return {
        by: new Date(start.getTime() + hours * 3_600_000),
        message: transfer
          ? 'Часть товара привезём из другого филиала города — заказ будет готов на следующий день. Пришлём SMS, когда можно забирать.'
          : `Товар есть в филиале — соберём заказ в течение ${READY_HOURS.own} часов в часы работы филиала. Пришлём SMS, когда можно забирать.`,
      };
    }
  }
}

/** An order the caller owns (a visitor's order stays visible to the user the visitor became), or undefined. */
export async function findOwnedOrder(db: Db, owner: Owner, orderId: number) {
  if (orderId > 2_147_483_647) return undefined;
  return findOwnedOrderStatus(db, owner, orderId);
}

// ---- sandbox provider: hosted payment page ----

async function sandboxState(db: Db, config: Config, providers: PaymentProviders, paymentId: string) {
  const payment = /^[0-9a-f-]{36}$/i.test(paymentId) ? await findPaymentById(db, paymentId) : undefined;
  if (!payment || payment.provider !== 'sandbox' || !providers.has('sandbox')) throw notFound();
  const order = await findOrderStatus(db, payment.orderId);
  if (!order) throw notFound();
  const backUrl = payment.returnUrl ?? `${sandboxReturnOrigin(config)}/payment?orderId=${order.id}`;
  return { payment, order, backUrl };
}

/** The sandbox's hosted payment page (HTML): pay / cancel buttons while the payment is open. */
export async function sandboxPageHtml(
  db: Db,
  config: Config,
  providers: PaymentProviders,
  paymentId: string,
): Promise<string> {
  const { payment, order, backUrl } = await sandboxState(db, config, providers, paymentId);
  const open = payment.status === 'pending' && order.status === 'awaiting_payment';
  return sandboxPage({
    number: order.number,
    amount: formatPrice(payment.amount),
    action: '',
    open,
    message: statusResponse(order).detail,
    backUrl,
  });
}

/** A button of the sandbox page, applied like a provider's notification; returns where to send the browser. */
export async function sandboxAction(
  db: Db,
  config: Config,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  paymentId: string,
  action: SandboxActionRequest['action'],
): Promise<string> {
  const { payment, order, backUrl } = await sandboxState(db, config, providers, paymentId);
  const succeeded = action === 'pay';
  // Only an open payment of an order still waiting for it can be acted on (a second click, the back button or an
  // order that expired meanwhile change nothing).
  if (payment.status === 'pending' && order.status === 'awaiting_payment') {
    await applyProviderPayment(
      db,
      log,
      payment,
      {
        externalId: payment.id,
        status: succeeded ? 'succeeded' : 'canceled',
        paid: succeeded,
        amount: payment.amount,
        confirmationUrl: null,
        raw: { sandbox: action },
      },
      `${payment.id}:${succeeded ? 'payment.succeeded' : 'payment.canceled'}`,
    );
  }
  return backUrl;
}

// ---- YooKassa notifications ----

/** A YooKassa notification: the payment it names is re-read from YooKassa and applied (never the body itself). */
export async function yookassaNotified(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  notification: YookassaNotification,
): Promise<Record<string, never>> {
  if (!providers.has('yookassa')) throw notFound();
  const { event, object } = notification;
  const payment = await findPayment(db, 'yookassa', object.id);
  if (!payment) {
    // Not ours (or a test notification): acknowledge so YooKassa stops retrying.
    log.warn({ externalId: object.id, event }, 'YooKassa notification for an unknown payment');
    return {};
  }
  try {
    await refreshPayment(db, providers, log, payment, { recordEvent: true });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error({ err }, 'YooKassa payment re-check failed; the notification will be retried');
    throw detailError(502, 'Платёжный сервис недоступен.');
  }
  return {};
}

export function statusMessage(order: {
  number: string;
  status: OrderStatus;
  isPaid: boolean;
  paymentType: string;
}): string {
  const n = `Заказ №${order.number}`;
  switch (order.status) {
    case 'new':
      return `${n} принят. Оплата при получении в выбранном филиале.`;
    case 'awaiting_payment':
      return `${n} ожидает оплаты.`;
    case 'paid':
      return `${n} оплачен. Спасибо за покупку!`;
    case 'assembling':
      return `${n} ${order.isPaid ? 'оплачен и ' : ''}собирается.`;
    case 'ready':
      return `${n} готов к выдаче в филиале.`;
    case 'completed':
      return `${n} выдан. Спасибо за покупку!`;
    case 'cancelled':
      return order.isPaid
        ? `${n} отменён. Оплата будет возвращена.`
        : order.paymentType === 'CARD'
          ? `${n} отменён: оплата не поступила.`
          : `${n} отменён.`;
  }
}

export function statusResponse(order: {
  number: string;
  status: OrderStatus;
  isPaid: boolean;
  paymentType: string;
}): PaymentStatusResponse {
  return { detail: statusMessage(order), status: order.status, is_paid: order.isPaid, number: order.number };
}
