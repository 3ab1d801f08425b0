import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_MESSAGES, CODE_LENGTH, RESEND_CODE_SECONDS } from '@podbor/contract';
import type { Db } from '../db/client';
import { verificationCodes } from '../db/schema';
import { HttpError, throttled } from './http-error';
import type { CodePurpose } from './gateways/gateways';
import type { RateLimiter } from './rate-limit';

// One-time codes (ARCHITECTURE §2): 4 digits, hashed at rest, 10 minutes, single use, at most 5 wrong tries,
// resend not before 59 s, at most 5 sends per recipient and per address an hour.

export const CODE_TTL_SEC = 10 * 60;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SEC = RESEND_CODE_SECONDS;
export const CODE_SENDS_PER_TARGET = { limit: 5, windowSec: 3600 };
export const CODE_SENDS_PER_IP = { limit: 5, windowSec: 3600 };
/**
 * Code checks from one address over all recipients: the per-code limit stops guessing one code, this stops
 * spreading 5 guesses over the pending codes of many phones.
 */
export const CODE_CHECKS_PER_IP = { limit: 30, windowSec: 15 * 60 };

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

function throttledSend(retryAfterSec: number, message: string): HttpError {
  // Clients show the first non-field error of a failed resend (SPEC §4), others read `detail`.
  return new HttpError(
    429,
    { errors: { detail: message, non_field_errors: [message] } },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSec))) },
  );
}

/**
 * Counts one send for the recipient and the caller's address, or throws 429 with Retry-After. Keys depend only
 * on the recipient, never on whether an account exists, so the limits reveal nothing.
 */
export async function takeSendSlot(
  limiter: RateLimiter,
  opts: { purpose: CodePurpose; target: string; ip: string },
): Promise<void> {
  const spacing = await limiter.hit(`code:spacing:${opts.purpose}:${opts.target}`, 1, CODE_RESEND_SEC);
  if (!spacing.allowed) {
    const wait = Math.max(1, Math.ceil(spacing.retryAfterSec));
    throw throttledSend(wait, AUTH_MESSAGES.codeResendTooEarly(wait));
  }
  const perTarget = await limiter.hit(
    `code:target:${opts.target}`,
    CODE_SENDS_PER_TARGET.limit,
    CODE_SENDS_PER_TARGET.windowSec,
  );
  if (!perTarget.allowed) throw throttledSend(perTarget.retryAfterSec, AUTH_MESSAGES.codeSendLimit);
  const perIp = await limiter.hit(`code:ip:${opts.ip}`, CODE_SENDS_PER_IP.limit, CODE_SENDS_PER_IP.windowSec);
  if (!perIp.allowed) throw throttledSend(perIp.retryAfterSec, AUTH_MESSAGES.codeSendLimit);
}

/** Counts one code check from an address, or throws 429 with Retry-After. */
export async function takeCheckSlot(limiter: RateLimiter, ip: string): Promise<void> {
  const decision = await limiter.hit(
    `code:check:ip:${ip}`,
    CODE_CHECKS_PER_IP.limit,
    CODE_CHECKS_PER_IP.windowSec,
  );
  if (!decision.allowed) throw throttled(decision.retryAfterSec);
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

export type CodeCheck = { ok: true; id: number } | { ok: false; reason: 'invalid' | 'expired' | 'attempts' };

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
  if (!row) return { ok: false, reason: 'invalid' };
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
  return done.length ? { ok: true, id } : { ok: false, reason: 'invalid' };
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
