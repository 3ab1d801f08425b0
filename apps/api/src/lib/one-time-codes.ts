import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, CODE_LENGTH, RESEND_CODE_SECONDS } from '@podbor/contract';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import type { CodeLimits } from '../config';
import { throttled } from './http-error';
import type { CodePurpose } from './gateways/gateways';
import type { RateLimiter } from './rate-limit';

// One-time codes (ARCHITECTURE §2): 4 digits, hashed at rest, 10 minutes, single use, at most 5 wrong tries,
// resend not before 59 s, at most 5 sends per recipient an hour. On top of those (issue #12): a generous
// per-address budget per kind of code, a shop-wide hourly cap on texts and calls, and a per-recipient cap on
// wrong codes per day and per week (config CodeLimits).
//
// Why the wrong-code cap: a 4-digit code has 10 000 values. With only the per-code limit (5 tries) and 5
// sends an hour, a sustained attack on one phone's reset could make 25 guesses an hour (5 codes × 5 tries),
// 3 600 codes in 30 days: 1 − (1 − 5/10 000)^3 600 ≈ 83 % success. With at most 10 wrong codes a day and 20 a
// week (the defaults), 30 days hold at most 5 weekly windows × 20 = 100 wrong guesses, i.e. 20 codes of 5
// tries: 1 − (1 − 5/10 000)^20 ≈ 1.0 %, and every code needs a call to the victim's phone, which they notice.

export const CODE_TTL_SEC = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SEC = RESEND_CODE_SECONDS;
export const CODE_SENDS_PER_TARGET = { limit: 5, windowSec: 3600 };
/**
 * Code checks from one address over all recipients: the per-code limit stops guessing one code, this stops
 * spreading 5 guesses over the pending codes of many phones.
 */
export const CODE_CHECKS_PER_IP = { limit: 30, windowSec: 15 * 60 };
const DAY_SEC = 24 * 3600;
const WEEK_SEC = 7 * DAY_SEC;

/** The paid channel of a kind of code, for the shop-wide caps; e-mail costs nothing and has none. */
const CHANNEL: Partial<Record<CodePurpose, 'sms' | 'call'>> = { register: 'sms', reset_call: 'call' };

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

/**
 * Keyed hash: a plain SHA-256 of a 4-digit code would fall to 10 000 guesses if the table leaked; with the
 * server secret in the key and the target and purpose in the message it cannot be reversed without the secret.
 */
