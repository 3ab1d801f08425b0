import type { FastifyBaseLogger } from 'fastify';
import {
  ADMIN_COUNT_LIMIT,
  ADMIN_ORDER_MESSAGES,
  ADMIN_ORDER_STATUS_TITLES,
  CALLBACK_MINUTES,
  MESSAGES,
  normalizePhone,
  ORDER_STATUSES,
  roundKopecks,
  type AdminDashboard,
  type AdminOrderDetail,
  type AdminOrderListQuery,
  type AdminOrderListResponse,
  type AdminOrderStatusRequest,
  type AdminOrderStatusResponse,
  type AdminProductListQuery,
  type AdminProductListResponse,
  type OrderReleaseResponse,
  type OrderStatus,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { adminProductFilters } from '../../lib/catalog/admin-product-filter';
import type { SmsGateway } from '../../lib/gateways/gateways';
import { badRequest, detailError, HttpError } from '../../lib/http-error';
import { ORDER_TRANSITIONS, transitionOrder } from '../../lib/order-status';
import { PaymentProviderError, type PaymentProviders } from '../../lib/payments/provider';
import { cached, perDb } from '../../lib/ttl-cache';
import { releaseOrder } from '../orders/orders.service';
import { cancelOpenPayments, recheckBeforeExpiry } from '../payment/payment.service';
import {
  callbackFigures,
  findOrderDetail,
  findStaffScope,
  markPaidAtCounter,
  orderAudit,
  orderLines,
  orderPage,
  orderPayments,
  orderReservations,
  ordersSince,
  orderState,
  outOfStockByBranch,
  productCount,
  exactProductIds,
  productPageIds,
  productRows,
  searchMatchIds,
  recordRefundEvent,
  statusCounts,
  succeededPayment,
  type OrderDetailRow,
  type OrderFilters,
  type StaffScope,
} from './admin-orders.repository';

// The order desk of the back office (issue #14). A manager tied to branches sees and handles only their orders;
// an admin (or a manager tied to none) every branch. Every status change is checked against the version the
// manager saw (optimistic concurrency: the order row is locked and compared, so the second of two simultaneous
// changes gets a conflict, never overwrites) and written to the audit log in the same transaction.

export interface AdminOrdersEnv {
  db: Db;
  payments: PaymentProviders;
  sms: SmsGateway;
  log: FastifyBaseLogger;
}

/** Moscow has kept UTC+3 all year since 2014: its calendar day starts at 21:00 UTC of the day before. */
const MOSCOW_OFFSET = '+03:00';
const moscowDayStart = (day: string) => new Date(`${day}T00:00:00${MOSCOW_OFFSET}`);
const nextDay = (day: string) => new Date(moscowDayStart(day).getTime() + 24 * 3600 * 1000);
export const moscowToday = (now = new Date()) =>
  new Date(now.getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10);

export async function scopeOf(db: Db, userId: number): Promise<StaffScope> {
  const scope = await findStaffScope(db, userId);
  // lib/route.ts let the request through a moment ago: an account changed since is simply not staff now.
  if (!scope) throw detailError(403, MESSAGES.forbidden);
  return scope;
}

const handles = (scope: StaffScope, branchId: number) =>
  !scope.branchIds || scope.branchIds.includes(branchId);

/** `q` of the desk: the order number (9 digits, «№» allowed) or a phone in any spelling SPEC §5 accepts. */
function parseOrderQuery(q: string): Pick<OrderFilters, 'number' | 'phone'> {
  const compact = q.replace(/^№\s*/, '').trim();
  if (/^[1-9]\d{8}$/.test(compact)) return { number: compact };
  const phone = normalizePhone(compact);
  if (phone) return { phone };
  throw badRequest({ q: [ADMIN_ORDER_MESSAGES.queryInvalid] });
}

function filtersOf(scope: StaffScope, query: AdminOrderListQuery): OrderFilters {
  if (query.branch !== undefined && !handles(scope, query.branch))
    throw detailError(403, ADMIN_ORDER_MESSAGES.branchForbidden);
  return {
    status: query.status,
    branchIds: query.branch !== undefined ? [query.branch] : (scope.branchIds ?? undefined),
    paymentType: query.payment_type,
    paid: query.paid,
    from: query.date_from ? moscowDayStart(query.date_from) : undefined,
    to: query.date_to ? nextDay(query.date_to) : undefined,
    ...(query.q ? parseOrderQuery(query.q) : {}),
  };
}

export async function listOrders(
  db: Db,
  userId: number,
  query: AdminOrderListQuery,
): Promise<AdminOrderListResponse> {
  const filters = filtersOf(await scopeOf(db, userId), query);
  const [rows, perStatus] = await Promise.all([
    orderPage(db, filters, query.size, (query.page - 1) * query.size),
    statusCounts(db, filters),
  ]);
  const counts = perStatus;
  const statuses: readonly OrderStatus[] = filters.status ? [filters.status] : ORDER_STATUSES;
  const total = statuses.reduce<number>((sum, s) => sum + counts[s].count, 0);
  const totalExact = statuses.every((s) => counts[s].exact);
  return {
    current: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    total,
    total_exact: totalExact,
    results: rows.map((r) => ({
      id: r.id,
      number: r.number,
      created_at: r.created_at,
      status: r.status,
      branch: { id: r.branch_id, title: r.branch_title },
      payment_type: r.payment_type,
      paid: r.is_paid,
      total: r.total,
      customer_name: r.name,
      customer_phone: r.phone,
      lines: r.lines,
      version: r.version,
    })),
    counts,
  };
}

/** Statuses staff may move an order to from `status` (an online order's `paid` comes from its provider). */
export function nextStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((s) => s !== 'paid');
}

