import { z } from 'zod';
import { tokenPair } from './auth';
import { optionalQuery, pageQuery, paginated, positiveIntString } from './common';
import { ORDER_NUMBER_LENGTH, ORDER_STATUSES } from './constants';
import { MESSAGES } from './messages';
import { baseString, currentPasswordField, phoneField, requiredString } from './rules';

// Back-office calls (`/api/admin/v1/…`, ARCHITECTURE §2), for shop staff (users.role manager or admin).

/** Longest reason staff may give for releasing an order; it goes to the audit log. */
export const RELEASE_REASON_MAX_LENGTH = 500;

export const adminOrderNumberParams = z.object({
  number: z.string().regex(new RegExp(`^[1-9][0-9]{${ORDER_NUMBER_LENGTH - 1}}$`), 'Номер заказа — 9 цифр'),
});
export type AdminOrderNumberParams = z.infer<typeof adminOrderNumberParams>;

export const orderReleaseRequest = z.object({
  /** Why the hold is released (the customer called, a hoarding order, …): kept in the audit log. */
  reason: requiredString(RELEASE_REASON_MAX_LENGTH),
});
export type OrderReleaseRequest = z.infer<typeof orderReleaseRequest>;

export const orderReleaseResponse = z.object({
  id: z.number().int(),
  number: z.string(),
  /** Always `cancelled` after a release. */
  status: z.enum(ORDER_STATUSES),
  /** Units given back to the available stock. */
  released_units: z.number().int(),
});
export type OrderReleaseResponse = z.infer<typeof orderReleaseResponse>;

// ---- staff sign-in (issue #14) ----

/** Roles of shop staff (users.role); `customer` is everyone else. */
export const STAFF_ROLES = ['manager', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_TITLES: Record<StaffRole, string> = { manager: 'Менеджер', admin: 'Администратор' };

/** Digits of an authenticator app's code (RFC 6238 TOTP, 30-second steps). */
export const TOTP_DIGITS = 6;

export const STAFF_MESSAGES = {
  /** One answer for a wrong phone, password or code: it must not tell which one was wrong. */
  invalidCredentials: 'Неверный номер телефона, пароль или код из приложения.',
  /** A staff account that `npm run staff` has not enrolled in the authenticator app yet. */
  notEnrolled: 'Вход в панель управления не настроен для этого сотрудника. Обратитесь к администратору.',
  codeFormat: `Введите ${TOTP_DIGITS} цифр из приложения-аутентификатора`,
  /** A staff account's storefront session (password alone) on a back-office call. */
  secondFactorRequired: 'Войдите в панель управления с кодом из приложения-аутентификатора.',
} as const;

export const staffLoginRequest = z.object({
  phone_number: phoneField,
  password: currentPasswordField,
  /** The authenticator app's current code. */
  code: baseString()
    .trim()
    .min(1, { error: MESSAGES.required, abort: true })
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), STAFF_MESSAGES.codeFormat),
});
export type StaffLoginRequest = z.infer<typeof staffLoginRequest>;

export const staffMember = z.object({
  id: z.number().int(),
  phone_number: z.string().nullable(),
  /** «Фамилия Имя», or the phone when the account has no name. */
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** A manager's branches; empty: every branch (and always empty for an admin). */
  branch_ids: z.array(z.number().int()),
});
export type StaffMember = z.infer<typeof staffMember>;

/** A back-office session (its tokens, as a sign-in gives them) and who opened it. */
export const staffLoginResponse = tokenPair.extend({ staff: staffMember });
export type StaffLoginResponse = z.infer<typeof staffLoginResponse>;

// ---- audit log ----

export const AUDIT_PAGE_SIZE = 50;

export const auditListQuery = pageQuery(AUDIT_PAGE_SIZE, 200).extend({
  /** `order`, `user`, … */
  entity: optionalQuery(requiredString(50)),
  entity_id: optionalQuery(requiredString(50)),
  user_id: optionalQuery(positiveIntString),
  /** Prefix of `<entity>.<verb>`: `order.` for every order action. */
  action: optionalQuery(requiredString(100)),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  /** Who did it; null for the shop itself (timers) or a deleted account. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  /** What changed: reason, status before → after, quantities… */
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListResponse = paginated(auditEntry);
export type AuditListResponse = z.infer<typeof auditListResponse>;
