import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatus, PaymentStatusResponse } from '@podbor/contract';
import type { Db } from '../../db/client';
import { orders, paymentEvents, payments } from '../../db/schema';
import {
  PaymentProviderError,
  type PaymentProviders,
  type ProviderPayment,
} from '../../lib/payments/provider';
import type { CartOwner } from '../cart/cart.service';
import { transitionOrder } from './order-status';

// Payment outcomes, whichever way they arrive (provider notification, sandbox page, status page, expiry sweep),
// go through applyProviderPayment: one transaction, guarded by the current statuses, so applying the same
// outcome twice changes nothing. Notifications are additionally recorded in payment_events (deduplication).

type PaymentRow = typeof payments.$inferSelect;

export async function findPayment(
  db: Db,
  provider: string,
  externalId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.externalId, externalId)));
  return row;
}

export async function findPaymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
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
      const fresh = await tx
        .insert(paymentEvents)
        .values({ provider: payment.provider, eventKey, payload: seen.raw ?? null })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (fresh.length === 0) return false;
    }
    // Final statuses stay final: a late "pending" never reopens a settled payment.
    await tx
      .update(payments)
      .set({ status: seen.status, raw: seen.raw ?? payment.raw, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), sql`${payments.status} not in ('succeeded', 'canceled')`));

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
        const [order] = await tx
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.id, payment.orderId));
        if (order?.status === 'cancelled') {
          // The money came after the order had expired and released its stock: staff must refund or re-reserve.
          await tx
            .update(orders)
            .set({ isPaid: true, paidAt: sql`now()`, updatedAt: sql`now()` })
            .where(eq(orders.id, payment.orderId));
          log.warn(
            { orderId: payment.orderId, paymentId: payment.id },
            'payment succeeded for a cancelled order: refund needed',
          );
        }
      }
    } else if (seen.status === 'canceled') {
      await transitionOrder(tx, payment.orderId, 'cancelled', ['awaiting_payment']);
    }
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
 * Cancels online orders whose payment time ran out, and cash orders not taken into work within the hold time,
 * and releases their stock. Before cancelling, a payment the
 * provider can be asked about is re-read (it may have succeeded while a notification was lost); when the
 * provider cannot be reached the order waits for the next sweep. Safe to run from several processes at once.
 */
export async function expireUnpaidOrders(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  limit = 100,
): Promise<number> {
  const due = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(inArray(orders.status, ['awaiting_payment', 'new']), sql`${orders.expiresAt} <= now()`))
    .orderBy(orders.expiresAt)
    .limit(limit);
  let cancelled = 0;
  for (const { id, status } of due) {
    if (status === 'new') {
      // A cash order nobody started assembling within the hold time: released like an unpaid online one.
      const moved = await db.transaction((tx) => transitionOrder(tx, id, 'cancelled', ['new']));
      if (moved) cancelled += 1;
      continue;
    }
    const [payment] = await db
      .select()
      .from(payments)
      .where(eq(payments.orderId, id))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (payment) {
      try {
        const refreshed = await refreshPayment(db, providers, log, payment);
        if (refreshed?.seen.status === 'succeeded') continue;
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log.warn({ err, orderId: id }, 'payment provider unreachable: expiry postponed');
        continue;
      }
    }
    const done = await db.transaction(async (tx) => {
      const moved = await transitionOrder(tx, id, 'cancelled', ['awaiting_payment']);
      if (moved) {
        await tx
          .update(payments)
          .set({ status: 'canceled', updatedAt: sql`now()` })
          .where(
            and(eq(payments.orderId, id), sql`${payments.status} in ('pending', 'waiting_for_capture')`),
          );
      }
      return moved;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

/** Idempotency-Key answers are kept for a day: long enough for any client retry. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.execute(sql`delete from idempotency_keys where created_at < now() - interval '1 day'`);
}

/** An order the caller owns (a visitor's order stays visible to the user the visitor became), or undefined. */
export async function findOwnedOrder(db: Db, owner: CartOwner, orderId: number) {
  if (orderId > 2_147_483_647) return undefined;
  const ownerCondition =
    'userId' in owner
      ? sql`(${orders.userId} = ${owner.userId} or exists (select 1 from anonymous_visitors v
              where v.id = ${orders.visitorId} and v.merged_into_user_id = ${owner.userId}))`
      : eq(orders.visitorId, owner.visitorId);
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      isPaid: orders.isPaid,
      paymentType: orders.paymentType,
    })
    .from(orders)
    .where(and(eq(orders.id, orderId), ownerCondition));
  return order;
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
