import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { anonymousVisitors, oauthIdentities, transports, users } from '../../db/schema';

export async function createVisitor(db: Db, tokenHash: string): Promise<number> {
  const [row] = await db
    .insert(anonymousVisitors)
    .values({ tokenHash })
    .returning({ id: anonymousVisitors.id });
  if (!row) throw new Error('visitor insert returned nothing');
  return row.id;
}

export interface AuthUser {
  id: number;
  role: string;
  isActive: boolean;
  /** Blocked by staff (issue #14): no sign-in. */
  blocked: boolean;
  passwordHash: string | null;
  phoneNumber: string | null;
}

const authColumns = {
  id: users.id,
  role: users.role,
  isActive: users.isActive,
  blocked: sql<boolean>`${users.blockedAt} is not null`.mapWith(Boolean),
  passwordHash: users.passwordHash,
  phoneNumber: users.phoneNumber,
};

export async function findUserByPhone(db: Db, phone: string): Promise<AuthUser | undefined> {
  const [row] = await db.select(authColumns).from(users).where(eq(users.phoneNumber, phone)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: number): Promise<AuthUser | undefined> {
  const [row] = await db.select(authColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts an inactive account for a phone; undefined when the phone was taken meanwhile. */
/** What a registration brings besides the password: the header's city and vehicle, and the consent's time. */
export interface PendingProfile {
  cityId: number | null;
  transportId: number | null;
  personalDataConsentAt: Date | null;
}

export async function insertPendingUser(
  db: Db,
  phone: string,
  passwordHash: string,
  profile: PendingProfile,
): Promise<number | undefined> {
  const [row] = await db
    .insert(users)
    .values({ phoneNumber: phone, passwordHash, isActive: false, ...profile })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return row?.id;
}

/** Re-registration of a phone that never confirmed its code: the newest password wins. */
export async function updatePendingPassword(
  db: Db,
  id: number,
  passwordHash: string,
  profile: PendingProfile,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, ...profile })
    .where(and(eq(users.id, id), eq(users.isActive, false)));
}

export async function activateUser(db: Db, id: number): Promise<void> {
  await db.update(users).set({ isActive: true }).where(eq(users.id, id));
}

export async function setPassword(
  db: Db,
  id: number,
  passwordHash: string,
  activate: boolean,
): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: sql`now()`, ...(activate ? { isActive: true } : {}) })
    .where(eq(users.id, id));
}

export async function findIdentity(
  db: Db,
  provider: string,
  subject: string,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .select({ userId: oauthIdentities.userId })
    .from(oauthIdentities)
    .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
    .limit(1);
  return row;
}

export async function linkIdentity(
  db: Db,
  userId: number,
  provider: string,
  subject: string,
  email: string,
): Promise<void> {
  await db.insert(oauthIdentities).values({ userId, provider, subject, email }).onConflictDoNothing();
}

/** A phone-less account created by an external sign-in; active at once (the provider vouched for the person). */
export async function createExternalUser(
  db: Db,
  profile: { firstName: string; lastName: string; email: string; emailVerified: boolean },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      phoneNumber: null,
      passwordHash: null,
      isActive: true,
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      emailVerifiedAt: profile.email && profile.emailVerified ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned nothing');
  return row.id;
}

/** A vehicle id from a client is kept only when it exists (a stale cookie must not fail the registration). */
export async function existingTransportId(db: Db, id: number | undefined): Promise<number | null> {
  if (id === undefined) return null;
  const [row] = await db.select({ id: transports.id }).from(transports).where(eq(transports.id, id)).limit(1);
  return row?.id ?? null;
}
