import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { branches, cities } from './branches';
import { transports } from './transport';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** +7XXXXXXXXXX; null for an account created by an external sign-in method without a phone. */
    phoneNumber: text(),
    /** argon2id; null when the account can only sign in through an external method. */
    passwordHash: text(),
    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    patronymic: text().notNull().default(''),
    email: text().notNull().default(''),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    dateOfBirthday: date({ mode: 'string' }),
    role: text({ enum: ['customer', 'manager', 'admin'] })
      .notNull()
      .default('customer'),
    /** Inactive until the registration code is confirmed. */
    isActive: boolean().notNull().default(false),
    cityId: integer().references(() => cities.id, { onDelete: 'set null' }),
    transportId: integer().references(() => transports.id, { onDelete: 'set null' }),
    dateJoined: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp({ withTimezone: true }),
    passwordChangedAt: timestamp({ withTimezone: true }),
    /** When the customer consented to personal-data processing at registration (152-FZ); null for older clients. */
    personalDataConsentAt: timestamp({ withTimezone: true }),
    /**
     * Staff's second factor (RFC 6238 TOTP, an authenticator app): the shared secret, encrypted (lib/totp.ts).
     * Null until `npm run staff` enrols the account; staff cannot sign in to the back office without it.
     */
    totpSecret: text(),
    /** The last TOTP time step accepted: a code is good once, never replayed within its 30-second window. */
    totpLastStep: integer(),
    /**
     * Blocked by staff (issue #14): the customer cannot sign in and their sessions end. Kept apart from isActive,
     * which means «registration confirmed» (re-registering would otherwise lift a block).
     */
    blockedAt: timestamp({ withTimezone: true }),
    blockedReason: text().notNull().default(''),
    blockedBy: integer().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('users_phone_uq')
      .on(t.phoneNumber)
      .where(sql`${t.phoneNumber} is not null`),
  ],
);

/** External sign-in identities (e.g. Yandex ID) linked to a user. */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    subject: text().notNull(),
    email: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_identities_uq').on(t.provider, t.subject)],
);

/**
 * One-time codes (SMS, reset call, e-mail). Stored hashed; single use; limited tries.
 * target = normalised phone or e-mail; purpose = register | reset_call | email.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    target: text().notNull(),
    purpose: text({ enum: ['register', 'reset_call', 'email'] }).notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** Set when a reset code is verified: the code may then set the password exactly once. */
    verifiedAt: timestamp({ withTimezone: true }),
    ip: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_target_idx').on(t.target, t.purpose, t.createdAt.desc())],
);

/** Refresh tokens are rotated; each belongs to a family, and reuse of a spent token revokes the whole family. */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session (30 days from sign-in), not extended by rotation. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
    /**
     * Opened by the back office's sign-in (password and TOTP code): only such a session may call staff routes.
     * A staff member's ordinary storefront sign-in (password alone) is a customer's session.
     */
    staff: boolean().notNull().default(false),
  },
  (t) => [index('refresh_token_families_user_idx').on(t.userId)],
);

/** The branches a manager works for (sees and handles their orders); a manager without any sees every branch. */
export const staffBranches = pgTable(
  'staff_branches',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] })],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** The token's jti. */
    id: uuid().primaryKey(),
    familyId: uuid()
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Anonymous visitors: the opaque not-authorized token (stored as a SHA-256 hash) owns an anonymous cart. Rows
 * unused for a while are deleted by the housekeeping sweep (lib/visitors.ts).
 */
export const anonymousVisitors = pgTable(
  'anonymous_visitors',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Set when the visitor signed in and the cart was merged into the user's. */
    mergedIntoUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('anonymous_visitors_last_seen_idx').on(t.lastSeenAt)],
);
