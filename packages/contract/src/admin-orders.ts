import { z } from 'zod';
import { optionalQuery, pageQuery, positiveIntString } from './common';
import { ORDER_STATUSES, PAYMENT_STATUSES, PAYMENT_TYPES, SEARCH_MAX_LENGTH } from './constants';
import { RELEASE_REASON_MAX_LENGTH } from './admin';
import { requiredString } from './rules';
import { orderLineOfferFields } from './offers';

// The back office's order desk (issue #14): the order list with live counts per status, the order page, status
// changes with optimistic concurrency (`version`), the back office's product search and the dashboard.

export const ADMIN_ORDERS_PAGE_SIZE = 50;
export const ADMIN_PRODUCTS_PAGE_SIZE = 50;

/**
 * Counts and totals of the desk are exact up to this many rows and reported as «at least» beyond it: counting a
 * million handed-over orders on every refresh of the tabs would cost more than the list itself.
 */
export const ADMIN_COUNT_LIMIT = 1_000;

export const ADMIN_ORDER_STATUS_TITLES: Record<(typeof ORDER_STATUSES)[number], string> = {
  new: 'Новый',
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  assembling: 'Собирается',
  ready: 'Готов к выдаче',
  completed: 'Выдан',
  cancelled: 'Отменён',
};

export const ADMIN_ORDER_MESSAGES = {
  dateInvalid: 'Дата — в формате ГГГГ-ММ-ДД',
  dateRange: 'Дата «по» раньше даты «с»',
  queryInvalid: 'Введите номер заказа (9 цифр) или телефон покупателя',
  branchForbidden: 'Заказы этого филиала вам недоступны.',
  notFound: (number: string) => `Заказ №${number} не найден.`,
  conflict: (number: string) =>
    `Заказ №${number} уже изменил другой сотрудник. Обновите страницу и проверьте его текущий статус.`,
  transition: (number: string, from: string, to: string) =>
    `Заказ №${number} в статусе «${from}» нельзя перевести в «${to}».`,
  refundFailed: (number: string) =>
    `Платёжная система не приняла возврат денег по заказу №${number}. Заказ не отменён, повторите попытку позже.`,
  refundUnsupported: (number: string) =>
    `Платёжная система заказа №${number} не поддерживает возврат из панели управления. Заказ не отменён.`,
  reasonRequired: 'Укажите причину отмены',
  readySms: (number: string, address: string) =>
    `Заказ №${number} готов к выдаче: ${address}. Возьмите с собой номер заказа.`,
} as const;

const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ADMIN_ORDER_MESSAGES.dateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), ADMIN_ORDER_MESSAGES.dateInvalid);

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const adminOrderListQuery = pageQuery(ADMIN_ORDERS_PAGE_SIZE, 200)
  .extend({
    status: optionalQuery(z.enum(ORDER_STATUSES)),
    branch: optionalQuery(positiveIntString),
    payment_type: optionalQuery(z.enum(PAYMENT_TYPES)),
    paid: optionalQuery(booleanQuery),
    /** Moscow calendar dates, both inclusive. */
    date_from: optionalQuery(isoDate),
    date_to: optionalQuery(isoDate),
    /** The order number or the customer's phone in any spelling (8 916…, +7 (916)…). */
    q: optionalQuery(requiredString(SEARCH_MAX_LENGTH)),
  })
  .refine((v) => !v.date_from || !v.date_to || v.date_from <= v.date_to, {
    message: ADMIN_ORDER_MESSAGES.dateRange,
    path: ['date_to'],
  });
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuery>;

const branchRef = z.object({ id: z.number().int(), title: z.string() });

export const adminOrderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  branch: branchRef,
  payment_type: z.enum(PAYMENT_TYPES),
  paid: z.boolean(),
  total: z.number(),
  customer_name: z.string(),
  customer_phone: z.string(),
  lines: z.number().int(),
  version: z.number().int(),
});
export type AdminOrderRow = z.infer<typeof adminOrderRow>;

/** A count that is exact up to ADMIN_COUNT_LIMIT; `exact: false` means «at least `count`». */
export const boundedCount = z.object({ count: z.number().int(), exact: z.boolean() });
export type BoundedCount = z.infer<typeof boundedCount>;

