import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  expectedDate,
  formatPrice,
  parseWorkHours,
  shopMomentInstant,
  transferReady,
  type ShopMoment,
  OFFER_MESSAGES,
  ORDER_NUMBER_LENGTH,
  ORDER_STATUSES,
  formatWait,
  orderTotal,
  PAYMENT_TYPES,
  pluralRu,
  roundKopecks,
  type OrderCreateRequest,
  type OrderCreateResponse,
  type OrderLookupRequest,
  type PaymentStatusResponse,
  type OrderReleaseResponse,
  type OrderStatus,
} from '@podbor/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { offerKey, offersOf, type BestOffer } from '../../lib/catalog/offers';
import { cityBranches } from '../../lib/catalog/pickup';
import { HttpError, badRequest, detailError, notFound, throttled } from '../../lib/http-error';
import { idempotentRequest } from '../../lib/idempotency';
import { orderPlaced } from '../../lib/metrics';
import { transitionOrder } from '../../lib/order-status';
import { ownerScope, type Owner } from '../../lib/owner';
import type { PaymentProvider, PaymentProviders } from '../../lib/payments/provider';
import { paymentReturnUrl } from '../../lib/payments/return-url';
import type { RateLimiter } from '../../lib/rate-limit';
import {
  CART_MESSAGES,
  pricingContext,
  productsBySlug,
  quantityConflict,
  removeFromCart,
  stockConflict,
  type PricedProduct,
} from '../cart/cart.service';
import {
  cancelOpenPayments,
  countPayments,
  findLatestPayment,
  findOwnedOrder,
  defaultPaymentMethod,
  findPaymentMethod,
  orderSummary,
  recheckBeforeExpiry,
  recordPendingPayment,
  refreshPayment,
  startPayment,
  statusResponse,
} from '../payment/payment.service';
import {
  countOpenUnpaidOrders,
  findActiveBranch,
  findExpiredOrders,
  findOrderByNumber,
  findOrderContact,
  heldUnits,
  insertOrder,
  insertOrderItems,
  insertReservation,
  lockCityStock,
  lockOrderForPayment,
  lockOrderPlacement,
  orderUnits,
  currentOfferQuantity,
  reserveStockUnits,
  setPickupReadyAt,
  takeOfferQuantity,
  switchToCash,
} from './orders.repository';

// Order placement (API-SHAPES §11), in named steps: validate the request, price its lines, then in ONE
// transaction record the order, reserve its stock, record the pending payment and take the ordered products out
// of the cart (placement CART) — together with the Idempotency-Key's claim and answer (lib/idempotency). The
// online payment is created with the provider after the commit.
// Reservation policy: units come from the warehouses of the chosen branch's city, the branch's own warehouse
// first, then the other active branches of the city, the one whose transfer is ready soonest first (issue #17:
// its moment is stored on the order as pickup_ready_at), then by most available; the stock rows are locked
// (SELECT … FOR UPDATE, in product and warehouse order, so concurrent orders cannot deadlock) and the increment
// is conditional (quantity − reserved ≥ n), with the table's CHECK as the last guard. Concurrent orders can
// therefore never hold more than the stock.
// Hoarding policy (issue #12: one anonymous cash order had reserved 7 025 units for 72 hours): an order has at most
// ORDER_MAX_LINES lines; a line takes at most a share of the city's free stock and ORDER_LINE_MAX_UNITS
// (lib/order-limits, the cart's rule too); an order nobody pays up front (cash) is bounded in value and units and,
// for an anonymous visitor, holds its stock for ORDER_CASH_HOLD_HOURS_ANONYMOUS only; a customer and an address
// may have only so many open unpaid orders at a time (counted under a lock, so parallel requests cannot all pass).

export const ORDER_MESSAGES = {
  branchNotFound: 'Филиал не найден.',
  methodNotFound: 'Способ оплаты не найден.',
  methodUnavailable: 'Этот способ оплаты сейчас недоступен.',
  methodTypeMismatch: 'Способ оплаты не соответствует типу оплаты.',
  consentRequired: 'Необходимо согласие на обработку персональных данных.',
  tooManyLines: (max: number) =>
    `В одном заказе может быть не больше ${max} ${pluralRu(max, ['позиции', 'позиций', 'позиций'])}. Оформите остальные товары отдельным заказом.`,
  cashTooManyUnits: (max: number) =>
    `При оплате при получении в заказе может быть не больше ${max} шт. товаров. Уменьшите количество или оплатите заказ онлайн.`,
  cashTooExpensive: (max: number) =>
    `При оплате при получении сумма заказа может быть не больше ${formatPrice(max)}. Уменьшите заказ или оплатите его онлайн.`,
  tooManyOpenOrders: (n: number) =>
    `У вас уже ${n} ${pluralRu(n, ['неоплаченный заказ', 'неоплаченных заказа', 'неоплаченных заказов'])} — новый можно оформить, когда вы оплатите или получите один из них. Если заказ больше не нужен, позвоните нам — мы его отменим.`,
  tooManyOpenOrdersFromAddress:
    'С вашего адреса оформлено слишком много неоплаченных заказов. Оплатите или получите один из них, прежде чем оформлять новый, или позвоните нам.',
} as const;

