import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull, ne, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TokenPair } from '@podbor/contract';
import type { Db } from '../db/client';
import { refreshTokenFamilies, refreshTokens, users } from '../db/schema';
import { REFRESH_TTL_SEC, signAccessToken, signRefreshToken, verifyRefreshToken } from './tokens';

// Sessions (ARCHITECTURE §2): one refresh-token family per sign-in with an absolute 30-day end; every refresh
// spends the presented token and issues the next one of the family; presenting a spent token again means it
// was copied, so the whole family is revoked.
//
// Grace window: two tabs (or a retried request) refreshing with the same token at once must not sign the user
// out. For a few seconds after a rotation, the token just replaced answers with the family's current token
// again (the same jti, signed anew) instead of counting as a copy. Nothing new is issued, so the family keeps a
// single live token and a copy used later is still caught; an older token, or the replaced one after the
// window, revokes the family as before.
//
// First-token clients: some older clients of this API keep the refresh token they got at sign-in and store only
// each new access token, refreshing with that first token on every page load, minutes or days apart. A family in
// which nothing but its first token has ever been spent is treated as such a client: the first token presented
// again gets the family's current token again (re-signed, nothing new issued), as in the grace window but without
// its time limit. The moment any later token of the family is presented (a client that stores the rotated token),
// the family is known to rotate and the first token becomes an ordinary spent token: presented again, it revokes
// the family. apps/api/README.md «Refresh tokens» weighs what this costs.

export type RevokeReason =
  | 'logout'
  | 'reuse'
  | 'password_change'
  | 'password_reset'
  | 'inactive'
  /** A staff member's role or authenticator changed: their back-office sessions end. */
  | 'staff_change'
  /** Staff blocked the customer (issue #14). */
  | 'blocked';

async function issue(
  db: Db,
  secret: string,
  user: { id: number; role: string },
  family: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const jti = randomUUID();
  await db.insert(refreshTokens).values({ id: jti, familyId: family.id });
  return sign(secret, user, family, jti);
}

async function sign(
  secret: string,
  user: { id: number; role: string },
  family: { id: string; expiresAt: Date },
  jti: string,
): Promise<TokenPair> {
  const [access, refresh] = await Promise.all([
    signAccessToken({ userId: user.id, role: user.role, sessionId: family.id }, secret),
    signRefreshToken({ userId: user.id, jti, familyId: family.id, expiresAt: family.expiresAt }, secret),
  ]);
  return { access, refresh };
}

/**
 * A new session (sign-in): a new family ending 30 days from now. Records the sign-in time. `staff`: the back
 * office's sign-in (password and authenticator code) opened it, for `ttlSec` — only such a session reaches staff
 * routes (lib/staff.ts).
 */
export async function startSession(
  db: Db,
  secret: string,
  user: { id: number; role: string },
  options: { staff?: boolean; ttlSec?: number } = {},
): Promise<TokenPair> {
  const ttlSec = Math.min(options.ttlSec ?? REFRESH_TTL_SEC, REFRESH_TTL_SEC);
  const family = { id: randomUUID(), expiresAt: new Date(Date.now() + ttlSec * 1000) };
  await db
    .insert(refreshTokenFamilies)
    .values({ id: family.id, userId: user.id, expiresAt: family.expiresAt, staff: options.staff ?? false });
  await db
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(eq(users.id, user.id));
  return issue(db, secret, user, family);
}

export type RotateResult =
  { ok: true; tokens: TokenPair } | { ok: false; reason: 'invalid' | 'revoked' | 'reused' };

/**
 * Spends a refresh token and returns the next pair of its family. Within `graceSec` of its rotation, the token
 * just replaced gets the family's current token again (see the note at the top).
 */
export async function rotateSession(
  db: Db,
  secret: string,
  refresh: string,
  opts: { graceSec: number; firstTokenReuse: boolean },
): Promise<RotateResult> {
  const claims = await verifyRefreshToken(refresh, secret);
  if (!claims) return { ok: false, reason: 'invalid' };
  const [row] = await db
    .select({
      familyId: refreshTokenFamilies.id,
      familyUserId: refreshTokenFamilies.userId,
      expiresAt: refreshTokenFamilies.expiresAt,
      live: sql`${refreshTokenFamilies.revokedAt} is null and ${refreshTokenFamilies.expiresAt} > now()`.mapWith(
        Boolean,
      ),
      role: users.role,
      isActive: users.isActive,
      blocked: sql`${users.blockedAt} is not null`.mapWith(Boolean),
    })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(eq(refreshTokens.id, claims.jti))
    .limit(1);
  if (!row || row.familyId !== claims.familyId || row.familyUserId !== claims.userId)
    return { ok: false, reason: 'invalid' };
  if (!row.live) return { ok: false, reason: 'revoked' };
  if (!row.isActive || row.blocked) {
    await revokeFamily(db, row.familyId, row.blocked ? 'blocked' : 'inactive');
    return { ok: false, reason: 'revoked' };
  }
  const user = { id: claims.userId, role: row.role };
  const family = { id: row.familyId, expiresAt: row.expiresAt };
  // Spending and issuing the successor are one transaction: a parallel refresh with the same token waits for it
  // (row lock) and then finds the successor, so it can be answered within the grace window.
  const next = await db.transaction(async (tx) => {
    const spent = await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(refreshTokens.id, claims.jti), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) return null;
    const jti = randomUUID();
    await tx.insert(refreshTokens).values({ id: jti, familyId: family.id });
    return jti;
  });
  if (next) return { ok: true, tokens: await sign(secret, user, family, next) };
  const current =
    (opts.graceSec > 0 ? await graceSuccessor(db, claims.jti, family.id, opts.graceSec) : null) ??
    (opts.firstTokenReuse ? await firstTokenSuccessor(db, claims.jti, family.id) : null);
  if (current) return { ok: true, tokens: await sign(secret, user, family, current) };
  await revokeFamily(db, family.id, 'reuse');
  return { ok: false, reason: 'reused' };
}