function displayName(u: {
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
}) {
  return [u.last_name, u.first_name].filter(Boolean).join(' ') || u.phone_number || 'Без имени';
}

const HISTORY_TITLES: Record<string, (data: Record<string, unknown>) => string> = {
  'order.status': (d) => {
    const to = ADMIN_ORDER_STATUS_TITLES[d.to as OrderStatus] ?? String(d.to);
    const from = ADMIN_ORDER_STATUS_TITLES[d.from as OrderStatus] ?? String(d.from);
    return `Статус: «${from}» → «${to}»${d.reason ? `. Причина: ${String(d.reason)}` : ''}`;
  },
  'order.release': (d) => `Резерв снят, заказ отменён${d.reason ? `. Причина: ${String(d.reason)}` : ''}`,
};

async function visibleOrder(db: Db, scope: StaffScope, number: string): Promise<OrderDetailRow> {
  const order = await findOrderDetail(db, number);
  // Another branch's order is «not found» for a manager: its existence is none of their business.
  if (!order || !handles(scope, order.branch_id))
    throw detailError(404, ADMIN_ORDER_MESSAGES.notFound(number));
  return order;
}

/**
 * Releases an order's stock hold (the security issue's staff call): the same release as the shop's own, for an
 * order the staff member handles — another branch's order is «not found» for a manager, as on the order page.
 */
export async function releaseHeldOrder(
  env: AdminOrdersEnv,
  input: { userId: number; number: string; reason: string },
): Promise<OrderReleaseResponse> {
  await visibleOrder(env.db, await scopeOf(env.db, input.userId), input.number);
  return releaseOrder(env, { number: input.number, reason: input.reason, staffUserId: input.userId });
}

export async function orderDetail(db: Db, userId: number, number: string): Promise<AdminOrderDetail> {
  const scope = await scopeOf(db, userId);
  const o = await visibleOrder(db, scope, number);
  const [lines, reservations, payments, audit] = await Promise.all([
    orderLines(db, o.id),
    orderReservations(db, o.id),
    orderPayments(db, o.id),
    orderAudit(db, o.id),
  ]);
  const history: AdminOrderDetail['history'] = [
    { at: o.created_at, action: 'created', title: 'Заказ оформлен', user: null, data: {} },
  ];
  if (o.paid_at) {
    history.push({
      at: o.paid_at,
      action: 'paid',
      title: o.payment_type === 'CASH' ? 'Оплачен при получении' : 'Оплачен онлайн',
      user: null,
      data: {},
    });
  }
  for (const a of audit) {
    const data = a.data && typeof a.data === 'object' ? (a.data as Record<string, unknown>) : {};
    history.push({
      at: a.at,
      action: a.action,
      title: HISTORY_TITLES[a.action]?.(data) ?? a.action,
      user: a.user_id === null ? null : { id: a.user_id, name: displayName(a) },
      data,
    });
  }
  history.sort((a, b) => a.at.localeCompare(b.at));
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    version: o.version,
    next_statuses: nextStatuses(o.status),
    created_at: o.created_at,
    updated_at: o.updated_at,
    placement_type: o.placement_type,
    payment_type: o.payment_type,
    payment_method: { id: o.payment_method_id, title: o.payment_method_title, gateway: o.gateway },
    paid: o.is_paid,
    paid_at: o.paid_at,
    expires_at: o.expires_at,
    branch: {
      id: o.branch_id,
      title: o.branch_title,
      city: o.city,
      address: o.branch_street,
      phone_number: o.branch_phone,
    },
    transport: o.transport,
    comment: o.comment,
    items_price: o.items_price,
    installation_price: o.installation_price,
    total: o.total_price,
    customer: {
      name: o.name,
      phone: o.phone,
      email: o.email,
      account:
        o.user_id === null
          ? null
          : {
              id: o.user_id,
              name: displayName({
                first_name: o.user_first_name,
                last_name: o.user_last_name,
                phone_number: o.user_phone,
              }),
              phone_number: o.user_phone,
              email: o.user_email ?? '',
            },
    },
    lines,
    reservations: reservations.map((r) => ({
      warehouse: { id: r.warehouse_id, title: r.warehouse_title, address: r.warehouse_address },
      branch: { id: r.branch_id, title: r.branch_title },
      product_id: r.product_id,
      title: r.title,
      quantity: r.quantity,
      released_at: r.released_at,
    })),
    payments: payments.map((p) => ({ ...p, events: p.events ?? [] })),
    history,
  };
}