/**
 * A customer places a few orders an hour at most; every order holds stock until it is paid, collected or expires,
 * so a script placing orders in a loop could empty the shelves for everyone. Per caller (user or visitor token)
 * and, because visitor tokens are free, per address.
 */
export const ORDER_LIMIT_MESSAGE = (waitSec: number) =>
  `Слишком много заказов подряд. Повторите попытку через ${formatWait(waitSec)} или позвоните нам — мы поможем оформить заказ.`;

export const INT4_MAX = 2_147_483_647;
const ORDER_NUMBER_MIN = 10 ** (ORDER_NUMBER_LENGTH - 1);
/** 9 digits, random rather than sequential so a number says nothing about the shop's volume or other orders. */
const newOrderNumber = () => String(randomInt(ORDER_NUMBER_MIN, ORDER_NUMBER_MIN * 10));

export interface OrdersEnv {
  db: Db;
  config: Config;
  payments: PaymentProviders;
  limiter: RateLimiter;
  log: FastifyBaseLogger;
}

export interface PlaceOrderInput {
  owner: Owner;
  body: OrderCreateRequest;
  idempotencyKey?: string;
  showcaseId: number | null;
  /** The client's host (X-Client-Host, normalised): picks the payment return address (PAYMENT_RETURN_URLS). */
  clientHost?: string | null;
  /** The caller's address (per-address order limit). */
  ip: string;
}

/** The Idempotency-Key's stored answer; payment_url is looked up again on a replay. */
const storedOrder = z.object({
  id: z.number().int(),
  payment_type: z.enum(PAYMENT_TYPES),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
});
type StoredOrder = z.infer<typeof storedOrder>;

interface Checked {
  method: { id: number };
  provider: PaymentProvider;
  branch: { id: number; cityId: number };
}

interface Line {
  product: PricedProduct;
  quantity: number;
  withInstallation: boolean;
  /** The supplier's offer the line is ordered from «под заказ»; absent: own stock. */
  offer?: BestOffer;
}

/** The unit price of a line: its offer's for a line «под заказ», the shop's otherwise. */
const unitPrice = (l: Line) => (l.offer ? l.offer.price : l.product.price);

interface Priced {
  transportId: number | null;
  /** In product order: stock is locked in that order. */
  lines: Line[];
  itemsPrice: number;
  installationPrice: number;
  totalPrice: number;
}

/** Places an order: 201 with the new order, or 200 with the first one when an Idempotency-Key repeats. */
export async function placeOrder(
  env: OrdersEnv,
  input: PlaceOrderInput,
): Promise<{ status: 200 | 201; body: OrderCreateResponse }> {
  const request = idempotentRequest(env.db, {
    scope: ownerScope(input.owner),
    key: input.idempotencyKey,
    body: input.body,
  });
  const checked = await validateOrder(env, input.body);
  const priced = await priceOrder(env, input.body, checked);
  // The hourly allowance is taken inside the work, which runs only for the request that claims the
  // Idempotency-Key: a repeat — even one sent in parallel with the first — replays it and spends nothing, so a
  // double click or a retried request costs one order. Taken once even when a deadlock makes the work run again.
  let allowance: Promise<void> | undefined;
  const { result, replayed } = await request.run(storedOrder, async (tx) => {
    allowance ??= takeOrderAllowance(env, input);
    await allowance;
    return writeOrder(tx, env.config, input, checked, priced);
  });
  if (!replayed) orderPlaced();
  const body: OrderCreateResponse = {
    id: result.id,
    payment_type: result.payment_type,
    number: result.number,
    status: result.status,
  };
  if (checked.provider.online) {
    const url = await startPayment(env.db, env.config, env.payments, env.log, result.id);
    if (url) body.payment_url = url;
  }
  return { status: replayed ? 200 : 201, body };
}

/** Counts the order against the caller's and the address's hourly allowance, or throws 429. */
async function takeOrderAllowance(env: OrdersEnv, input: PlaceOrderInput): Promise<void> {
  const limits = [
    { key: `orders:owner:${ownerScope(input.owner)}`, limit: env.config.ordersPerCallerPerHour },
    { key: `orders:ip:${input.ip}`, limit: env.config.ordersPerIpPerHour },
  ];
  for (const { key, limit } of limits) {
    if (limit <= 0) continue;
    const decision = await env.limiter.hit(key, limit, 3600);
    if (!decision.allowed) {
      throw throttled(decision.retryAfterSec, ORDER_LIMIT_MESSAGE);
    }
  }
}

