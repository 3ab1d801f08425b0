import { z } from 'zod';
import { optionalQuery, pageQuery, paginated, positiveIntString } from './common';
import { CALLBACK_MINUTES, FEEDBACK_TYPES, ORDER_STATUSES } from './constants';
import { maxLengthMessage } from './messages';
import { requiredString } from './rules';

// Back office (issue #14): the callback desk, review moderation and customers (`/api/admin/v1/…`).

export const adminIdParams = z.object({ id: positiveIntString });
export type AdminIdParams = z.infer<typeof adminIdParams>;

/** A staff member as the desks name them (who took a request, who blocked a customer). */
export const staffRef = z.object({ id: z.number().int(), name: z.string() });
export type StaffRef = z.infer<typeof staffRef>;

// ---- callback desk ----

/** The storefront promises a call back within this many minutes (SPEC §2, the help modal). */
export const CALLBACK_DUE_MS = CALLBACK_MINUTES * 60_000;
export const CALLBACK_NOTE_MAX_LENGTH = 2000;
export const CALLBACKS_PAGE_SIZE = 50;

export const CALLBACK_STATUSES = ['new', 'taken', 'done'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];
export const CALLBACK_STATUS_TITLES: Record<CallbackStatus, string> = {
  new: 'Новая',
  taken: 'В работе',
  done: 'Выполнена',
};
/** `open`: new and taken (oldest first, the desk's queue); `done`; `all`. */
export const CALLBACK_FILTERS = ['open', 'done', 'all'] as const;
export type CallbackFilter = (typeof CALLBACK_FILTERS)[number];
export const FEEDBACK_TYPE_TITLES: Record<(typeof FEEDBACK_TYPES)[number], string> = {
  CONSULTATION: 'Консультация',
  HELP: 'Помощь',
  SPECIAL_OFFER: 'Спецпредложение',
};

export const CALLBACK_MESSAGES = {
  takenBy: (name: string) => `Заявку уже взял(а) ${name}.`,
  alreadyDone: 'Заявка уже выполнена.',
} as const;

export const adminCallbacksQuery = pageQuery(CALLBACKS_PAGE_SIZE, 200).extend({
  status: optionalQuery(z.enum(CALLBACK_FILTERS)).transform((v) => v ?? 'open'),
  type: optionalQuery(z.enum(FEEDBACK_TYPES)),
});
export type AdminCallbacksQuery = z.infer<typeof adminCallbacksQuery>;

export const adminCallback = z.object({
  id: z.number().int(),
  type: z.enum(FEEDBACK_TYPES),
  status: z.enum(CALLBACK_STATUSES),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  /** The storefront page the request was sent from. */
  source: z.string(),
  /** The customer's vehicle as text («Lada Vesta 2018, 1.6»), or null. */
  vehicle: z.string().nullable(),
  /** ISO 8601. */
  created_at: z.string(),
  /** created_at + 17 minutes: the promised call-back time. */
  due_at: z.string(),
  /** Open and past due_at by the server's clock. */
  overdue: z.boolean(),
  taken_by: staffRef.nullable(),
  taken_at: z.string().nullable(),
  done_at: z.string().nullable(),
  note: z.string(),
  /** The server's clock when it answered, for a client clock that may be off. */
  server_time: z.string(),
});
export type AdminCallback = z.infer<typeof adminCallback>;

export const adminCallbacksResponse = paginated(adminCallback).extend({ server_time: z.string() });
export type AdminCallbacksResponse = z.infer<typeof adminCallbacksResponse>;

/** The header badge, polled every second by every staff screen. */
export const adminCallbacksSummary = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  /** The newest request's id (0 when there is none): it changes when a request arrives. */
  latest_id: z.number().int(),
  /** The last change of any request (taken, noted, done; ISO 8601), null when there is none. */
  changed_at: z.string().nullable(),
  server_time: z.string(),
});
export type AdminCallbacksSummary = z.infer<typeof adminCallbacksSummary>;

export const adminCallbackNoteRequest = z.object({
  note: z.string().trim().max(CALLBACK_NOTE_MAX_LENGTH, maxLengthMessage(CALLBACK_NOTE_MAX_LENGTH)),
});
export type AdminCallbackNoteRequest = z.infer<typeof adminCallbackNoteRequest>;

// ---- reviews ----

