import type { FastifyBaseLogger } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUTH_MESSAGES, CUSTOMER_MESSAGES, MESSAGES, type TokenPair } from '@podbor/contract';
import type { CodeLimits } from '../../config';
import type { Db } from '../../db/client';
import type { Gateways } from '../../lib/gateways/gateways';
import { cityDirectory } from '../../lib/catalog/city.directory';
import { HttpError, throttled } from '../../lib/http-error';
import {
  checkCode,
  CODE_RESEND_SEC,
  CODE_TTL_SEC,
  countCodeFailure,
  createCode,
  takeCheckSlot,
  takeSendSlot,
  useVerifiedCode,
  type CodeCheck,
} from '../../lib/one-time-codes';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limit';
import { endSession, revokeAllSessions, rotateSession, startSession } from '../../lib/sessions';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { tokenNotValid } from '../../plugins/auth-context';
import {
  activateUser,
  createVisitor,
  existingTransportId,
  findUserByPhone,
  insertPendingUser,
  setPassword,
  updatePendingPassword,
} from './auth.repository';
import { mergeVisitorCart } from '../cart/cart.service';

export interface AuthEnv {
  db: Db;
  secret: string;
  limiter: RateLimiter;
  gateways: Gateways;
  log: FastifyBaseLogger;
  codeLimits: CodeLimits;
  /** Grace window of the refresh token just replaced (config REFRESH_REUSE_GRACE_SECONDS). */
  refreshGraceSec: number;
  /** Sessions that only ever refreshed with their first token may keep doing so (REFRESH_FIRST_TOKEN_REUSE). */
  refreshFirstTokenReuse: boolean;
}

/** A new not-authorized visitor token (opaque, stored hashed); it owns an anonymous cart. */
export async function issueVisitorToken(db: Db): Promise<string> {
  const token = newOpaqueToken();
  await createVisitor(db, hashToken(token));
  return token;
}

/** The next token pair of a session; a spent refresh token presented again ends the session (logged). */
export async function refreshSession(
  env: AuthEnv,
  refresh: string,
  log: FastifyBaseLogger,
): Promise<TokenPair> {
  const result = await rotateSession(env.db, env.secret, refresh, {
    graceSec: env.refreshGraceSec,
    firstTokenReuse: env.refreshFirstTokenReuse,
  });
  if (!result.ok) {
    if (result.reason === 'reused')
      log.warn({ event: 'refresh_token_reuse' }, 'spent refresh token presented again: session revoked');
    throw tokenNotValid();
  }
  return result.tokens;
}

/** Logout: the refresh token's whole session is revoked; a token that is not ours is a 401. */
export async function logout(env: AuthEnv, refresh: string): Promise<{ status: string }> {
  if (!(await endSession(env.db, env.secret, refresh))) throw tokenNotValid();
  return { status: AUTH_MESSAGES.loggedOut };
}

/*
 * Login throttling (OWASP ASVS 5.0, authentication chapter: slow down guessing without letting anyone lock the
 * owner out). Every limit is a time window, so nobody is locked out for good:
 * - one phone from one address: 5 tries per 15 minutes and 20 a day whatever the pauses (a slow script backs
 *   off to a day's wait); a successful sign-in from there clears both;
 * - one address over all phones: 100 tries per 15 minutes (generous for shared addresses; bounds argon2 work);
 * - one phone from addresses that never signed in to it: 20 tries per 15 minutes and 100 a day. This is the
 *   "under attack" threshold: it slows a spread-out attack (at most 100 guesses a day instead of 1 920) while
 *   the owner, at an address they signed in from within 30 days, is not counted or stopped by it.
 * Counting happens before the password is checked, so parallel requests cannot slip past a limit.
 */
export const LOGIN_PER_PHONE_IP = { limit: 5, windowSec: 15 * 60 };
export const LOGIN_PER_PHONE_IP_DAY = { limit: 20, windowSec: 24 * 3600 };
export const LOGIN_PER_IP = { limit: 100, windowSec: 15 * 60 };
export const LOGIN_PER_PHONE = { limit: 20, windowSec: 15 * 60 };
export const LOGIN_PER_PHONE_DAY = { limit: 100, windowSec: 24 * 3600 };
/** How long an address that signed in to an account counts as the owner's. */
export const KNOWN_ADDRESS_SEC = 30 * 24 * 3600;