function conflict(order: { number: string; status: OrderStatus; version: number }): never {
  throw new HttpError(409, {
    errors: {
      detail: ADMIN_ORDER_MESSAGES.conflict(order.number),
      status: [order.status],
      version: [String(order.version)],
    },
  });
}

function refuseTransition(
  order: { number: string; status: OrderStatus; version: number },
  to: OrderStatus,
): never {
  throw new HttpError(409, {
    errors: {
      detail: ADMIN_ORDER_MESSAGES.transition(
        order.number,
        ADMIN_ORDER_STATUS_TITLES[order.status],
        ADMIN_ORDER_STATUS_TITLES[to],
      ),
      status: [order.status],
      version: [String(order.version)],
    },
  });
}

/**
 * Moves an order along the desk: new/paid → assembling → ready → completed, or cancelled from any open status.
 * Inside one transaction that holds the order's row lock: the version is compared (409 when another manager got
 * there first), the status moves (stock released on cancel, consumed on completion), a paid online order's money
 * is refunded through its provider (the lock is held across the call, so nobody changes the order meanwhile; a
 * refused refund rolls everything back, 502), a cash order completed at the counter is marked paid, and the audit
 * log records who, from → to and why. After the commit 'ready' sends the customer the pickup SMS.
 */
export async function changeStatus(
  env: AdminOrdersEnv,
  input: { userId: number; number: string; body: AdminOrderStatusRequest },
): Promise<AdminOrderStatusResponse> {
  const { db } = env;
  const { status: to, version, reason } = input.body;
  if (to === 'cancelled' && !reason) throw badRequest({ reason: [ADMIN_ORDER_MESSAGES.reasonRequired] });
  const scope = await scopeOf(db, input.userId);
  const seen = await visibleOrder(db, scope, input.number);
  if (seen.version !== version) conflict(seen);
  if (!nextStatuses(seen.status).includes(to)) refuseTransition(seen, to);
  if (to === 'cancelled' && seen.status === 'awaiting_payment') {
    // The customer may have paid a moment ago: ask the provider before cancelling (as the hold release does).
    const payment = await recheckBeforeExpiry(db, env.payments, env.log, seen.id);
    if (payment === 'unreachable')
      throw detailError(502, `Не удалось узнать у платёжной системы, оплачен ли заказ №${seen.number}.`);
  }
  const result = await db.transaction(async (tx) => {
    const order = await findOrderDetail(tx, input.number, { lock: true });
    if (!order) throw detailError(404, ADMIN_ORDER_MESSAGES.notFound(input.number));
    if (order.version !== version) conflict(order);
    if (!nextStatuses(order.status).includes(to)) refuseTransition(order, to);
    let refund: { id: string; status: string; amount: number } | null = null;
    if (to === 'cancelled' && order.is_paid && order.payment_type === 'CARD') {
      refund = await refundOrder(env, tx, order);
    }
    if (!(await transitionOrder(tx, order.id, to, [order.status]))) refuseTransition(order, to);
    if (to === 'cancelled') await cancelOpenPayments(tx, order.id);
    if (to === 'completed' && !order.is_paid) await markPaidAtCounter(tx, order.id);
    const after = await orderState(tx, order.id);
    if (!after) throw detailError(404, ADMIN_ORDER_MESSAGES.notFound(input.number));
    await recordAudit(tx, {
      userId: input.userId,
      action: 'order.status',
      entity: 'order',
      entityId: order.id,
      data: {
        number: order.number,
        from: order.status,
        to,
        ...(reason ? { reason } : {}),
        version_before: order.version,
        version_after: after.version,
        ...(to === 'completed' && !order.is_paid ? { paid_at_counter: true } : {}),
        ...(refund ? { refund } : {}),
      },
    });
    return { order, after, refunded: refund !== null };
  });
  if (to === 'ready') await sendReadySms(env, result.order);
  return {
    number: result.order.number,
    status: result.after.status,
    version: result.after.version,
    paid: result.after.is_paid,
    next_statuses: nextStatuses(result.after.status),
    refunded: result.refunded,
  };
}