export function hashCode(secret: string, purpose: CodePurpose, target: string, code: string): string {
  return createHmac('sha256', secret).update(`code:${purpose}:${target}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

// Clients show the first non-field error of a failed resend (SPEC §4), others read `detail`: both carry it.
const refuseSend = (retryAfterSec: number, message: (waitSec: number) => string) =>
  throttled(retryAfterSec, message, { nonFieldErrors: true });

const failureKeys = (target: string) => [`code:fail:day:${target}`, `code:fail:week:${target}`] as const;

/**
 * 429 while the recipient has had too many wrong codes: its codes are then neither checked nor sent until the
 * longer of the two windows that is full ends.
 */
async function refuseWhileLocked(limiter: RateLimiter, limits: CodeLimits, target: string): Promise<void> {
  const [dayKey, weekKey] = failureKeys(target);
  const [day, week] = await Promise.all([limiter.peek(dayKey), limiter.peek(weekKey)]);
  const waits = [
    day.count >= limits.failuresPerPhonePerDay ? day.retryAfterSec : 0,
    week.count >= limits.failuresPerPhonePerWeek ? week.retryAfterSec : 0,
  ];
  const wait = Math.max(...waits);
  if (wait > 0) throw refuseSend(wait, AUTH_MESSAGES.codeChecksLocked);
}

/**
 * Counts one send for the recipient, the caller's address and the shop, or throws 429 with Retry-After and a
 * text saying when. Keys depend only on the recipient, never on whether an account exists, so the limits
 * reveal nothing; the shop-wide cap is counted before anyone looks for the account for the same reason.
 */
export async function takeSendSlot(
  limiter: RateLimiter,
  limits: CodeLimits,
  opts: { purpose: CodePurpose; target: string; ip: string },
): Promise<void> {
  await refuseWhileLocked(limiter, limits, opts.target);
  const spacing = await limiter.hit(`code:spacing:${opts.purpose}:${opts.target}`, 1, CODE_RESEND_SEC);
  if (!spacing.allowed) throw refuseSend(spacing.retryAfterSec, AUTH_MESSAGES.codeResendTooEarly);
  const perTarget = await limiter.hit(
    `code:target:${opts.target}`,
    CODE_SENDS_PER_TARGET.limit,
    CODE_SENDS_PER_TARGET.windowSec,
  );
  if (!perTarget.allowed) throw refuseSend(perTarget.retryAfterSec, AUTH_MESSAGES.codeSendLimit);
  const perIp = await limiter.hit(`code:ip:${opts.purpose}:${opts.ip}`, limits.sendsPerIpPerHour, 3600);
  if (!perIp.allowed) throw refuseSend(perIp.retryAfterSec, AUTH_MESSAGES.codeSendLimit);
  // Last, so requests the other limits refuse do not use up everyone's allowance.
  const channel = CHANNEL[opts.purpose];
  const cap = channel === 'sms' ? limits.smsPerHour : channel === 'call' ? limits.callsPerHour : 0;
  if (channel && cap > 0) {
    const shop = await limiter.hit(`code:all:${channel}`, cap, 3600);
    if (!shop.allowed) throw refuseSend(shop.retryAfterSec, AUTH_MESSAGES.codeSendsPaused);
  }
}

/**
 * Before a code check: 429 while the recipient is locked by wrong codes, and counts the check against the
 * caller's address.
 */
export async function takeCheckSlot(
  limiter: RateLimiter,
  limits: CodeLimits,
  opts: { ip: string; target: string },
): Promise<void> {
  await refuseWhileLocked(limiter, limits, opts.target);
  const decision = await limiter.hit(
    `code:check:ip:${opts.ip}`,
    CODE_CHECKS_PER_IP.limit,
    CODE_CHECKS_PER_IP.windowSec,
  );
  if (!decision.allowed) throw throttled(decision.retryAfterSec);
}

/**
 * After a code check: a wrong guess at a live code counts against the recipient's day and week. Checks that
 * could not have succeeded (no code pending, expired, tries used up) do not, so nobody can lock a phone they
 * never had a code sent to. Parallel guesses can pass the lock check together, but the per-code limit keeps
 * the overshoot to the tries left on the pending codes.
 */
export async function countCodeFailure(
  limiter: RateLimiter,
  limits: CodeLimits,
  target: string,
  check: CodeCheck,
): Promise<void> {
  if (check.ok || check.reason !== 'invalid') return;
  const [dayKey, weekKey] = failureKeys(target);
  await limiter.hit(dayKey, limits.failuresPerPhonePerDay, DAY_SEC);
  await limiter.hit(weekKey, limits.failuresPerPhonePerWeek, WEEK_SEC);
}

/**
 * Stores a new code for the target and purpose (earlier unused ones stop working) and returns it in clear for
 * the gateway. Callers also store codes they do not send (a phone without an account), so trying codes against
 * such a phone behaves exactly like trying them against a real one.
 */
export async function createCode(
  db: Db,
  secret: string,
  opts: { purpose: CodePurpose; target: string; ip: string },
): Promise<{ id: number; code: string; expiresAt: Date }> {
  const code = generateCode();
  const expiresAt = new Date(Date.now() + CODE_TTL_SEC * 1000);
  return db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(verificationCodes.target, opts.target),
          eq(verificationCodes.purpose, opts.purpose),
          isNull(verificationCodes.usedAt),
        ),
      );
    const [row] = await tx
      .insert(verificationCodes)
      .values({
        target: opts.target,
        purpose: opts.purpose,
        codeHash: hashCode(secret, opts.purpose, opts.target, code),
        expiresAt,
        ip: opts.ip,
      })
      .returning({ id: verificationCodes.id });
    if (!row) throw new Error('verification code insert returned nothing');
    return { id: row.id, code, expiresAt };
  });
}

/**
 * A flash-call provider that picks the calling number itself (SMS.ru) tells us its last digits only when it
 * calls: those digits become the code of that row, if it is still pending (not replaced by a newer code, used or
 * verified). Tries already counted against the row stay counted.
 */
export async function replaceCode(
  db: Db,
  secret: string,
  opts: { id: number; purpose: CodePurpose; target: string; code: string },
): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ codeHash: hashCode(secret, opts.purpose, opts.target, opts.code) })
    .where(
      and(
        eq(verificationCodes.id, opts.id),
        eq(verificationCodes.purpose, opts.purpose),
        eq(verificationCodes.target, opts.target),
        isNull(verificationCodes.usedAt),
        isNull(verificationCodes.verifiedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}

/** `invalid`: a wrong guess at a live code; `none`: no code pending (answered like a wrong code). */
export type CodeCheck =
  { ok: true; id: number } | { ok: false; reason: 'invalid' | 'none' | 'expired' | 'attempts' };

/**
 * Checks a code against the target's newest unused code. Every try is counted first (atomically, so parallel
 * guesses cannot exceed the limit); a match then either consumes the code (`use`) or marks it verified
 * (`verify`, the reset flow's middle step). `verified: true` looks only at codes already verified.
 */
export async function checkCode(
  db: Db,
  secret: string,
  opts: { purpose: CodePurpose; target: string; code: string; mode: 'use' | 'verify'; verified?: boolean },
): Promise<CodeCheck> {
  const [row] = await db
    .select({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      expired: sql`${verificationCodes.expiresAt} <= now()`.mapWith(Boolean),
    })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.target, opts.target),
        eq(verificationCodes.purpose, opts.purpose),
        isNull(verificationCodes.usedAt),
        opts.verified ? isNotNull(verificationCodes.verifiedAt) : undefined,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  if (!row) return { ok: false, reason: 'none' };
  if (row.expired) return { ok: false, reason: 'expired' };
  const counted = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, row.id),
        isNull(verificationCodes.usedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  if (counted.length === 0) return { ok: false, reason: 'attempts' };
  if (!sameHash(row.codeHash, hashCode(secret, opts.purpose, opts.target, opts.code))) {
    return { ok: false, reason: 'invalid' };
  }
  return consume(db, row.id, opts.mode);
}

/** Marks a code used (exactly once, whoever comes first) or verified. */
export async function consume(db: Db, id: number, mode: 'use' | 'verify'): Promise<CodeCheck> {
  const done = await db
    .update(verificationCodes)
    .set(mode === 'use' ? { usedAt: sql`now()` } : { verifiedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.usedAt),
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: verificationCodes.id });
  // Someone else spent it first: no code is pending any more (not a wrong guess).
  return done.length ? { ok: true, id } : { ok: false, reason: 'none' };
}

/** Spends a code already verified (by its id, for this purpose and target) unless expired; false when it was not. */
export async function useVerifiedCode(
  db: Db,
  code: { id: number; purpose: CodePurpose; target: string },
): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.id, code.id),
        eq(verificationCodes.purpose, code.purpose),
        eq(verificationCodes.target, code.target),
        isNull(verificationCodes.usedAt),
        isNotNull(verificationCodes.verifiedAt),
        sql`${verificationCodes.expiresAt} > now()`,
      ),
    )
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}
