import { z } from 'zod';
import { optionalTransportId, positiveIntString, slug } from './common';
import {
  CART_MAX_LINES,
  DEFAULT_PLACEMENT_TYPE,
  INT4_MAX,
  MESSAGE_MAX_LENGTH,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  PLACEMENT_TYPES,
} from './constants';
import { MESSAGES } from './messages';
import { nameField, optionalEmailField, phoneField } from './rules';
import { cartAddQuantity } from './cart';

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

export const paymentStatusResponse = z.object({
  /** Human-readable status message. */
  detail: z.string(),
  status: z.enum(ORDER_STATUSES).optional(),
  is_paid: z.boolean().optional(),
  number: z.string().optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

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