/** Step 1: consent, payment method (known, active, of the payment type, its provider available) and branch. */
async function validateOrder(env: OrdersEnv, body: OrderCreateRequest): Promise<Checked> {
  if (body.consent === false) throw badRequest({ consent: [ORDER_MESSAGES.consentRequired] });
  // Ids beyond the integer columns name nothing (and must not reach PostgreSQL, which would refuse the query).
  if ((body.payment_method_id ?? 0) > INT4_MAX)
    throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  if (body.branch_office_id > INT4_MAX)
    throw badRequest({ branch_office_id: [ORDER_MESSAGES.branchNotFound] });
  // Older clients send only the payment type (and a gateway name): that type's default method.
  const method = body.payment_method_id
    ? await findPaymentMethod(env.db, env.payments, body.payment_method_id)
    : await defaultPaymentMethod(env.db, env.payments, body.payment_type, body.gateway || undefined);
  if (!method) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  if (method.type !== body.payment_type)
    throw badRequest({ payment_type: [ORDER_MESSAGES.methodTypeMismatch] });
  if (!method.provider) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodUnavailable] });
  const branch = await findActiveBranch(env.db, body.branch_office_id);
  if (!branch) throw badRequest({ branch_office_id: [ORDER_MESSAGES.branchNotFound] });
  return { method, provider: method.provider, branch };
}

/**
 * Step 2: the lines priced as the cart prices them (the branch's city, the vehicle sent), the same product twice
 * being one line with the quantities added; unknown products and installation where it is not offered are 400;
 * then the order's size against the hoarding limits (checkOrderSize).
 */
async function priceOrder(env: OrdersEnv, body: OrderCreateRequest, checked: Checked): Promise<Priced> {
  const { db, config } = env;
  const ctx = await pricingContext(db, {
    cityId: checked.branch.cityId,
    transportId: body.transport_id ?? null,
  });
  const found = await productsBySlug(
    db,
    ctx,
    body.cart.map((l) => l.slug),
  );
  const offers = await offersOf(
    db,
    body.cart.flatMap((l) => {
      const product = found.get(l.slug);
      return product && l.supplier_id ? [{ supplierId: l.supplier_id, productId: product.id }] : [];
    }),
  );
  // One line per product and source (own stock, or one supplier's offer).
  const merged = new Map<string, Line>();
  for (const l of body.cart) {
    const product = found.get(l.slug);
    if (!product) throw badRequest({ cart: [`${CART_MESSAGES.productNotFound} (${l.slug})`] });
    if (l.with_installation && product.installationPrice === null) {
      throw badRequest({ cart: [`${CART_MESSAGES.installationUnavailable} (${product.title})`] });
    }
    const supplierId = l.supplier_id ?? null;
    const offer = supplierId === null ? undefined : offers.get(offerKey(supplierId, product.id));
    if (supplierId !== null && !offer) {
      throw badRequest({ cart: [OFFER_MESSAGES.offerGone(product.title)] });
    }
    const key = `${product.id}:${supplierId ?? ''}`;
    const prev = merged.get(key);
    merged.set(key, {
      product,
      quantity: (prev?.quantity ?? 0) + l.quantity,
      withInstallation: (prev?.withInstallation ?? false) || l.with_installation,
      ...(offer ? { offer } : {}),
    });
  }
  for (const line of merged.values()) {
    if (!line.offer) continue;
    if (line.quantity % line.offer.multiplicity !== 0) {
      throw badRequest({ cart: [OFFER_MESSAGES.multiplicity(line.product.title, line.offer.multiplicity)] });
    }
    // Checked again, atomically, when the units are taken (takeOfferUnits).
    if (line.quantity > line.offer.quantity) throw offerShort(line.product, line.offer.quantity);
  }
  // Locks are taken in product order (own stock before offers): two orders of the same products queue instead of
  // deadlocking.
  const lines = [...merged.values()].sort(
    (a, b) => a.product.id - b.product.id || (a.offer?.supplierId ?? 0) - (b.offer?.supplierId ?? 0),
  );
  const itemsPrice = orderTotal(
    lines.map((l) => ({ price: unitPrice(l), installation: 0, quantity: l.quantity })),
  );
  const installationPrice = orderTotal(
    lines.map((l) => ({ price: 0, installation: installationOf(l), quantity: l.quantity })),
  );
  const priced = {
    transportId: ctx.transportId,
    lines,
    itemsPrice,
    installationPrice,
    totalPrice: roundKopecks(itemsPrice + installationPrice),
  };
  checkOrderSize(config, priced, checked.provider.online);
  return priced;
}

/**
 * The limits that need no stock (400, under `cart` so the checkout shows them by the cart): lines per order,
 * units of a service line, and for an order nobody pays up front its units and total. Goods lines are held to
 * their share of the stock when it is locked (reserveLine).
 */