export const adminOrderListResponse = z.object({
  current: z.number().int(),
  pages: z.number().int(),
  /** Orders matching every filter (bounded: see `total_exact`). */
  total: z.number().int(),
  total_exact: z.boolean(),
  results: z.array(adminOrderRow),
  /** The desk's tabs: orders per status under every filter but `status`. */
  counts: z.record(z.enum(ORDER_STATUSES), boundedCount),
});
export type AdminOrderListResponse = z.infer<typeof adminOrderListResponse>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const adminOrderDetail = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  /** The statuses the order may be moved to now (POST …/status/). */
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  created_at: z.string(),
  updated_at: z.string(),
  placement_type: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_method: z.object({ id: z.number().int(), title: z.string(), gateway: z.string() }),
  paid: z.boolean(),
  paid_at: z.string().nullable(),
  /** An unpaid online order is cancelled at this moment. */
  expires_at: z.string().nullable(),
  branch: branchRef.extend({ city: z.string(), address: z.string(), phone_number: z.string() }),
  transport: z.string().nullable(),
  comment: z.string(),
  items_price: z.number(),
  installation_price: z.number(),
  total: z.number(),
  customer: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    /** The customer's account when the order was placed signed in. */
    account: z
      .object({
        id: z.number().int(),
        name: z.string(),
        phone_number: z.string().nullable(),
        email: z.string(),
      })
      .nullable(),
  }),
  lines: z.array(
    z.object({
      product_id: z.number().int(),
      title: z.string(),
      vendor_code: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      with_installation: z.boolean(),
      installation_price: z.number(),
      is_service: z.boolean(),
      ...orderLineOfferFields,
    }),
  ),
  reservations: z.array(
    z.object({
      warehouse: z.object({ id: z.number().int(), title: z.string(), address: z.string() }),
      branch: branchRef,
      product_id: z.number().int(),
      title: z.string(),
      quantity: z.number().int(),
      /** When the hold ended (cancelled, expired or handed over); null while it holds the stock. */
      released_at: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      provider: z.string(),
      external_id: z.string().nullable(),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number(),
      created_at: z.string(),
      updated_at: z.string(),
      /** The provider's notifications applied to this payment. */
      events: z.array(
        z.object({ id: z.number().int(), key: z.string(), at: z.string(), payload: z.unknown() }),
      ),
    }),
  ),
  /** Oldest first: placed, paid, every staff action with who did it. */
  history: z.array(
    z.object({
      at: z.string(),
      /** `created`, `paid`, or the audit action (`order.status`, `order.release`…). */
      action: z.string(),
      /** What happened, in Russian. */
      title: z.string(),
      user: person.nullable(),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderStatusRequest = z.object({
  status: z.enum(['assembling', 'ready', 'completed', 'cancelled']),
  /** The order's `version` as the page showed it: a stale one is a conflict (409), not an overwrite. */
  version: z.number().int().positive(),
  /** Why (required for a cancellation): kept in the audit log. */
  reason: z
    .string()
    .trim()
    .max(RELEASE_REASON_MAX_LENGTH)
    .optional()
    .transform((v) => v || undefined),
});
export type AdminOrderStatusRequest = z.infer<typeof adminOrderStatusRequest>;

export const adminOrderStatusResponse = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  version: z.number().int(),
  paid: z.boolean(),
  next_statuses: z.array(z.enum(ORDER_STATUSES)),
  /** Set when the cancellation refunded an online payment. */
  refunded: z.boolean(),
});
export type AdminOrderStatusResponse = z.infer<typeof adminOrderStatusResponse>;

// ---- products (the back office's search) ----

export const adminProductListQuery = pageQuery(ADMIN_PRODUCTS_PAGE_SIZE, 200).extend({
  /** Title words, the article in any spelling, or the product id. */
  q: optionalQuery(requiredString(SEARCH_MAX_LENGTH)),
  category: optionalQuery(positiveIntString),
});
export type AdminProductListQuery = z.infer<typeof adminProductListQuery>;

export const adminProductRow = z.object({
  id: z.number().int(),
  title: z.string(),
  article: z.string(),
  manufacturer: z.string().nullable(),
  category: z.object({ id: z.number().int(), title: z.string() }),
  price: z.number(),
  old_price: z.number().nullable(),
  /** Available units over every warehouse (on hand minus held). */
  stock: z.number().int(),
  active: z.boolean(),
});
export type AdminProductRow = z.infer<typeof adminProductRow>;

export const adminProductListResponse = z.object({
  current: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  total_exact: z.boolean(),
  results: z.array(adminProductRow),
});
export type AdminProductListResponse = z.infer<typeof adminProductListResponse>;

// ---- dashboard ----

export const adminDashboard = z.object({
  /** The Moscow calendar day the figures are for (YYYY-MM-DD). */
  day: z.string(),
  /** Orders placed today and their total (cancelled ones not counted in the revenue). */
  orders_today: z.number().int(),
  revenue_today: z.number(),
  /** Per branch the caller handles (every branch for an admin). */
  branches: z.array(
    branchRef.extend({
      orders_today: z.number().int(),
      revenue_today: z.number(),
      /** Active goods with nothing available in the branch's warehouses. */
      out_of_stock: z.number().int(),
    }),
  ),
  callbacks: z.object({
    /** Requests not done yet (new or taken). */
    open: z.number().int(),
    /** Open requests older than the promised minutes. */
    overdue: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