const pairKeys = (phone: string, ip: string) =>
  [`login:phone-ip:${phone}:${ip}`, `login:phone-ip-day:${phone}:${ip}`] as const;
const knownKey = (phone: string, ip: string) => `login:known:${phone}:${ip}`;

/** Remembers the address of a proven sign-in (password, code or reset call) and clears its failures. */
export async function rememberAddress(limiter: RateLimiter, phone: string, ip: string): Promise<void> {
  await Promise.all(pairKeys(phone, ip).map((key) => limiter.reset(key)));
  // Reset first so each sign-in starts the 30 days afresh (windows are fixed from their first hit).
  await limiter.reset(knownKey(phone, ip));
  await limiter.hit(knownKey(phone, ip), 1, KNOWN_ADDRESS_SEC);
}

/** Counts one login try against every rule that applies, or throws 429 saying when to try again. */
export async function takeLoginSlot(limiter: RateLimiter, phone: string, ip: string): Promise<void> {
  const [pair, pairDay] = pairKeys(phone, ip);
  const rules: [string, { limit: number; windowSec: number }][] = [
    [`login:ip:${ip}`, LOGIN_PER_IP],
    [pair, LOGIN_PER_PHONE_IP],
    [pairDay, LOGIN_PER_PHONE_IP_DAY],
  ];
  // The key depends on the phone and address only, so it answers alike for phones without an account.
  if ((await limiter.peek(knownKey(phone, ip))).count === 0) {
    rules.push([`login:phone:${phone}`, LOGIN_PER_PHONE], [`login:phone-day:${phone}`, LOGIN_PER_PHONE_DAY]);
  }
  // In order, stopping at the first refusal: a refused try does not eat into the longer windows.
  for (const [key, rule] of rules) {
    const decision = await limiter.hit(key, rule.limit, rule.windowSec);
    if (!decision.allowed) throw throttled(decision.retryAfterSec, AUTH_MESSAGES.loginThrottled);
  }
}

const badRequest = (errors: Record<string, string[] | string>) => new HttpError(400, { errors });

/**
 * Queues a message (lib/gateways/messages.ts: a `send` job, which the job engine sends and retries; no provider is
 * waited for). Awaited where it may be, so the job is written before the answer goes out: a customer told «код
 * отправлен» has a job that outlives this process. Queuing that fails is logged and does not fail the request
 * (the customer can ask for the code again).
 */
async function dispatch(env: AuthEnv, what: string, send: () => Promise<void>): Promise<void> {
  await send().catch((err: unknown) => env.log.error({ err, what }, 'message could not be queued'));
}

function problemMessage(problem: 'common' | 'phone'): string {
  return problem === 'common' ? AUTH_MESSAGES.passwordCommon : AUTH_MESSAGES.passwordContainsPhone;
}

function codeFailure(check: Exclude<CodeCheck, { ok: true }>): string {
  // `none` (no code pending) reads like a wrong code: it must not tell whether a code was ever sent.
  if (check.reason === 'attempts') return AUTH_MESSAGES.codeAttemptsExceeded;
  if (check.reason === 'expired') return AUTH_MESSAGES.codeExpired;
  return AUTH_MESSAGES.codeInvalid;
}

async function signIn(
  env: AuthEnv,
  user: { id: number; role: string },
  visitorToken: string | null,
): Promise<TokenPair> {
  const tokens = await startSession(env.db, env.secret, user);
  await mergeVisitorCart(env.db, visitorToken, user.id);
  return tokens;
}

export async function login(
  env: AuthEnv,
  input: { phone: string; password: string; ip: string; visitorToken: string | null },
): Promise<TokenPair> {
  await takeLoginSlot(env.limiter, input.phone, input.ip);
  const user = await findUserByPhone(env.db, input.phone);
  // Runs argon2 even without an account, so an unknown phone answers as slowly as a wrong password.
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw badRequest({ detail: AUTH_MESSAGES.invalidCredentials });
  if (!user.isActive) throw badRequest({ detail: AUTH_MESSAGES.accountInactive });
  if (user.blocked) throw badRequest({ detail: CUSTOMER_MESSAGES.blocked });
  await rememberAddress(env.limiter, input.phone, input.ip);
  return signIn(env, user, input.visitorToken);
}

/**
 * Registration answers the same whether or not the phone has an account: an unknown or unconfirmed phone gets
 * a code, a confirmed one gets a notice instead (no code). Both hash the password and store a code.
 */