function checkOrderSize(config: Config, priced: Priced, online: boolean): void {
  if (config.orderMaxLines > 0 && priced.lines.length > config.orderMaxLines) {
    throw badRequest({ cart: [ORDER_MESSAGES.tooManyLines(config.orderMaxLines)] });
  }
  for (const line of priced.lines) {
    if (!line.product.isService) continue;
    const conflict = quantityConflict(line.product, null, line.quantity, config, 'cart');
    if (conflict) throw conflict;
  }
  if (online) return;
  const units = priced.lines.reduce((sum, l) => sum + l.quantity, 0);
  if (config.orderCashMaxUnits > 0 && units > config.orderCashMaxUnits) {
    throw badRequest({ cart: [ORDER_MESSAGES.cashTooManyUnits(config.orderCashMaxUnits)] });
  }
  if (config.orderCashMaxTotal > 0 && priced.totalPrice > config.orderCashMaxTotal) {
    throw badRequest({ cart: [ORDER_MESSAGES.cashTooExpensive(config.orderCashMaxTotal)] });
  }
}

/**
 * Step 3a, first in the order's transaction: the caller's and the address's open unpaid orders, counted under
 * transaction-level locks on the caller and the address so that parallel requests queue here instead of all
 * counting the same orders and all passing. 400 (non_field_errors: the checkout shows it as the form's message)
 * when one of them has as many as allowed.
 */
async function checkOpenOrders(tx: Db, config: Config, input: PlaceOrderInput): Promise<void> {
  const { owner, ip } = input;
  if (config.openOrdersPerCaller > 0) {
    await lockOrderPlacement(tx, `owner:${ownerScope(owner)}`);
    const open = await countOpenUnpaidOrders(tx, owner);
    if (open >= config.openOrdersPerCaller) {
      throw badRequest({ non_field_errors: [ORDER_MESSAGES.tooManyOpenOrders(open)] });
    }
  }
  // Visitor tokens are free, so the address has its own, larger, limit.
  if (config.openOrdersPerIp > 0) {
    await lockOrderPlacement(tx, `ip:${ip}`);
    if ((await countOpenUnpaidOrders(tx, { clientIp: ip })) >= config.openOrdersPerIp) {
      throw badRequest({ non_field_errors: [ORDER_MESSAGES.tooManyOpenOrdersFromAddress] });
    }
  }
}

const installationOf = (l: Line) => (l.withInstallation ? (l.product.installationPrice ?? 0) : 0);

/** Steps 3–6, inside the order's transaction: record the order, reserve stock, record the payment, clear the cart. */
async function writeOrder(
  tx: Db,
  config: Config,
  input: PlaceOrderInput,
  checked: Checked,
  priced: Priced,
): Promise<StoredOrder> {
  const online = checked.provider.online;
  const status: OrderStatus = online ? 'awaiting_payment' : 'new';
  await checkOpenOrders(tx, config, input);
  const { id, number } = await recordOrder(tx, config, input, checked, priced, status);
  const transfers = await transferTimes(tx, priced, checked.branch);
  const sending = new Set<number>();
  for (const line of priced.lines) {
    if (line.offer) await takeOfferUnits(tx, line, line.offer);
    else if (!line.product.isService)
      for (const b of await reserveLine(tx, config, id, line, checked.branch, transfers)) sending.add(b);
  }
  // The order is ready when the last transfer it waits for arrives.
  const last = [...sending]
    .map((b) => transfers.get(b))
    .filter((m): m is ShopMoment => m !== undefined)
    .sort((a, b) => momentOrder(b, a))[0];
  if (last) await setPickupReadyAt(tx, id, shopMomentInstant(last));
  if (online)
    await recordPendingPayment(tx, {
      orderId: id,
      provider: checked.provider,
      amount: priced.totalPrice,
      returnUrl: paymentReturnUrl(config, input.clientHost, id),
    });
  if (input.body.placement_type === 'CART') {
    await removeFromCart(
      tx,
      input.owner,
      priced.lines.map((l) => l.product.id),
    );
  }
  return { id, payment_type: input.body.payment_type, number, status };
}

/** Step 3: the order and its lines, under a fresh 9-digit number. */
async function recordOrder(
  tx: Db,
  config: Config,
  input: PlaceOrderInput,
  checked: Checked,
  priced: Priced,
  status: OrderStatus,
): Promise<{ id: number; number: string }> {
  const { body, owner } = input;
  const online = status === 'awaiting_payment';
  let id: number | undefined;
  let number = '';
  for (let i = 0; i < 10 && id === undefined; i++) {
    number = newOrderNumber();
    id = await insertOrder(tx, {
      number,
      showcaseId: input.showcaseId,
      ...('userId' in owner ? { userId: owner.userId } : { visitorId: owner.visitorId }),
      status,
      placementType: body.placement_type,
      paymentType: body.payment_type,
      paymentMethodId: checked.method.id,
      branchId: checked.branch.id,
      transportId: priced.transportId,
      name: body.name,
      phone: body.phone,
      email: body.email ?? '',
      comment: body.comment ?? '',
      consentAt: body.consent ? sql`now()` : null,
      itemsPrice: priced.itemsPrice,
      installationPrice: priced.installationPrice,
      totalPrice: priced.totalPrice,
      // Online: until the payment time runs out. Cash: until staff start assembling it (that clears the
      // deadline) — an order nobody confirms must not hold the stock for ever.
      expiresAt: online
        ? sql`now() + make_interval(mins => ${config.orderPaymentTimeoutMinutes}::int)`
        : sql`now() + make_interval(hours => ${cashHoldHours(config, owner)}::int)`,
      clientIp: input.ip,
    });
  }
  if (id === undefined) throw new Error('could not allocate an order number');
  const orderId = id;
  const now = new Date();
  await insertOrderItems(
    tx,
    priced.lines.map((l) => ({
      orderId,
      productId: l.product.id,
      title: l.product.title,
      vendorCode: l.product.article,
      price: unitPrice(l),
      quantity: l.quantity,
      withInstallation: l.withInstallation,
      installationPrice: installationOf(l),
      isService: l.product.isService,
      ...(l.offer
        ? {
            supplierId: l.offer.supplierId,
            purchasePrice: l.offer.purchasePrice,
            deliveryDays: l.offer.deliveryDays,
            // The order's day in the shop's time zone plus the offer's term.
            expectedAt: expectedDate(l.offer.deliveryDays, now),
          }
        : {}),
    })),
  );
  return { id: orderId, number };
}

