import {
  AUTH_MESSAGES,
  INT4_MAX,
  fitOf,
  lineTotal,
  MESSAGES,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type OrderDetailResponse,
  type OrderProductLine,
  type OrderStatus,
  type OrdersQuery,
  type OrdersResponse,
  type ProfilePatchRequest,
  type ProfileResponse,
  type VerifyEmailRequest,
  type VerifyEmailResponse,
} from '@podbor/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CodeLimits } from '../../config';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import type { MailGateway } from '../../lib/gateways/gateways';
import { HttpError, throttled } from '../../lib/http-error';
import {
  checkCode,
  countCodeFailure,
  createCode,
  takeCheckSlot,
  takeSendSlot,
} from '../../lib/one-time-codes';
import { transportDirectory } from '../../lib/catalog/transport.directory';
import { findOrderLines, lineOfferFields, type OrderLineRow } from '../../lib/order-lines';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limit';
import { currentSessionTokens, startSession } from '../../lib/sessions';
import { replacePassword } from '../auth/auth.service';
import {
  findCityId,
  findProfile,
  findOrder,
  listOrders,
  transportExists,
  updateUser,
  type ProfileRow,
} from './profile.repository';

export interface ProfileEnv {
  db: Db;
  secret: string;
  limiter: RateLimiter;
  mail: MailGateway;
  log: FastifyBaseLogger;
  codeLimits: CodeLimits;
}

/** Guessing the current password with a stolen access token is throttled like a login. */
export const PASSWORD_CHANGES_PER_USER = { limit: 5, windowSec: 15 * 60 };

/** The signed-in, still active account (by the access token's user id), or 401. */
export async function currentProfile(env: ProfileEnv, userId: number | undefined): Promise<ProfileRow> {
  const row = userId === undefined ? undefined : await findProfile(env.db, userId);
  if (!row || !row.isActive) throw new HttpError(401, { errors: { detail: MESSAGES.unauthenticated } });
  return row;
}

export function toProfile(row: ProfileRow): ProfileResponse {
  return {
    last_name: row.lastName,
    first_name: row.firstName,
    patronymic: row.patronymic,
    phone_number: row.phoneNumber ?? '',
    date_of_birthday: row.dateOfBirthday,
    email: row.email,
    date_joined: row.dateJoined.toISOString(),
    transport: row.transportId,
    city:
      row.citySlug !== null && row.cityTitle !== null ? { title: row.cityTitle, slug: row.citySlug } : null,
    email_verified: Boolean(row.email) && row.emailVerifiedAt !== null,
    role: row.role,
  };
}

/** E-mail codes are bound to the account and the address: a code for one of them proves nothing for another. */
export const emailCodeTarget = (userId: number, email: string) => `${userId}:${email.trim().toLowerCase()}`;

/**
 * Applies a PATCH and returns the profile as saved. A new (or still unconfirmed) e-mail gets a confirmation code
 * through the mail gateway.
 */
export async function patchProfile(
  env: ProfileEnv,
  current: ProfileRow,
  patch: ProfilePatchRequest,
  ip: string,
): Promise<ProfileRow> {
  const values: Partial<typeof users.$inferInsert> = {};
  const errors: Record<string, string[]> = {};
  if (patch.first_name !== undefined) values.firstName = patch.first_name;
  if (patch.last_name !== undefined) values.lastName = patch.last_name;
  if (patch.patronymic !== undefined) values.patronymic = patch.patronymic;
  if (patch.date_of_birthday !== undefined) values.dateOfBirthday = patch.date_of_birthday;
  if (patch.city !== undefined) {
    if (patch.city === null) values.cityId = null;
    else {
      const cityId = await findCityId(env.db, patch.city);
      if (cityId === undefined) errors.city = [AUTH_MESSAGES.cityNotFound];
      else values.cityId = cityId;
    }
  }
  if (patch.transport !== undefined) {
    if (patch.transport === null) values.transportId = null;
    else if (await transportExists(env.db, patch.transport)) values.transportId = patch.transport;
    else errors.transport = [AUTH_MESSAGES.transportNotFound];
  }
  let sendTo: string | null = null;
  if (patch.email !== undefined) {
    const email = patch.email ?? '';
    const changed = email.toLowerCase() !== current.email.toLowerCase();
    if (changed) {
      values.email = email;
      values.emailVerifiedAt = null;
    }
    if (email && (changed || current.emailVerifiedAt === null)) sendTo = email;
  }
  if (Object.keys(errors).length > 0) throw new HttpError(400, { errors });
  await updateUser(env.db, current.id, values);
  if (sendTo) await sendEmailCode(env, current.id, sendTo, ip);
  return (await findProfile(env.db, current.id)) ?? current;
}