async function refundOrder(env: AdminOrdersEnv, tx: Db, order: OrderDetailRow) {
  const payment = await succeededPayment(tx, order.id);
  const provider = payment ? env.payments.get(payment.provider) : undefined;
  if (!payment?.external_id || !provider?.refund)
    throw detailError(502, ADMIN_ORDER_MESSAGES.refundUnsupported(order.number));
  const lines = await orderLines(tx, order.id);
  const items = lines.flatMap((l) => [
    {
      description: l.title,
      quantity: l.quantity,
      unitPrice: l.price,
      subject: l.is_service ? ('service' as const) : ('commodity' as const),
    },
    ...(l.with_installation && l.installation_price > 0
      ? [
          {
            description: `Установка: ${l.title}`,
            quantity: l.quantity,
            unitPrice: l.installation_price,
            subject: 'service' as const,
          },
        ]
      : []),
  ]);
  try {
    const refund = await provider.refund({
      externalId: payment.external_id,
      amount: roundKopecks(payment.amount),
      // One refund per payment, whoever retries it: the provider answers a repeat with the first refund.
      idempotenceKey: `refund-${payment.id}`,
      description: `Возврат по заказу №${order.number}`,
      customer: { phone: order.phone, email: order.email },
      items,
    });
    if (refund.status === 'canceled') throw new PaymentProviderError('refund canceled by the provider');
    await recordRefundEvent(tx, {
      provider: payment.provider,
      key: `${payment.external_id}:refund:${refund.externalId}`,
      payload: refund.raw,
    });
    return { id: refund.externalId, status: refund.status, amount: refund.amount };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    env.log.error({ err, order: order.number }, 'refund failed');
    throw detailError(502, ADMIN_ORDER_MESSAGES.refundFailed(order.number));
  }
}

async function sendReadySms(env: AdminOrdersEnv, order: OrderDetailRow): Promise<void> {
  const address = [order.city, order.branch_street].filter(Boolean).join(', ');
  try {
    await env.sms.send({
      to: order.phone,
      purpose: 'order_ready',
      text: ADMIN_ORDER_MESSAGES.readySms(order.number, address),
    });
  } catch (err) {
    // The status has moved already; a gateway failure must not undo it (the log says whom to call).
    env.log.error({ err, order: order.number }, 'order ready SMS failed');
  }
}

// ---- products ----

export async function listProducts(db: Db, query: AdminProductListQuery): Promise<AdminProductListResponse> {
  const filters = adminProductFilters(query.q, query.category);
  const offset = (query.page - 1) * query.size;
  let ids: number[];
  let count: number;
  if (query.q) {
    // A search: its first ADMIN_COUNT_LIMIT + 1 matches in one read (the count and every page the list offers),
    // newest first, after the exact hits (the id, the whole article).
    const [exact, matches] = await Promise.all([exactProductIds(db, filters), searchMatchIds(db, filters)]);
    const others = matches.filter((id) => !exact.includes(id));
    ids = [...exact, ...others].slice(offset, offset + query.size);
    count = Math.max(matches.length, exact.length);
  } else {
    [ids, count] = await Promise.all([
      productPageIds(db, filters, query.size, offset),
      productCount(db, filters),
    ]);
  }
  const rows = await productRows(db, ids);
  const total = Math.min(count, ADMIN_COUNT_LIMIT);
  return {
    current: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    total,
    total_exact: count <= ADMIN_COUNT_LIMIT,
    results: rows.map((r) => ({
      id: r.id,
      title: r.title,
      article: r.article,
      manufacturer: r.manufacturer,
      category: { id: r.category_id, title: r.category_title },
      price: r.price,
      old_price: r.old_price,
      stock: r.stock,
      active: r.is_active,
    })),
  };
}

// ---- dashboard ----

/** Out-of-stock counts change with every order; a minute's staleness on the dashboard costs nothing. */
const OUT_OF_STOCK_TTL_MS = 60_000;
const outOfStockCache = perDb((db: Db) => cached(() => outOfStockByBranch(db), OUT_OF_STOCK_TTL_MS));

export async function dashboard(db: Db, userId: number, now = new Date()): Promise<AdminDashboard> {
  const scope = await scopeOf(db, userId);
  const day = moscowToday(now);
  const [branches, callbacks, outOfStock] = await Promise.all([
    ordersSince(db, moscowDayStart(day), scope.branchIds),
    callbackFigures(db, CALLBACK_MINUTES),
    outOfStockCache(db).get(),
  ]);
  return {
    day,
    orders_today: branches.reduce((n, b) => n + b.orders_today, 0),
    revenue_today: roundKopecks(branches.reduce((n, b) => n + b.revenue_today, 0)),
    branches: branches.map((b) => ({ ...b, out_of_stock: outOfStock.get(b.id) ?? 0 })),
    callbacks,
  };
}