/**
 * How long a cash order holds its stock: an anonymous visitor (a free token, nobody to call back by account)
 * less long than a signed-in customer.
 */
const cashHoldHours = (config: Config, owner: Owner) =>
  'visitorId' in owner
    ? Math.min(config.orderCashHoldHoursAnonymous, config.orderCashHoldHours)
    : config.orderCashHoldHours;

/**
 * Step 4 for a line «под заказ»: the units come off the supplier's offer, conditionally (quantity ≥ n) in one
 * statement, so two orders for the offer's last units cannot both get them (the second waits for the first's row
 * lock, then finds too few and gets 409). Cancelling or expiring the order gives them back (lib/order-status).
 */
async function takeOfferUnits(tx: Db, line: Line, offer: BestOffer): Promise<void> {
  const left = await takeOfferQuantity(tx, {
    supplierId: offer.supplierId,
    productId: line.product.id,
    take: line.quantity,
  });
  if (left === null) {
    throw offerShort(line.product, await currentOfferQuantity(tx, offer.supplierId, line.product.id));
  }
}

/** 409: the supplier has fewer units than the line asks for. */
function offerShort(product: { title: string }, available: number): HttpError {
  const message = OFFER_MESSAGES.notEnough(product.title, available);
  return new HttpError(409, { errors: { detail: message, cart: [message] } });
}

const momentOrder = (a: ShopMoment, b: ShopMoment) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.minutes - b.minutes;

/**
 * When a transfer from each other branch of the city would make units ready at the order's branch (issue #17:
 * the branches' opening hours drive it); empty when the order has no line from own stock.
 */
async function transferTimes(
  tx: Db,
  priced: Priced,
  branch: { id: number; cityId: number },
): Promise<Map<number, ShopMoment>> {
  const times = new Map<number, ShopMoment>();
  if (!priced.lines.some((l) => !l.offer && !l.product.isService)) return times;
  const branches = await cityBranches(tx, branch.cityId);
  const to = branches.find((b) => b.id === branch.id);
  if (!to) return times;
  const toHours = parseWorkHours(to.work_hours);
  const now = new Date();
  for (const b of branches)
    if (b.id !== branch.id) times.set(b.id, transferReady(parseWorkHours(b.work_hours), toHours, now));
  return times;
}

/**
 * Step 4: reserves one line from the warehouses of the branch's city, or throws 409 when they hold too little or
 * the line is more than one order may take of what they hold (lib/order-limits).
 */
async function reserveLine(
  tx: Db,
  config: Config,
  orderId: number,
  line: Line,
  branch: { id: number; cityId: number },
  transfers: ReadonlyMap<number, ShopMoment>,
): Promise<number[]> {
  const candidates = await lockCityStock(tx, line.product.id, branch);
  // The branch's own warehouses first, then the branch whose transfer arrives soonest, then the fullest.
  const readyOf = (branchId: number) => transfers.get(branchId) ?? { date: '9999-12-31', minutes: 0 };
  const ordered = candidates
    .map((c) => ({
      warehouseId: c.warehouse_id,
      branchId: c.branch_id,
      available: Math.max(0, c.available),
      own: c.own,
    }))
    .sort(
      (a, b) =>
        Number(b.own) - Number(a.own) ||
        (a.own ? 0 : momentOrder(readyOf(a.branchId), readyOf(b.branchId))) ||
        b.available - a.available ||
        a.warehouseId - b.warehouseId,
    );
  const sending: number[] = [];
  const total = ordered.reduce((s, c) => s + c.available, 0);
  const conflict = quantityConflict(line.product, total, line.quantity, config, 'cart');
  if (conflict) throw conflict;
  let need = line.quantity;
  for (const c of ordered) {
    if (need === 0) break;
    const take = Math.min(need, c.available);
    if (take === 0) continue;
    const reserved = await reserveStockUnits(tx, {
      warehouseId: c.warehouseId,
      productId: line.product.id,
      take,
    });
    // Cannot happen while the row is locked; if it ever does, the whole order rolls back rather than oversell.
    if (!reserved) throw stockConflict(line.product, total - need, 'cart');
    await insertReservation(tx, {
      orderId,
      productId: line.product.id,
      warehouseId: c.warehouseId,
      quantity: take,
    });
    if (!c.own) sending.push(c.branchId);
    need -= take;
  }
  return sending;
}

