import { z } from 'zod';
import { optionalTransportId, positiveIntString, slug } from './common';
import {
  CART_MAX_LINES,
  DEFAULT_PLACEMENT_TYPE,
  INT4_MAX,
  MESSAGE_MAX_LENGTH,
  ORDER_NUMBER_LENGTH,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PLACEMENT_TYPES,
} from './constants';
import { MESSAGES } from './messages';
import { nameField, optionalEmailField, phoneField } from './rules';
import { cartAddQuantity } from './cart';
import { orderLineOfferFields, supplierIdField } from './offers';
import { orderPickupFields } from './pickup';

// Payment methods, order creation, payment status, instalment (API-SHAPES §11).

export const paymentMethodValue = z.object({
  id: z.number().int(),
  title: z.string(),
  gateway: z.string(),
  description: z.string(),
  /** SVG markup. */
  icons: z.string(),
});
export type PaymentMethodValue = z.infer<typeof paymentMethodValue>;

export const paymentMethodGroup = z.object({
  title: z.string(),
  type: z.enum(PAYMENT_TYPES),
  values: z.array(paymentMethodValue),
});
export type PaymentMethodGroup = z.infer<typeof paymentMethodGroup>;

export const paymentMethodsResponse = z.array(paymentMethodGroup);
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

export const orderCartLine = z.object({
  quantity: cartAddQuantity,
  slug,
  with_installation: z.boolean().default(false),
  /** Podbor adds: the line comes from this supplier's offer «под заказ». */
  supplier_id: supplierIdField,
});
export type OrderCartLine = z.infer<typeof orderCartLine>;

const positiveId = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? MESSAGES.required : MESSAGES.idInvalid,
  })
  .int(MESSAGES.idInvalid)
  .positive(MESSAGES.idInvalid)
  .max(INT4_MAX, MESSAGES.numberTooLarge);

/**
 * Body of POST /payment/orders/. Send an `Idempotency-Key` header (HEADER_NAMES.idempotencyKey):
 * a repeated request with the same key returns the first order instead of creating another.
 */
export const orderCreateRequest = z.object({
  name: nameField,
  phone: phoneField,
  email: optionalEmailField,
  payment_type: z.enum(PAYMENT_TYPES),
  /**
   * The chosen method (`payment/methods/`). Older clients may leave it out and send only `payment_type` (and a
   * `gateway` name): the order then takes that type's default method (the first one listed, of that gateway).
   */
  payment_method_id: positiveId.nullish(),
  /** With no `payment_method_id`: the gateway (`cash`, `sandbox`, `yookassa`) whose method of the type to take. */
  gateway: z.string().trim().max(50).nullish(),
  cart: z.array(orderCartLine).min(1, MESSAGES.required).max(CART_MAX_LINES),
  branch_office_id: positiveId,
  transport_id: optionalTransportId,
  // Podbor adds:
  placement_type: z.enum(PLACEMENT_TYPES).default(DEFAULT_PLACEMENT_TYPE),
  comment: z.string().trim().max(MESSAGE_MAX_LENGTH, MESSAGES.messageTooLong).nullable().optional(),
  /** Consent to personal-data processing (152-FZ); older clients do not send it. */
  consent: z.boolean().optional(),
});
export type OrderCreateRequest = z.infer<typeof orderCreateRequest>;
export type OrderCreateRequestInput = z.input<typeof orderCreateRequest>;

/** Fastify lower-cases header names. */
export const orderCreateHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(255).optional(),
});
export type OrderCreateHeaders = z.infer<typeof orderCreateHeaders>;

