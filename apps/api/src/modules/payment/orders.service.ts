import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderCreateRequest, OrderCreateResponse, OrderStatus, PaymentType } from '@podbor/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  branches,
  idempotencyKeys,
  orderItems,
  orders,
  paymentMethods,
  payments,
  reservations,
} from '../../db/schema';
import { badRequest, detailError } from '../../lib/http-error';
import { PaymentProviderError, type PaymentProviders, type ReceiptItem } from '../../lib/payments/provider';
import { num, rows } from '../../db/sql';
import { pricingContext, productsBySlug, round2, type PricedProduct } from '../cart/cart.pricing';
import { ownerScope } from '../cart/cart.owner';
import { CART_MESSAGES, removeFromCart, stockConflict, type CartOwner } from '../cart/cart.service';

// Order placement (API-SHAPES §11). One transaction creates the order, its lines, the stock reservation, the
// pending payment, removes ordered products from the cart (placement CART) and records the Idempotency-Key.
// Reservation policy: units come from the warehouses of the chosen branch's city, the branch's own warehouse
// first, then the other active branches of the city by most available; the stock rows are locked
// (SELECT … FOR UPDATE, in product and warehouse order, so concurrent orders cannot deadlock) and the increment
// is conditional (quantity − reserved ≥ n), with the table's CHECK as the last guard. Concurrent orders can
// therefore never hold more than the stock. The online payment is created with the provider after the commit.

export const ORDER_MESSAGES = {
  branchNotFound: 'Филиал не найден.',
  methodNotFound: 'Способ оплаты не найден.',
  methodUnavailable: 'Этот способ оплаты сейчас недоступен.',
  methodTypeMismatch: 'Способ оплаты не соответствует типу оплаты.',
  consentRequired: 'Необходимо согласие на обработку персональных данных.',
  idempotencyMismatch: 'Ключ Idempotency-Key уже использован для другого запроса.',
  idempotencyBusy: 'Запрос с этим ключом Idempotency-Key ещё выполняется. Повторите попытку позже.',
  providerUnavailable: (number: string) =>
    `Платёжный сервис временно недоступен. Заказ №${number} сохранён: повторите оплату позже.`,
} as const;

/** Stored as the Idempotency-Key's response; payment_url is looked up again on a replay. */
interface StoredOrderResult {
  id: number;
  payment_type: PaymentType;
  number: string;
  status: OrderStatus;
}

export interface CreateOrderInput {
  owner: CartOwner;
  body: OrderCreateRequest;
  idempotencyKey?: string;
  showcaseId: number | null;
}

interface Line {
  product: PricedProduct;
  quantity: number;
  withInstallation: boolean;
}

export const INT4_MAX = 2_147_483_647;
const ORDER_NUMBER_MIN = 100_000_000;
/** 9 digits, random rather than sequential so a number says nothing about the shop's volume or other orders. */
const newOrderNumber = () => String(randomInt(ORDER_NUMBER_MIN, ORDER_NUMBER_MIN * 10));

const hashBody = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