/**
 * Password change: the current password is required; every other session ends, the one that changed it goes on
 * (its tokens stay valid, so a client that ignores the answer's pair stays signed in; the pair is that session's).
 */
export async function changePassword(
  env: ProfileEnv,
  user: ProfileRow,
  sessionId: string | undefined,
  body: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  const rate = await env.limiter.hit(
    `password-change:user:${user.id}`,
    PASSWORD_CHANGES_PER_USER.limit,
    PASSWORD_CHANGES_PER_USER.windowSec,
  );
  if (!rate.allowed) throw throttled(rate.retryAfterSec);
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new HttpError(400, { errors: { current_password: [AUTH_MESSAGES.currentPasswordInvalid] } });
  }
  const problem = passwordProblem(body.password, user.phoneNumber);
  if (problem) {
    const message = problem === 'common' ? AUTH_MESSAGES.passwordCommon : AUTH_MESSAGES.passwordContainsPhone;
    throw new HttpError(400, { errors: { password: [message] } });
  }
  await replacePassword(env.db, user.id, await hashPassword(body.password), 'password_change', sessionId);
  await env.limiter.reset(`password-change:user:${user.id}`);
  const account = { id: user.id, role: user.role };
  // The session ended meanwhile (a logout racing this call): a new one, as the password was just proven.
  const tokens =
    (sessionId ? await currentSessionTokens(env.db, env.secret, account, sessionId) : null) ??
    (await startSession(env.db, env.secret, account));
  return { status: MESSAGES.passwordChanged, ...tokens };
}

/** Confirms the account's current e-mail with the code sent to it. */
export async function verifyEmail(
  env: ProfileEnv,
  user: ProfileRow,
  body: VerifyEmailRequest,
  ip: string,
): Promise<VerifyEmailResponse> {
  const target = emailCodeTarget(user.id, user.email || body.email);
  await takeCheckSlot(env.limiter, env.codeLimits, { ip, target });
  const invalid = (message: string = AUTH_MESSAGES.emailCodeInvalid) =>
    new HttpError(400, { errors: { code: [message] } });
  if (!user.email || body.email.toLowerCase() !== user.email.toLowerCase()) throw invalid();
  const check = await checkCode(env.db, env.secret, {
    purpose: 'email',
    target,
    code: body.code,
    mode: 'use',
  });
  await countCodeFailure(env.limiter, env.codeLimits, target, check);
  if (!check.ok) {
    throw invalid(
      check.reason === 'attempts' ? AUTH_MESSAGES.codeAttemptsExceeded : AUTH_MESSAGES.emailCodeInvalid,
    );
  }
  await markEmailVerified(env, user.id);
  return { status: AUTH_MESSAGES.emailVerifiedStatus, details: AUTH_MESSAGES.emailVerified };
}

async function sendEmailCode(env: ProfileEnv, userId: number, email: string, ip: string): Promise<void> {
  try {
    await takeSendSlot(env.limiter, env.codeLimits, { purpose: 'email', target: email.toLowerCase(), ip });
  } catch (err) {
    // The profile is saved either way; a throttled address just gets no new code now (the one sent
    // less than a minute ago still works).
    if (err instanceof HttpError && err.statusCode === 429) {
      env.log.info({ event: 'email_code_throttled' }, 'e-mail code not sent: too soon or too many');
      return;
    }
    throw err;
  }
  const { code } = await createCode(env.db, env.secret, {
    purpose: 'email',
    target: emailCodeTarget(userId, email),
    ip,
  });
  void env.mail
    .send({
      to: email,
      purpose: 'email',
      code,
      subject: 'Подтверждение адреса электронной почты',
      text: `Ваш код подтверждения: ${code}. Код действует 10 минут. Если вы не указывали этот адрес на сайте, просто удалите письмо.`,
    })
    .catch((err: unknown) => env.log.error({ err }, 'mail gateway failed to send'));
}

export async function markEmailVerified(env: ProfileEnv, userId: number): Promise<void> {
  await updateUser(env.db, userId, { emailVerifiedAt: new Date() });
}

/** Date-only filters are days of Moscow time (UTC+3, no DST), the shop's calendar; full date-times are exact. */
const MSK = '+03:00';
function dayStart(value: string): Date {
  return new Date(`${value}T00:00:00${MSK}`);
}
const isDateOnly = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

