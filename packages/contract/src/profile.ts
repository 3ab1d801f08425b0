import { z } from 'zod';
import {
  categoriesPath,
  optionalQuery,
  optionalSlug,
  optionalTransportId,
  pageQuery,
  paginated,
  positiveIntString,
  titleSlug,
} from './common';
import {
  CATALOG_MAX_PAGE_SIZE,
  DEFAULT_ORDER_ORDERING,
  ORDER_ORDERINGS,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  PAYMENT_TYPES,
  PLACEMENT_TYPES,
  SEARCH_MAX_LENGTH,
  USER_ROLES,
} from './constants';
import { productFit } from './fit';
import { MESSAGES } from './messages';
import { orderLineOfferFields } from './offers';
import { orderPickupFields } from './pickup';
import {
  codeField,
  currentPasswordField,
  emailField,
  nameField,
  optionalEmailField,
  optionalNameField,
  passwordField,
} from './rules';

// Signed-in user's profile and order history (API-SHAPES §5).

export const profileResponse = z.object({
  last_name: z.string(),
  first_name: z.string(),
  patronymic: z.string(),
  phone_number: z.string(),
  /** `YYYY-MM-DD` or null. */
  date_of_birthday: z.string().nullable(),
  email: z.string(),
  /** ISO date-time. */
  date_joined: z.string(),
  /** Saved transport id, null when none. */
  transport: z.number().int().nullable(),
  /** Null until the user picks a city. */
  city: titleSlug.nullable(),
  email_verified: z.boolean().optional(),
  role: z.enum(USER_ROLES).optional(),
});
export type ProfileResponse = z.infer<typeof profileResponse>;

/** `YYYY-M-D` (zero padding optional) of a real calendar day; output is `YYYY-MM-DD`. */
export const birthdayField = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
    const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
    const date = new Date(Date.UTC(y, m - 1, d));
    const real =
      match !== null &&
      y >= 1900 &&
      date.getUTCFullYear() === y &&
      date.getUTCMonth() === m - 1 &&
      date.getUTCDate() === d &&
      date.getTime() <= Date.now();
    if (!real) {
      ctx.issues.push({ code: 'custom', message: MESSAGES.dateInvalid, input: value });
      return z.NEVER;
    }
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });

/** Any subset of the profile. Phone changes are not accepted here (they need verification). */
export const profilePatchRequest = z.object({
  last_name: optionalNameField.optional(),
  first_name: nameField.optional(),
  patronymic: optionalNameField.optional(),
  date_of_birthday: birthdayField.nullable().optional(),
  /** Changing the e-mail marks it unverified; `""` clears it. */
  email: optionalEmailField,
  /** City slug; `""` or null clears it. */
  city: optionalSlug,
  transport: optionalTransportId,
});
export type ProfilePatchRequest = z.infer<typeof profilePatchRequest>;
export type ProfilePatchRequestInput = z.input<typeof profilePatchRequest>;
export const profilePatchResponse = profileResponse;
export type ProfilePatchResponse = z.infer<typeof profilePatchResponse>;