export async function register(
  env: AuthEnv,
  input: {
    phone: string;
    password: string;
    ip: string;
    consent?: boolean;
    /** The city (X-City slug) and vehicle chosen in the header, for the new profile. */
    citySlug?: string;
    transport?: number;
  },
): Promise<{ status: string; code_time_to_live: number }> {
  const problem = passwordProblem(input.password, input.phone);
  if (problem) throw badRequest({ password: [problemMessage(problem)] });
  await takeSendSlot(env.limiter, env.codeLimits, { purpose: 'register', target: input.phone, ip: input.ip });
  const passwordHash = await hashPassword(input.password);
  let user = await findUserByPhone(env.db, input.phone);
  const { code } = await createCode(env.db, env.secret, {
    purpose: 'register',
    target: input.phone,
    ip: input.ip,
  });
  const profile = {
    cityId: input.citySlug
      ? ((await cityDirectory(env.db).get()).bySlug.get(input.citySlug)?.id ?? null)
      : null,
    transportId: await existingTransportId(env.db, input.transport),
    personalDataConsentAt: input.consent ? new Date() : null,
  };
  if (!user) {
    const id = await insertPendingUser(env.db, input.phone, passwordHash, profile);
    if (id === undefined) user = await findUserByPhone(env.db, input.phone);
  } else if (!user.isActive) {
    await updatePendingPassword(env.db, user.id, passwordHash, profile);
  }
  if (user?.isActive) {
    await dispatch(env, 'register-notice', () =>
      env.gateways.sms.send({
        to: input.phone,
        purpose: 'register',
        text: 'Подбор: этот номер уже зарегистрирован. Если вы забыли пароль, воспользуйтесь восстановлением пароля.',
      }),
    );
  } else {
    await dispatch(env, 'register-code', () =>
      env.gateways.sms.send({
        to: input.phone,
        purpose: 'register',
        code,
        text: `Подбор: код подтверждения ${code}`,
      }),
    );
  }
  return { status: AUTH_MESSAGES.registered, code_time_to_live: CODE_RESEND_SEC };
}

export async function resendRegistrationCode(
  env: AuthEnv,
  input: { phone: string; ip: string },
): Promise<{ status: string; code_time_to_live: number }> {
  await takeSendSlot(env.limiter, env.codeLimits, { purpose: 'register', target: input.phone, ip: input.ip });
  const user = await findUserByPhone(env.db, input.phone);
  const { code } = await createCode(env.db, env.secret, {
    purpose: 'register',
    target: input.phone,
    ip: input.ip,
  });
  if (user && !user.isActive) {
    // Not awaited, as the reset call below: only pending accounts get one, and the answer must not time it.
    void dispatch(env, 'register-code', () =>
      env.gateways.sms.send({
        to: input.phone,
        purpose: 'register',
        code,
        text: `Подбор: код подтверждения ${code}`,
      }),
    );
  }
  return { status: MESSAGES.codeSent, code_time_to_live: CODE_RESEND_SEC };
}

export async function verifyRegistration(
  env: AuthEnv,
  input: { phone: string; code: string; ip: string; visitorToken: string | null },
): Promise<{ status: string } & TokenPair> {
  await takeCheckSlot(env.limiter, env.codeLimits, { ip: input.ip, target: input.phone });
  const check = await checkCode(env.db, env.secret, {
    purpose: 'register',
    target: input.phone,
    code: input.code,
    mode: 'use',
  });
  await countCodeFailure(env.limiter, env.codeLimits, input.phone, check);
  if (!check.ok) throw badRequest({ non_field_errors: [codeFailure(check)] });
  const user = await findUserByPhone(env.db, input.phone);
  // A confirmed account's registration codes are never sent, so a match there was a guess: no sign-in.
  if (!user || user.isActive) throw badRequest({ non_field_errors: [AUTH_MESSAGES.codeInvalid] });
  await activateUser(env.db, user.id);
  await rememberAddress(env.limiter, input.phone, input.ip);
  const tokens = await signIn(env, user, input.visitorToken);
  return { status: AUTH_MESSAGES.verified, ...tokens };
}