export async function createOrder(
  db: Db,
  config: Config,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  input: CreateOrderInput,
): Promise<{ status: 200 | 201; body: OrderCreateResponse }> {
  const { body, owner } = input;
  if (body.consent === false) throw badRequest({ consent: [ORDER_MESSAGES.consentRequired] });
  // Ids beyond the integer columns name nothing (and must not reach PostgreSQL, which would refuse the query).
  if (body.payment_method_id > INT4_MAX)
    throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  if (body.branch_office_id > INT4_MAX)
    throw badRequest({ branch_office_id: [ORDER_MESSAGES.branchNotFound] });

  const [method] = await db
    .select({ id: paymentMethods.id, type: paymentMethods.type, gateway: paymentMethods.gateway })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, body.payment_method_id), eq(paymentMethods.isActive, true)));
  if (!method) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  if (method.type !== body.payment_type)
    throw badRequest({ payment_type: [ORDER_MESSAGES.methodTypeMismatch] });
  const provider = providers.get(method.gateway);
  if (!provider) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodUnavailable] });

  const [branch] = await db
    .select({ id: branches.id, cityId: branches.cityId })
    .from(branches)
    .where(and(eq(branches.id, body.branch_office_id), eq(branches.isActive, true)));
  if (!branch) throw badRequest({ branch_office_id: [ORDER_MESSAGES.branchNotFound] });

  const ctx = await pricingContext(db, { cityId: branch.cityId, transportId: body.transport_id ?? null });
  const found = await productsBySlug(
    db,
    ctx,
    body.cart.map((l) => l.slug),
  );
  // The same product twice in one order is one line with the quantities added.
  const merged = new Map<number, Line>();
  for (const l of body.cart) {
    const product = found.get(l.slug);
    if (!product) throw badRequest({ cart: [`${CART_MESSAGES.productNotFound} (${l.slug})`] });
    if (l.with_installation && product.installationPrice === null) {
      throw badRequest({ cart: [`${CART_MESSAGES.installationUnavailable} (${product.title})`] });
    }
    const prev = merged.get(product.id);
    merged.set(product.id, {
      product,
      quantity: (prev?.quantity ?? 0) + l.quantity,
      withInstallation: (prev?.withInstallation ?? false) || l.with_installation,
    });
  }
  // Locks are taken in product order: two orders of the same products queue instead of deadlocking.
  const lines = [...merged.values()].sort((a, b) => a.product.id - b.product.id);
  const itemsPrice = round2(lines.reduce((s, l) => s + l.product.price * l.quantity, 0));
  const installationPrice = round2(
    lines.reduce((s, l) => s + (l.withInstallation ? (l.product.installationPrice ?? 0) * l.quantity : 0), 0),
  );
  const online = provider.online;
  const scope = ownerScope(owner);
  const requestHash = hashBody(body);

  let result: StoredOrderResult | null = null;
  let replayed = false;
  for (let attempt = 0; ; attempt++) {
    const outcome = await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        if (input.idempotencyKey) {
          // On PostgreSQL this waits for a concurrent transaction holding the same key, then sees its outcome.
          const claimed = await tx.execute(
            sql`insert into idempotency_keys (scope, key, request_hash) values (${scope}, ${input.idempotencyKey}, ${requestHash})
              on conflict (scope, key) do nothing returning key`,
          );
          if (claimed.rows.length === 0) {
            const [prior] = await tx
              .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
              .from(idempotencyKeys)
              .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, input.idempotencyKey)));
            if (!prior) return { kind: 'retry' as const };
            if (prior.requestHash !== requestHash) throw detailError(422, ORDER_MESSAGES.idempotencyMismatch);
            if (!prior.response) return { kind: 'busy' as const };
            return { kind: 'replay' as const, stored: prior.response as StoredOrderResult };
          }
        }

        let orderId: number | undefined;
        let number = '';
        const status: OrderStatus = online ? 'awaiting_payment' : 'new';
        for (let i = 0; i < 10 && orderId === undefined; i++) {
          number = newOrderNumber();
          const [row] = await tx
            .insert(orders)
            .values({
              number,
              showcaseId: input.showcaseId,
              ...('userId' in owner ? { userId: owner.userId } : { visitorId: owner.visitorId }),
              status,
              placementType: body.placement_type,
              paymentType: body.payment_type,
              paymentMethodId: method.id,
              branchId: branch.id,
              transportId: ctx.transportId,
              name: body.name,
              phone: body.phone,
              email: body.email ?? '',
              comment: body.comment ?? '',
              consentAt: body.consent ? sql`now()` : null,
              itemsPrice,
              installationPrice,
              totalPrice: round2(itemsPrice + installationPrice),
              // Online: until the payment time runs out. Cash: until staff start assembling it (that clears the
              // deadline) — an order nobody confirms must not hold the stock for ever.
              expiresAt: online
                ? sql`now() + make_interval(mins => ${config.orderPaymentTimeoutMinutes}::int)`
                : sql`now() + make_interval(hours => ${config.orderCashHoldHours}::int)`,
            })
            .onConflictDoNothing({ target: orders.number })
            .returning({ id: orders.id });
          orderId = row?.id;
        }
        if (orderId === undefined) throw new Error('could not allocate an order number');

        await tx.insert(orderItems).values(
          lines.map((l) => ({
            orderId: orderId,
            productId: l.product.id,
            title: l.product.title,
            vendorCode: l.product.article,
            price: l.product.price,
            quantity: l.quantity,
            withInstallation: l.withInstallation,
            installationPrice: l.withInstallation ? (l.product.installationPrice ?? 0) : 0,
            isService: l.product.isService,
          })),
        );

        for (const line of lines) {
          if (line.product.isService) continue;
          await reserve(tx, orderId, line, branch);
        }

        if (online) {
          const id = randomUUID();
          await tx.insert(payments).values({
            id,
            orderId,
            provider: provider.name,
            amount: round2(itemsPrice + installationPrice),
            idempotenceKey: id,
          });
        }
        if (body.placement_type === 'CART') {
          await removeFromCart(
            tx,
            owner,
            lines.map((l) => l.product.id),
          );
        }
        const stored: StoredOrderResult = { id: orderId, payment_type: body.payment_type, number, status };
        if (input.idempotencyKey) {
          await tx
            .update(idempotencyKeys)
            .set({ statusCode: 201, response: stored })
            .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, input.idempotencyKey)));
        }
        return { kind: 'created' as const, stored };
      }),
    );
    if (outcome.kind === 'created' || outcome.kind === 'replay') {
      result = outcome.stored;
      replayed = outcome.kind === 'replay';
      break;
    }
    // 'busy' happens only where the claim does not wait for the other transaction (it committed the key without
    // a response, which this code never does) — or 'retry' after the other transaction rolled back: try again.
    if (attempt >= 3) throw detailError(409, ORDER_MESSAGES.idempotencyBusy);
    await new Promise((r) => setTimeout(r, 50 * (attempt + 1)));
  }

  const response: OrderCreateResponse = {
    id: result.id,
    payment_type: result.payment_type,
    number: result.number,
    status: result.status,
  };
  if (online) {
    const url = await startPayment(db, config, providers, log, result.id);
    if (url) response.payment_url = url;
  }
  return { status: replayed ? 200 : 201, body: response };
}