/**
 * The family's current (unspent) token when `jti` is the token replaced last and that happened less than
 * `graceSec` ago; otherwise null. "Replaced last": no token of the family was spent after it, so an older
 * token never qualifies.
 */
async function graceSuccessor(
  db: Db,
  jti: string,
  familyId: string,
  graceSec: number,
): Promise<string | null> {
  const presented = alias(refreshTokens, 'presented');
  const later = alias(refreshTokens, 'later');
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .innerJoin(presented, eq(presented.id, jti))
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.usedAt),
        eq(presented.familyId, familyId),
        sql`${presented.usedAt} > now() - make_interval(secs => ${graceSec})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(and(eq(later.familyId, familyId), gt(later.usedAt, presented.usedAt))),
        ),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The family's current (unspent) token when `jti` is the only token of the family ever spent, i.e. the family's
 * first token in a session whose client has never presented a rotated one; otherwise null. (Any later token
 * exists only because its predecessor was spent, so "the only one spent" can only be the first.)
 */
async function firstTokenSuccessor(db: Db, jti: string, familyId: string): Promise<string | null> {
  const other = alias(refreshTokens, 'other');
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.usedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(other)
            .where(and(eq(other.familyId, familyId), ne(other.id, jti), isNotNull(other.usedAt))),
        ),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The pair of a live session as it stands (a new access token and the family's current refresh token, re-signed;
 * nothing new issued), or null when the session has ended. Used where a call keeps the caller's session (password
 * change) and Podbor's storefront expects a pair in the answer.
 */
export async function currentSessionTokens(
  db: Db,
  secret: string,
  user: { id: number; role: string },
  familyId: string,
): Promise<TokenPair | null> {
  const [row] = await db
    .select({ id: refreshTokens.id, expiresAt: refreshTokenFamilies.expiresAt })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(
      and(
        eq(refreshTokenFamilies.id, familyId),
        eq(refreshTokenFamilies.userId, user.id),
        isNull(refreshTokenFamilies.revokedAt),
        sql`${refreshTokenFamilies.expiresAt} > now()`,
        isNull(refreshTokens.usedAt),
      ),
    )
    .orderBy(desc(refreshTokens.createdAt))
    .limit(1);
  if (!row) return null;
  return sign(secret, user, { id: familyId, expiresAt: row.expiresAt }, row.id);
}

export async function revokeFamily(db: Db, familyId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

/**
 * Logout: revokes the family of a genuine refresh token (spent or not — a client may hold an older one).
 * Returns false for a token that is not ours.
 */
export async function endSession(db: Db, secret: string, refresh: string): Promise<boolean> {
  const claims = await verifyRefreshToken(refresh, secret);
  if (!claims) return false;
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: 'logout' })
    .where(
      and(
        eq(refreshTokenFamilies.id, claims.familyId),
        eq(refreshTokenFamilies.userId, claims.userId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
  return true;
}

/** Ends every session of a user (password change or reset), optionally except one. */
export async function revokeAllSessions(
  db: Db,
  userId: number,
  reason: RevokeReason,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        exceptFamilyId ? ne(refreshTokenFamilies.id, exceptFamilyId) : undefined,
      ),
    );
}

/** Ends the account's back-office sessions (a new authenticator secret, or the account left the staff). */
export async function revokeStaffSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: 'staff_change' })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        eq(refreshTokenFamilies.staff, true),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
}

/**
 * Whether an access token's session is still on: not revoked (logout, password change or reset, refresh
 * reuse), not past its absolute end, and the account still active. One primary-key lookup per
 * authenticated request; nothing is cached, so every API process sees a revocation at once.
 */
export async function isSessionLive(db: Db, sessionId: string, userId: number): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const [row] = await db
    .select({ one: sql`1`.mapWith(Number) })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(
      and(
        eq(refreshTokenFamilies.id, sessionId),
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        sql`${refreshTokenFamilies.expiresAt} > now()`,
        eq(users.isActive, true),
        isNull(users.blockedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