/**
 * Cancels online orders whose payment time ran out, and cash orders not taken into work within the hold time,
 * and releases their stock. Before cancelling, a payment the provider can be asked about is re-read (it may have
 * succeeded while a notification was lost); when the provider cannot be reached the order waits for the next
 * sweep. Safe to run from several processes at once.
 */
export async function expireUnpaidOrders(
  db: Db,
  providers: PaymentProviders,
  log: FastifyBaseLogger,
  limit = 100,
): Promise<number> {
  let cancelled = 0;
  for (const { id, status } of await findExpiredOrders(db, limit)) {
    if (status === 'new') {
      // A cash order nobody started assembling within the hold time: released like an unpaid online one.
      const moved = await db.transaction((tx) => transitionOrder(tx, id, 'cancelled', ['new']));
      if (moved) cancelled += 1;
      continue;
    }
    if ((await recheckBeforeExpiry(db, providers, log, id)) !== 'unpaid') continue;
    const done = await db.transaction(async (tx) => {
      const moved = await transitionOrder(tx, id, 'cancelled', ['awaiting_payment']);
      if (moved) await cancelOpenPayments(tx, id);
      return moved;
    });
    if (done) cancelled += 1;
  }
  return cancelled;
}

export const RELEASE_MESSAGES = {
  paid: (number: string) =>
    `Заказ №${number} оплачен: снять с него резерв можно только вместе с возвратом денег покупателю через платёжную систему.`,
  completed: (number: string) => `Заказ №${number} уже выдан покупателю.`,
  cancelled: (number: string) => `Заказ №${number} уже отменён, его товар вернулся в наличие.`,
  providerUnreachable: (number: string) =>
    `Не удалось узнать у платёжной системы, оплачен ли заказ №${number}. Повторите попытку через минуту.`,
} as const;

/** Statuses of an order staff may release: not finished, and (checked separately) not paid. */
const RELEASABLE: readonly OrderStatus[] = ['new', 'awaiting_payment', 'assembling', 'ready'];

function refuseRelease(order: { number: string; status: OrderStatus; isPaid: boolean }): never {
  if (order.status === 'completed') throw detailError(409, RELEASE_MESSAGES.completed(order.number));
  if (order.status === 'cancelled') throw detailError(409, RELEASE_MESSAGES.cancelled(order.number));
  throw detailError(409, RELEASE_MESSAGES.paid(order.number));
}

/**
 * Staff release an order's hold (the back office's «снять резерв»): the unpaid or uncollected order is cancelled,
 * its stock goes back on sale and its open payments are closed, and the audit log records who did it and why —
 * all in one transaction. A paid order is refused (409): its money must go back first, which is done in the
 * payment provider's office, not here. An online order still awaiting payment is first re-read at its provider
 * (the customer may have paid a moment ago); 502 when the provider cannot be asked.
 */
export async function releaseOrder(
  env: Pick<OrdersEnv, 'db' | 'payments' | 'log'>,
  input: { number: string; reason: string; staffUserId: number },
): Promise<OrderReleaseResponse> {
  const { db } = env;
  const seen = await findOrderByNumber(db, input.number);
  if (!seen) throw notFound();
  if (!RELEASABLE.includes(seen.status) || seen.isPaid) refuseRelease(seen);
  if (seen.status === 'awaiting_payment') {
    const payment = await recheckBeforeExpiry(db, env.payments, env.log, seen.id);
    if (payment === 'paid') refuseRelease({ ...seen, isPaid: true });
    if (payment === 'unreachable') throw detailError(502, RELEASE_MESSAGES.providerUnreachable(seen.number));
  }
  return db.transaction(async (tx) => {
    // Locked and read again: a payment or a sweep may have moved it since.
    const order = await findOrderByNumber(tx, input.number, { lock: true });
    if (!order) throw notFound();
    if (!RELEASABLE.includes(order.status) || order.isPaid) refuseRelease(order);
    const units = await heldUnits(tx, order.id);
    if (!(await transitionOrder(tx, order.id, 'cancelled', RELEASABLE))) refuseRelease(order);
    await cancelOpenPayments(tx, order.id);
    await recordAudit(tx, {
      userId: input.staffUserId,
      action: 'order.release',
      entity: 'order',
      entityId: order.id,
      data: {
        number: order.number,
        reason: input.reason,
        status_before: order.status,
        released_units: units,
      },
    });
    return { id: order.id, number: order.number, status: 'cancelled', released_units: units };
  });
}

// ---- after placing: a customer pays again, pays at pickup instead, cancels; a guest looks an order up ----