/**
 * Orders lock stock rows in product order, but a cancellation releasing several products may lock them in another
 * order; PostgreSQL then aborts one of the two transactions with a deadlock. The order's transaction has no side
 * effects outside the database, so it is simply run again.
 */
async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw err;
      await new Promise((r) => setTimeout(r, 20 * i));
    }
  }
}

/** Reserves one line from the warehouses of the branch's city, or throws 409 when they do not hold enough. */
async function reserve(
  tx: Db,
  orderId: number,
  line: Line,
  branch: { id: number; cityId: number },
): Promise<void> {
  const candidates = await rows<{ warehouse_id: number; available: number; own: boolean }>(
    tx,
    sql`select s.warehouse_id, s.quantity - s.reserved as available, w.branch_id = ${branch.id} as own
        from stock s join warehouses w on w.id = s.warehouse_id join branches b on b.id = w.branch_id
        where s.product_id = ${line.product.id} and b.city_id = ${branch.cityId} and b.is_active
        order by s.warehouse_id
        for update of s`,
  );
  const ordered = candidates
    .map((c) => ({ warehouseId: num(c.warehouse_id), available: Math.max(0, num(c.available)), own: c.own }))
    .sort(
      (a, b) => Number(b.own) - Number(a.own) || b.available - a.available || a.warehouseId - b.warehouseId,
    );
  const total = ordered.reduce((s, c) => s + c.available, 0);
  if (total < line.quantity) throw stockConflict(line.product, total, 'cart');
  let need = line.quantity;
  for (const c of ordered) {
    if (need === 0) break;
    const take = Math.min(need, c.available);
    if (take === 0) continue;
    const updated = await tx.execute(
      sql`update stock set reserved = reserved + ${take}
          where warehouse_id = ${c.warehouseId} and product_id = ${line.product.id} and quantity - reserved >= ${take}
          returning 1`,
    );
    // Cannot happen while the row is locked; if it ever does, the whole order rolls back rather than oversell.
    if (updated.rows.length !== 1) throw stockConflict(line.product, total - need, 'cart');
    await tx
      .insert(reservations)
      .values({ orderId, productId: line.product.id, warehouseId: c.warehouseId, quantity: take });
    need -= take;
  }
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
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      phone: orders.phone,
      email: orders.email,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.status !== 'awaiting_payment') return null;
  const [payment] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!payment || payment.status === 'canceled' || payment.status === 'succeeded') return null;
  if (payment.confirmationUrl) return payment.confirmationUrl;
  const provider = providers.get(payment.provider);
  if (!provider) throw detailError(502, ORDER_MESSAGES.providerUnavailable(order.number));
  const items = await db
    .select({
      title: orderItems.title,
      price: orderItems.price,
      quantity: orderItems.quantity,
      installationPrice: orderItems.installationPrice,
      withInstallation: orderItems.withInstallation,
      isService: orderItems.isService,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const receipt: ReceiptItem[] = [];
  for (const i of items) {
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
      returnUrl: `${config.publicUrl}/payment?orderId=${orderId}`,
      customer: { phone: order.phone, email: order.email },
      items: receipt,
    });
    await db
      .update(payments)
      .set({
        externalId: created.externalId,
        confirmationUrl: created.confirmationUrl,
        raw: created.raw,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.id, payment.id));
    return created.confirmationUrl;
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error({ err, orderId }, 'payment provider refused or failed to create a payment');
    throw detailError(502, ORDER_MESSAGES.providerUnavailable(order.number));
  }
}