export async function orderHistory(env: ProfileEnv, userId: number, q: OrdersQuery): Promise<OrdersResponse> {
  const after = q.created_after
    ? isDateOnly(q.created_after)
      ? dayStart(q.created_after)
      : new Date(q.created_after)
    : undefined;
  const before = q.created_before
    ? isDateOnly(q.created_before)
      ? new Date(dayStart(q.created_before).getTime() + 24 * 3600 * 1000)
      : new Date(new Date(q.created_before).getTime() + 1)
    : undefined;
  let number: string | undefined;
  let id: number | undefined;
  if (q.search) {
    number = q.search.replace(/\D/g, '');
    // Order numbers and ids are digits only: a search without digits finds nothing.
    if (!number) return { current: q.page, pages: 0, total: 0, results: [] };
    // The digits may also be an order's id (what older clients show): matched exactly, never as a fragment.
    const asId = number.length <= 10 ? Number(number) : NaN;
    if (asId > 0 && asId <= INT4_MAX) id = asId;
  }
  const { total, rows } = await listOrders(env.db, {
    userId,
    after,
    before,
    number,
    id,
    ascending: q.ordering === 'created_at',
    page: q.page,
    size: q.size,
  });
  // The lines of the whole page in one query (not one per order), grouped back by order.
  const lines = new Map<number, OrderProductLine[]>();
  for (const item of await findOrderLines(
    env.db,
    rows.map((r) => r.id),
  )) {
    const list = lines.get(item.orderId);
    if (list) list.push(toOrderLine(item));
    else lines.set(item.orderId, [toOrderLine(item)]);
  }
  return {
    current: q.page,
    pages: Math.ceil(total / q.size),
    total,
    results: rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      total_price: Number(r.totalPrice),
      number: r.number,
      status: r.status,
      is_paid: r.isPaid,
      products_count: r.productsCount,
      products: lines.get(r.id) ?? [],
      pickup_ready_at: pickupReadyAt(r),
    })),
  };
}

export async function orderDetail(
  env: ProfileEnv,
  userId: number,
  orderId: number,
): Promise<OrderDetailResponse | undefined> {
  const found = await findOrder(env.db, userId, orderId);
  if (!found) return undefined;
  const { order, items, payment } = found;
  return {
    id: order.id,
    showcase: order.showcase ?? '',
    payment_type: order.paymentType,
    branch_office: order.branchStreet ? `${order.branchTitle}, ${order.branchStreet}` : order.branchTitle,
    is_paid: order.isPaid,
    payment_date: order.paidAt ? order.paidAt.toISOString() : null,
    gateway_order_id: payment?.externalId ?? null,
    created_at: order.createdAt.toISOString(),
    number: order.number,
    status: order.status,
    total_price: Number(order.totalPrice),
    placement_type: order.placementType,
    comment: order.comment || null,
    payment_url: !order.isPaid && payment?.status === 'pending' ? (payment.confirmationUrl ?? null) : null,
    products: items.map(toOrderLine),
    vehicle: await orderVehicle(env.db, order.transportId, order.inGarage),
    pickup_ready_at: pickupReadyAt(order),
  };
}

/** The order's vehicle with its SPEC §3 text; null when it named none or the catalogue no longer has it. */
async function orderVehicle(db: Db, transportId: number | null, inGarage: boolean) {
  if (transportId === null) return null;
  const t = (await transportDirectory(db).get()).byId.get(transportId);
  return t ? { transport: transportId, label: t.label, in_garage: Boolean(inGarage) } : null;
}

/** The stored transfer moment while the order is still to be picked up (issue #17); null once that is over. */
function pickupReadyAt(order: { status: OrderStatus; pickupReadyAt: Date | null }): string | null {
  const open = order.status !== 'ready' && order.status !== 'completed' && order.status !== 'cancelled';
  return open ? (order.pickupReadyAt?.toISOString() ?? null) : null;
}

/** An order line as the order detail and the order history show it. */
function toOrderLine(i: OrderLineRow): OrderProductLine {
  const price = Number(i.price);
  const installation = i.withInstallation ? Number(i.installationPrice) : 0;
  return {
    id: i.id,
    title: i.title,
    vendor_code: i.vendorCode,
    price,
    quantity: i.quantity,
    is_service: i.isService,
    product: { slug: i.slug, categories: [i.categoryPath] },
    with_installation: i.withInstallation,
    installation_price: i.withInstallation ? Number(i.installationPrice) : null,
    total_price: lineTotal(price, installation, i.quantity),
    image: i.images[0] ?? null,
    ...lineOfferFields(i),
    fit: fitOf({ isUniversal: i.isUniversal, isService: i.isService, linked: i.linked }),
  };
}