export const AFTER_ORDER_MESSAGES = {
  notAwaitingPayment: (number: string) => `Заказ №${number} уже не ожидает оплаты.`,
  alreadyPaid: (number: string) => `Заказ №${number} уже оплачен.`,
  cancelled: (number: string) =>
    `Заказ №${number} отменён: время на оплату истекло или вы его отменили. Оформите заказ заново.`,
  tooManyAttempts: (number: string) =>
    `Слишком много попыток оплатить заказ №${number}. Выберите оплату при получении или позвоните нам.`,
  cannotCancel: (number: string) =>
    `Заказ №${number} уже собирается или выдан — чтобы отменить его, позвоните нам.`,
  paidCannotCancel: (number: string) =>
    `Заказ №${number} оплачен — чтобы отменить его и вернуть деньги, позвоните нам.`,
  lookupNotFound:
    'Заказ с таким номером и телефоном не найден. Проверьте номер заказа из SMS и телефон, указанный при оформлении.',
  lookupThrottled: (waitSec: number) =>
    `Слишком много попыток найти заказ. Повторите через ${formatWait(waitSec)} или позвоните нам.`,
} as const;

/** Payments one order may have (each retry adds one): a loop cannot create payments without end. */
export const PAYMENT_ATTEMPTS_PER_ORDER = 10;
/** Lookups of one order number per hour, from all addresses together (guessing the phone of a known number). */
export const LOOKUPS_PER_NUMBER_PER_HOUR = 10;

function notAwaiting(order: { number: string; status: OrderStatus; isPaid: boolean }): never {
  if (order.isPaid) throw detailError(409, AFTER_ORDER_MESSAGES.alreadyPaid(order.number));
  if (order.status === 'cancelled') throw detailError(409, AFTER_ORDER_MESSAGES.cancelled(order.number));
  throw detailError(409, AFTER_ORDER_MESSAGES.notAwaitingPayment(order.number));
}

/**
 * The owner of an online order whose payment was not finished pays again (a card method: a new payment with the
 * provider, answered with its payment_url) or chooses to pay at pickup (a cash method: the order becomes a cash
 * order under the cash orders' size limits and hold time). The order keeps its number, lines and reserved stock.
 * A payment that may still be in progress is asked about first: paid → 409; still open → its page again (card) or
 * it is closed before the switch (cash).
 */
export async function payOrderAgain(
  env: OrdersEnv,
  input: { owner: Owner; orderId: number; methodId: number },
): Promise<OrderCreateResponse> {
  const { db, config } = env;
  const order = await findOwnedOrder(db, input.owner, input.orderId);
  if (!order) throw notFound();
  if (order.status !== 'awaiting_payment') notAwaiting(order);
  if (input.methodId > INT4_MAX) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  const method = await findPaymentMethod(db, env.payments, input.methodId);
  if (!method) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodNotFound] });
  if (!method.provider) throw badRequest({ payment_method_id: [ORDER_MESSAGES.methodUnavailable] });

  // The last payment may have gone through a moment ago (or be open in another tab): ask before replacing it.
  const last = await findLatestPayment(db, order.id);
  if (last && (last.status === 'pending' || last.status === 'waiting_for_capture')) {
    const seen = await refreshPayment(db, env.payments, env.log, last).catch((err: unknown) => {
      env.log.warn({ err, orderId: order.id }, 'payment re-check before a new attempt failed');
      return null;
    });
    if (seen?.seen.status === 'succeeded')
      throw detailError(409, AFTER_ORDER_MESSAGES.alreadyPaid(order.number));
  }

  if (!method.provider.online) {
    const total = await db.transaction(async (tx) => {
      const locked = await lockOrderForPayment(tx, order.id);
      if (!locked || locked.status !== 'awaiting_payment' || locked.isPaid) notAwaiting(locked ?? order);
      const units = await orderUnits(tx, order.id);
      if (config.orderCashMaxUnits > 0 && units > config.orderCashMaxUnits) {
        throw badRequest({ payment_method_id: [ORDER_MESSAGES.cashTooManyUnits(config.orderCashMaxUnits)] });
      }
      if (config.orderCashMaxTotal > 0 && locked.totalPrice > config.orderCashMaxTotal) {
        throw badRequest({ payment_method_id: [ORDER_MESSAGES.cashTooExpensive(config.orderCashMaxTotal)] });
      }
      await cancelOpenPayments(tx, order.id);
      const moved = await switchToCash(tx, order.id, {
        methodId: method.id,
        holdHours: cashHoldHours(config, input.owner),
      });
      if (!moved) notAwaiting(locked);
      return locked.totalPrice;
    });
    env.log.info({ orderId: order.id, total }, 'unpaid online order switched to payment at pickup');
    return { id: order.id, payment_type: 'CASH', number: order.number, status: 'new' };
  }

  if (method.type !== 'CARD') throw badRequest({ payment_type: [ORDER_MESSAGES.methodTypeMismatch] });
  await db.transaction(async (tx) => {
    const locked = await lockOrderForPayment(tx, order.id);
    if (!locked || locked.status !== 'awaiting_payment' || locked.isPaid) notAwaiting(locked ?? order);
    const latest = await findLatestPayment(tx, order.id);
    const open = latest && (latest.status === 'pending' || latest.status === 'waiting_for_capture');
    // Still open with the same provider: its page is offered again (startPayment finds it), nothing new is created.
    if (open && latest.provider === method.provider!.name) return;
    if ((await countPayments(tx, order.id)) >= PAYMENT_ATTEMPTS_PER_ORDER) {
      throw detailError(409, AFTER_ORDER_MESSAGES.tooManyAttempts(order.number));
    }
    await cancelOpenPayments(tx, order.id);
    await recordPendingPayment(tx, {
      orderId: order.id,
      provider: method.provider!,
      amount: locked.totalPrice,
      // A retry returns the customer to the page the order's first payment named (the client host's, if set).
      returnUrl: latest?.returnUrl ?? null,
    });
  });
  const url = await startPayment(db, config, env.payments, env.log, order.id);
  if (!url) notAwaiting((await findOwnedOrder(db, input.owner, order.id)) ?? order);
  return {
    id: order.id,
    payment_type: 'CARD',
    number: order.number,
    status: 'awaiting_payment',
    payment_url: url,
  };
}