/** Reset by call: the customer types the last 4 digits of the calling number. Same answer for any phone. */
export async function requestPasswordReset(
  env: AuthEnv,
  input: { phone: string; ip: string },
): Promise<{ status: string; code_time_to_live: number }> {
  await takeSendSlot(env.limiter, env.codeLimits, {
    purpose: 'reset_call',
    target: input.phone,
    ip: input.ip,
  });
  const user = await findUserByPhone(env.db, input.phone);
  const { id: codeId, code } = await createCode(env.db, env.secret, {
    purpose: 'reset_call',
    target: input.phone,
    ip: input.ip,
  });
  // Not awaited: the answer must take as long whether the phone has an account or not (queuing is a write).
  if (user)
    void dispatch(env, 'reset-call', () =>
      env.gateways.calls.call({ to: input.phone, code, codeId, ip: input.ip }),
    );
  return { status: AUTH_MESSAGES.resetRequested, code_time_to_live: CODE_TTL_SEC };
}

async function signResetKey(secret: string, codeId: number, phone: string): Promise<string> {
  return new SignJWT({ typ: 'reset', cid: codeId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(phone)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CODE_TTL_SEC)
    .sign(new TextEncoder().encode(secret));
}

async function readResetKey(secret: string, key: string): Promise<{ codeId: number; phone: string } | null> {
  try {
    const { payload } = await jwtVerify(key, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    if (payload.typ !== 'reset' || typeof payload.cid !== 'number' || !payload.sub) return null;
    return { codeId: payload.cid, phone: payload.sub };
  } catch (e) {
    if (e instanceof joseErrors.JOSEError) return null;
    throw e;
  }
}

export async function verifyPasswordReset(
  env: AuthEnv,
  input: { phone: string; code: string; ip: string },
): Promise<{ secret_key: string }> {
  await takeCheckSlot(env.limiter, env.codeLimits, { ip: input.ip, target: input.phone });
  const check = await checkCode(env.db, env.secret, {
    purpose: 'reset_call',
    target: input.phone,
    code: input.code,
    mode: 'verify',
  });
  await countCodeFailure(env.limiter, env.codeLimits, input.phone, check);
  if (!check.ok) throw badRequest({ detail: codeFailure(check) });
  return { secret_key: await signResetKey(env.secret, check.id, input.phone) };
}

/**
 * Sets the new password once per verified code. `secret_key` is the key from reset-verify or, as older clients
 * send it, the verified code itself (then each wrong value counts as a try of that code).
 */
export async function completePasswordReset(
  env: AuthEnv,
  input: { phone: string; secretKey: string; password: string; ip: string },
): Promise<{ detail: string }> {
  await takeCheckSlot(env.limiter, env.codeLimits, { ip: input.ip, target: input.phone });
  const problem = passwordProblem(input.password, input.phone);
  if (problem) throw badRequest({ password: [problemMessage(problem)] });
  const invalid = () => badRequest({ non_field_errors: [AUTH_MESSAGES.secretInvalid] });
  const user = await findUserByPhone(env.db, input.phone);
  const passwordHash = await hashPassword(input.password);
  let spent = false;
  if (/^\d{4}$/.test(input.secretKey)) {
    const check = await checkCode(env.db, env.secret, {
      purpose: 'reset_call',
      target: input.phone,
      code: input.secretKey,
      mode: 'use',
      verified: true,
    });
    await countCodeFailure(env.limiter, env.codeLimits, input.phone, check);
    spent = check.ok;
  } else {
    const key = await readResetKey(env.secret, input.secretKey);
    if (key && key.phone === input.phone) {
      spent = await useVerifiedCode(env.db, { id: key.codeId, purpose: 'reset_call', target: input.phone });
    }
  }
  if (!spent || !user) throw invalid();
  // The call reached this phone, which proves it: an unconfirmed registration becomes active too.
  await replacePassword(env.db, user.id, passwordHash, 'password_reset');
  // The call proved the phone from here: the owner signs in from this address even while it is under attack.
  await rememberAddress(env.limiter, input.phone, input.ip);
  return { detail: MESSAGES.passwordChanged };
}

/**
 * Sets a new password and ends every session of the account but `keepSessionId` (the one that changed it). After a reset by call the phone is proven, so an
 * unconfirmed registration becomes active too.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  reason: 'password_change' | 'password_reset',
  keepSessionId?: string,
): Promise<void> {
  await setPassword(db, userId, passwordHash, reason === 'password_reset');
  await revokeAllSessions(db, userId, reason, keepSessionId);
}