export const changePasswordRequest = z
  .object({
    password: passwordField,
    password2: currentPasswordField,
    current_password: currentPasswordField,
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password2) {
      ctx.addIssue({ code: 'custom', path: ['password2'], message: MESSAGES.passwordsMismatch });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
/** Podbor adds a fresh token pair: changing the password ends every other session, this one continues. */
export const changePasswordResponse = z.object({
  status: z.string(),
  access: z.string().optional(),
  refresh: z.string().optional(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponse>;

export const verifyEmailRequest = z.object({ code: codeField, email: emailField });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequest>;
/** `status` is 'Почта подтверждена' (the text older clients check for); `details` a sentence to show. */
export const verifyEmailResponse = z.object({ status: z.string(), details: z.string() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;

/**
 * Date filter value: `YYYY-MM-DD` or a full ISO date-time; month and day may come without zero padding
 * (`2026-11-1`, as older clients send them) and are padded here. The date must exist in the calendar.
 */
const dateFilter = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})((?:[T ].*)?)$/.exec(v);
    const [year, month, day] = [Number(m?.[1]), Number(m?.[2]), Number(m?.[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    const padded = m && `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}${m[4]}`;
    if (
      !padded ||
      date.getUTCFullYear() !== year ||
      date.getUTCMonth() !== month - 1 ||
      date.getUTCDate() !== day ||
      Number.isNaN(Date.parse(padded))
    ) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return padded;
  });

export const ordersQuery = pageQuery(ORDERS_PAGE_SIZE, CATALOG_MAX_PAGE_SIZE).extend({
  ordering: optionalQuery(z.enum(ORDER_ORDERINGS)).transform((v) => v ?? DEFAULT_ORDER_ORDERING),
  created_after: optionalQuery(dateFilter),
  created_before: optionalQuery(dateFilter),
  search: optionalQuery(z.string().trim().max(SEARCH_MAX_LENGTH)),
});
export type OrdersQuery = z.infer<typeof ordersQuery>;
export type OrdersQueryInput = z.input<typeof ordersQuery>;

/** One line of an order: a product (with or without installation) or a service. */
export const orderProductLine = z.object({
  id: z.number().int(),
  title: z.string(),
  vendor_code: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  is_service: z.boolean(),
  product: z.object({ slug: z.string(), categories: categoriesPath }),
  with_installation: z.boolean().optional(),
  installation_price: z.number().nullable().optional(),
  total_price: z.number().optional(),
  image: z.string().nullable().optional(),
  ...orderLineOfferFields,
  /** Podbor adds (fit everywhere): the product for the order's vehicle; `unknown` when it named none. */
  fit: productFit.optional(),
});
export type OrderProductLine = z.infer<typeof orderProductLine>;

export const orderListItem = z.object({
  id: z.number().int(),
  /** ISO date-time. */
  created_at: z.string(),
  total_price: z.number(),
  /** Podbor adds the 9-digit order number, status and payment state. */
  number: z.string().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  is_paid: z.boolean().optional(),
  products_count: z.number().int().optional(),
  /**
   * Podbor adds the order's lines (the same shape as in the order detail), so the history page needs no
   * detail call per order.
   */
  products: z.array(orderProductLine).optional(),
  /** Podbor adds (issue #17): when its transfer from another branch is ready for pickup, while the order is open. */
  ...orderPickupFields,
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const ordersResponse = paginated(orderListItem);
export type OrdersResponse = z.infer<typeof ordersResponse>;

export const orderIdParams = z.object({ orderId: positiveIntString });
export type OrderIdParams = z.infer<typeof orderIdParams>;

export const orderVehicle = z.object({
  /** Transport id, as the garage and the chosen-vehicle cookie take it. */
  transport: z.number().int(),
  /** SPEC §3 text form of the transport. */
  label: z.string(),
  in_garage: z.boolean(),
});
export type OrderVehicle = z.infer<typeof orderVehicle>;

export const orderDetailResponse = z.object({
  id: z.number().int(),
  /** Showcase (storefront) title. */
  showcase: z.string(),
  payment_type: z.enum(PAYMENT_TYPES),
  /** Display name of the pickup branch. */
  branch_office: z.string(),
  is_paid: z.boolean(),
  payment_date: z.string().nullable(),
  gateway_order_id: z.string().nullable(),
  created_at: z.string(),
  products: z.array(orderProductLine),
  number: z.string().optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  total_price: z.number().optional(),
  placement_type: z.enum(PLACEMENT_TYPES).optional(),
  comment: z.string().nullable().optional(),
  payment_url: z.string().nullable().optional(),
  /**
   * Podbor adds (issue #17): the vehicle the order was placed for, so the customer can keep it in the garage;
   * null when the order named none. `in_garage`: the customer's garage holds this transport already.
   */
  vehicle: orderVehicle.nullable().optional(),
  /** Podbor adds (issue #17): when its transfer from another branch is ready for pickup, while the order is open. */
  ...orderPickupFields,
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponse>;