export const REVIEW_MODERATIONS = ['new', 'published', 'hidden'] as const;
export type ReviewModeration = (typeof REVIEW_MODERATIONS)[number];
export const REVIEW_MODERATION_TITLES: Record<ReviewModeration, string> = {
  new: 'Новые',
  published: 'Опубликованные',
  hidden: 'Скрытые',
};
export const REVIEW_HIDE_REASON_MAX_LENGTH = 500;
export const REVIEW_REPLY_MAX_LENGTH = 2000;
export const ADMIN_REVIEWS_PAGE_SIZE = 30;

export const adminReviewsQuery = pageQuery(ADMIN_REVIEWS_PAGE_SIZE, 200).extend({
  moderation: optionalQuery(z.enum(REVIEW_MODERATIONS)).transform((v) => v ?? 'new'),
  /** A product's slug. */
  product: optionalQuery(requiredString(200)),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuery>;

export const adminReview = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  author: z.string(),
  grade: z.number().int(),
  comment: z.string().nullable(),
  created_at: z.string(),
  moderation: z.enum(REVIEW_MODERATIONS),
  hidden_reason: z.string(),
  moderated_by: staffRef.nullable(),
  moderated_at: z.string().nullable(),
  reply: z.string().nullable(),
  reply_at: z.string().nullable(),
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsResponse = paginated(adminReview);
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponse>;

export const adminReviewHideRequest = z.object({ reason: requiredString(REVIEW_HIDE_REASON_MAX_LENGTH) });
export type AdminReviewHideRequest = z.infer<typeof adminReviewHideRequest>;

/** Plain text: tags are removed and whitespace runs collapse; empty removes the reply. */
export const adminReviewReplyRequest = z.object({
  text: z
    .string()
    .transform((v) => sanitizePlainText(v))
    .pipe(z.string().max(REVIEW_REPLY_MAX_LENGTH, maxLengthMessage(REVIEW_REPLY_MAX_LENGTH))),
});
export type AdminReviewReplyRequest = z.infer<typeof adminReviewReplyRequest>;

/**
 * Staff text shown on the storefront as plain text: markup and control characters go, line breaks stay (at most
 * one blank line), spaces collapse. React escapes it again when rendering; this keeps stray HTML out of the data.
 */
export function sanitizePlainText(input: string): string {
  return (
    input
      .replace(/<[^>]*>/g, '')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

// ---- customers ----

export const ADMIN_CUSTOMERS_PAGE_SIZE = 30;
export const BLOCK_REASON_MAX_LENGTH = 500;

export const CUSTOMER_MESSAGES = {
  /** A blocked customer's sign-in (and any request of a session opened before the block). */
  blocked: 'Учётная запись заблокирована. Чтобы узнать подробности, позвоните в магазин.',
  notCustomer: 'Это учётная запись сотрудника, а не покупателя.',
  alreadyBlocked: 'Покупатель уже заблокирован.',
  notBlocked: 'Покупатель не заблокирован.',
} as const;

export const adminCustomersQuery = pageQuery(ADMIN_CUSTOMERS_PAGE_SIZE, 200).extend({
  /** Phone in any spelling (a part of it too) or a part of the name. */
  q: optionalQuery(requiredString(100)),
});
export type AdminCustomersQuery = z.infer<typeof adminCustomersQuery>;

export const adminCustomer = z.object({
  id: z.number().int(),
  phone_number: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  date_joined: z.string(),
  /** Confirmed the registration code. */
  is_active: z.boolean(),
  blocked: z.boolean(),
  orders_count: z.number().int(),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;
export const adminCustomersResponse = paginated(adminCustomer);
export type AdminCustomersResponse = z.infer<typeof adminCustomersResponse>;

export const adminCustomerOrder = z.object({
  id: z.number().int(),
  number: z.string(),
  created_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  total_price: z.number(),
  is_paid: z.boolean(),
  branch: z.object({ id: z.number().int(), title: z.string() }),
});
export type AdminCustomerOrder = z.infer<typeof adminCustomerOrder>;

export const adminCustomerDetail = adminCustomer.extend({
  last_name: z.string(),
  first_name: z.string(),
  patronymic: z.string(),
  last_login: z.string().nullable(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string(),
  blocked_by: staffRef.nullable(),
  /** Newest first; a manager tied to branches sees only their branches' orders. */
  orders: z.array(adminCustomerOrder),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetail>;

export const adminCustomerBlockRequest = z.object({ reason: requiredString(BLOCK_REASON_MAX_LENGTH) });
export type AdminCustomerBlockRequest = z.infer<typeof adminCustomerBlockRequest>;