/**
 * The owner cancels an order nobody has paid yet (a cash order not yet taken into work, or an online order still
 * awaiting payment): its stock goes back on sale and its open payments are closed. An online order is first re-read
 * at its provider (paid a moment ago → 409; provider unreachable → 502, nothing changes).
 */
export async function cancelOwnOrder(
  env: Pick<OrdersEnv, 'db' | 'payments' | 'log'>,
  input: { owner: Owner; orderId: number },
): Promise<PaymentStatusResponse> {
  const { db } = env;
  const order = await findOwnedOrder(db, input.owner, input.orderId);
  if (!order) throw notFound();
  const refuse = (o: { number: string; status: OrderStatus; isPaid: boolean }): never => {
    if (o.status === 'cancelled') throw detailError(409, AFTER_ORDER_MESSAGES.cancelled(o.number));
    if (o.isPaid) throw detailError(409, AFTER_ORDER_MESSAGES.paidCannotCancel(o.number));
    throw detailError(409, AFTER_ORDER_MESSAGES.cannotCancel(o.number));
  };
  if ((order.status !== 'new' && order.status !== 'awaiting_payment') || order.isPaid) refuse(order);
  if (order.status === 'awaiting_payment') {
    const payment = await recheckBeforeExpiry(db, env.payments, env.log, order.id);
    if (payment === 'paid') refuse({ ...order, isPaid: true });
    if (payment === 'unreachable') throw detailError(502, RELEASE_MESSAGES.providerUnreachable(order.number));
  }
  await db.transaction(async (tx) => {
    const locked = await lockOrderForPayment(tx, order.id);
    if (!locked) throw notFound();
    if (locked.isPaid || !(await transitionOrder(tx, order.id, 'cancelled', ['new', 'awaiting_payment']))) {
      refuse(locked);
    }
    await cancelOpenPayments(tx, order.id);
  });
  env.log.info({ orderId: order.id }, 'order cancelled by its customer');
  const now = (await findOwnedOrder(db, input.owner, order.id)) ?? order;
  return { ...statusResponse(now), order: await orderSummary(db, order.id, { owner: true }) };
}

/**
 * A guest follows an order by its number and the phone it was placed with. An unknown number and a wrong phone get
 * the same 404, so the call cannot tell which numbers exist; it is limited per address and per number (429).
 */
export async function lookupOrder(
  env: Pick<OrdersEnv, 'db' | 'config' | 'limiter'>,
  input: { body: OrderLookupRequest; ip: string },
): Promise<PaymentStatusResponse> {
  const { db, config, limiter } = env;
  const limits = [
    { key: `order-lookup:ip:${input.ip}`, limit: config.orderLookupsPerIpPerHour },
    { key: `order-lookup:number:${input.body.number}`, limit: LOOKUPS_PER_NUMBER_PER_HOUR },
  ];
  for (const { key, limit } of limits) {
    if (limit <= 0) continue;
    const decision = await limiter.hit(key, limit, 3600);
    if (!decision.allowed) throw throttled(decision.retryAfterSec, AFTER_ORDER_MESSAGES.lookupThrottled);
  }
  const found = await findOrderContact(db, input.body.number);
  // Phones are stored normalised (+7XXXXXXXXXX), as the request's phone is.
  if (!found || found.phone !== input.body.phone) throw notFound(AFTER_ORDER_MESSAGES.lookupNotFound);
  const summary = await orderSummary(db, found.id, { owner: false });
  if (!summary) throw notFound(AFTER_ORDER_MESSAGES.lookupNotFound);
  return {
    ...statusResponse({
      number: summary.number,
      status: summary.status,
      isPaid: summary.is_paid,
      paymentType: summary.payment_type,
    }),
    order: summary,
  };
}

export { purgeIdempotencyKeys } from '../../lib/idempotency';
export { transitionOrder } from '../../lib/order-status';