export const orderCreateResponse = z.object({
  id: z.number().int(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** Present for card payments: the browser goes there. */
  payment_url: z.string().optional(),
  number: z.string().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type OrderCreateResponse = z.infer<typeof orderCreateResponse>;

export const paymentStatusQuery = z.object({ orderId: positiveIntString });
export type PaymentStatusQuery = z.infer<typeof paymentStatusQuery>;

/** One line of an order as its customer sees it after placing it. */
export const orderSummaryLine = z.object({
  title: z.string(),
  vendor_code: z.string(),
  slug: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  with_installation: z.boolean(),
  /** Installation per unit, roubles (0 without installation). */
  installation_price: z.number(),
  is_service: z.boolean(),
  ...orderLineOfferFields,
});
export type OrderSummaryLine = z.infer<typeof orderSummaryLine>;

/**
 * What the customer needs after placing an order (issue #13): its lines, total, pickup branch and when it will be
 * ready; and, for an online order still unpaid, what the payment did and what the customer may do about it.
 */
export const orderSummary = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  is_paid: z.boolean(),
  payment_type: z.enum(PAYMENT_TYPES),
  payment_method: z.string(),
  created_at: z.string(),
  items_price: z.number(),
  installation_price: z.number(),
  total_price: z.number(),
  branch_office: z.object({
    id: z.number().int(),
    title: z.string(),
    street: z.string(),
    city: z.string(),
    work_hours: z.string(),
  }),
  products: z.array(orderSummaryLine),
  /** When the order should be ready for pickup (null when it is not being prepared: unpaid, cancelled, collected). */
  ready_by: z.string().nullable(),
  /** The same in words, for the customer. */
  ready_message: z.string(),
  /**
   * Podbor adds (issue #17): when units moved from another branch of the city are ready at the pickup branch, an
   * ISO instant; null when the order waits for no transfer.
   */
  ...orderPickupFields,
  /**
   * Until when the order waits: an unpaid online order for its payment, a cash order for its collection (the stock
   * is released afterwards); null once there is no such deadline.
   */
  expires_at: z.string().nullable(),
  /** The newest online payment's state (null for a cash order): `canceled` = the customer backed out of paying. */
  payment_status: z.enum(PAYMENT_STATUSES).nullable(),
  /** The owner may start a new online payment, switch to paying at pickup, or cancel the order. */
  can_pay: z.boolean(),
  can_pay_at_pickup: z.boolean(),
  can_cancel: z.boolean(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const paymentStatusResponse = z.object({
  /** Human-readable status message. */
  detail: z.string(),
  status: z.enum(ORDER_STATUSES).optional(),
  is_paid: z.boolean().optional(),
  number: z.string().optional(),
  /** Podbor adds the order itself. */
  order: orderSummary.optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

/**
 * Body of POST /payment/orders/{orderId}/pay/: a new online payment of an order whose payment was not finished
 * (a card method), or paying at pickup instead (a cash method).
 */
export const orderPayRequest = z.object({ payment_method_id: positiveId });
export type OrderPayRequest = z.infer<typeof orderPayRequest>;

/** A customer's order number: 9 digits (spaces and dashes the customer may type are dropped). */
const orderNumberField = z
  .string({ error: MESSAGES.required })
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, MESSAGES.required)
      .regex(new RegExp(`^\\d{${ORDER_NUMBER_LENGTH}}$`), MESSAGES.orderNumberInvalid),
  );

/** Body of POST /payment/orders/lookup/: a guest follows an order by its number and the phone it was placed with. */
export const orderLookupRequest = z.object({ number: orderNumberField, phone: phoneField });
export type OrderLookupRequest = z.infer<typeof orderLookupRequest>;
export type OrderLookupRequestInput = z.input<typeof orderLookupRequest>;

export const installmentParams = z.object({ productSlug: slug });
export type InstallmentParams = z.infer<typeof installmentParams>;

/** Instalment offer for the product's price; `available: false` with zeros when none applies. */
export const installmentResponse = z.object({
  available: z.boolean(),
  provider: z.string(),
  parts: z.number().int(),
  part_price: z.number(),
  total: z.number(),
  description: z.string(),
});
export type InstallmentResponse = z.infer<typeof installmentResponse>;

// ---- provider side (internal routes: not called by the storefront) ----

/** YooKassa's notification; only the payment id is used: the payment itself is re-read from YooKassa. */
export const yookassaNotification = z.object({
  type: z.string().max(50),
  event: z.string().min(1).max(100),
  object: z.looseObject({ id: z.string().min(1).max(100) }),
});
export type YookassaNotification = z.infer<typeof yookassaNotification>;
/** A notification is acknowledged with an empty object (anything else makes YooKassa retry). */
export const webhookAckResponse = z.object({});

export const sandboxParams = z.object({ paymentId: z.uuid() });
export type SandboxParams = z.infer<typeof sandboxParams>;
/** The sandbox payment page is HTML (sent as text/html). */
export const sandboxPageResponse = z.string();
/** The page's two buttons post an HTML form (application/x-www-form-urlencoded). */
export const sandboxActionRequest = z.object({ action: z.enum(['pay', 'cancel']) });
export type SandboxActionRequest = z.infer<typeof sandboxActionRequest>;
/** The answer to a button is a 303 redirect back to the shop: the body is empty. */
export const sandboxActionResponse = z.literal('');
