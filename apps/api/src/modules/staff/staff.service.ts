import { randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  STAFF_MESSAGES,
  type AuditListQuery,
  type AuditListResponse,
  type StaffLoginResponse,
  type StaffMember,
  type StaffRole,
} from '@podbor/contract';
import type { Db } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import type { RateLimiter } from '../../lib/rate-limit';
import { revokeStaffSessions, startSession } from '../../lib/sessions';
import { decryptSecret, encryptSecret, newTotpSecret, totpCode, totpStep } from '../../lib/totp';
import { rememberAddress, takeLoginSlot } from '../auth/auth.service';
import {
  auditPage,
  branchIdsOf,
  existingBranchIds,
  findAccountById,
  findAccountByPhone,
  spendTotpStep,
  upsertStaffAccount,
  type StaffAccount,
} from './staff.repository';

// The back office's sign-in (password and authenticator code), who is signed in, and the audit log.

export interface StaffEnv {
  db: Db;
  /** JWT_SECRET. */
  secret: string;
  /** STAFF_TOTP_KEY (or JWT_SECRET): decrypts the stored authenticator secrets. */
  totpKey: string;
  sessionSec: number;
  limiter: RateLimiter;
}

const isStaffRole = (role: string): role is StaffRole => role === 'manager' || role === 'admin';

function displayName(a: { firstName: string | null; lastName: string | null; phoneNumber: string | null }) {
  return [a.lastName, a.firstName].filter(Boolean).join(' ') || a.phoneNumber || 'Без имени';
}

async function memberOf(db: Db, account: StaffAccount & { role: StaffRole }): Promise<StaffMember> {
  return {
    id: account.id,
    phone_number: account.phoneNumber,
    name: displayName(account),
    role: account.role,
    // An admin handles every branch whatever rows were left for them from a time as manager.
    branch_ids: account.role === 'admin' ? [] : await branchIdsOf(db, account.id),
  };
}

const invalid = () => new HttpError(400, { errors: { detail: STAFF_MESSAGES.invalidCredentials } });

/**
 * Phone, password and the authenticator's code open a back-office session. The login limits of the storefront's
 * sign-in apply (per address, per phone and address, per phone), and every failure — unknown phone, wrong
 * password, not staff, wrong or replayed code — answers alike, after the same argon2 work.
 */
export async function staffLogin(
  env: StaffEnv,
  input: { phone: string; password: string; code: string; ip: string },
): Promise<StaffLoginResponse> {
  await takeLoginSlot(env.limiter, input.phone, input.ip);
  const account = await findAccountByPhone(env.db, input.phone);
  const passwordOk = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !passwordOk || !account.isActive || !isStaffRole(account.role)) throw invalid();
  // Told only to someone who knows the password: enrolment is the administrator's step, not a guess to make.
  if (!account.totpSecret) throw new HttpError(400, { errors: { detail: STAFF_MESSAGES.notEnrolled } });
  const secret = decryptSecret(account.totpSecret, env.totpKey);
  if (!secret) throw new HttpError(400, { errors: { detail: STAFF_MESSAGES.notEnrolled } });
  const step = totpStep(secret, input.code);
  if (step === null || !(await spendTotpStep(env.db, account.id, step))) throw invalid();
  await rememberAddress(env.limiter, input.phone, input.ip);
  const role = account.role;
  const tokens = await startSession(
    env.db,
    env.secret,
    { id: account.id, role },
    {
      staff: true,
      ttlSec: env.sessionSec,
    },
  );
  // Who entered the back office, from where: the first thing to read when an account is suspected stolen.
  await recordAudit(env.db, {
    userId: account.id,
    action: 'staff.login',
    entity: 'user',
    entityId: account.id,
    data: { ip: input.ip },
  });
  return { ...tokens, staff: await memberOf(env.db, { ...account, role }) };
}

export async function staffMe(db: Db, userId: number): Promise<StaffMember> {
  const account = await findAccountById(db, userId);
  // lib/staff.ts let the request through a moment ago; an account changed since is simply not staff now.
  if (!account || !isStaffRole(account.role))
    throw new HttpError(403, { errors: { detail: MESSAGES.forbidden } });
  return memberOf(db, { ...account, role: account.role });
}

export async function auditList(db: Db, query: AuditListQuery): Promise<AuditListResponse> {
  const { rows, total } = await auditPage(db, query);
  return {
    current: query.page,
    pages: Math.max(1, Math.ceil(total / query.size)),
    total,
    results: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      user: r.userId === null ? null : { id: r.userId, name: displayName(r) },
      action: r.action,
      entity: r.entity,
      entity_id: r.entityId,
      data: r.data && typeof r.data === 'object' ? (r.data as Record<string, unknown>) : {},
    })),
  };
}

export interface EnrolInput {
  phone: string;
  role: 'customer' | StaffRole;
  password?: string;
  firstName?: string;
  lastName?: string;
  branchIds?: number[];
  /** A new authenticator secret even when the account has one (a lost phone). */
  resetTotp?: boolean;
}

export interface EnrolResult {
  id: number;
  created: boolean;
  /** Set when a password was generated for a new account: shown once. */
  generatedPassword?: string;
  /** Set when a new authenticator secret was made: what the staff member adds to their app. */
  totp?: { base32: string; uri: string };
}

/**
 * `npm run staff`: makes an account staff (or a customer again), sets its password, branches and authenticator
 * secret. A new secret ends the account's back-office sessions, and so does leaving the staff.
 */
/**
 * The authenticator code a staff account would show right now (`npm run staff -- --code`): for whoever runs the
 * server and so holds the secret key anyway — the demo shop without a phone at hand, or a support call. Null for
 * an unknown phone or an account without a second factor.
 */
export async function currentStaffCode(db: Db, totpKey: string, phone: string): Promise<string | null> {
  const account = await findAccountByPhone(db, phone);
  const secret = account?.totpSecret ? decryptSecret(account.totpSecret, totpKey) : null;
  return secret ? totpCode(secret) : null;
}

export async function enrolStaff(db: Db, totpKey: string, input: EnrolInput): Promise<EnrolResult> {
  const existing = await findAccountByPhone(db, input.phone);
  const generatedPassword =
    !existing?.passwordHash && !input.password ? randomBytes(9).toString('base64url') : undefined;
  const password = input.password ?? generatedPassword;
  if (password) {
    const problem = passwordProblem(password, input.phone);
    if (problem || password.length < PASSWORD_MIN_LENGTH)
      throw new Error(
        problem === 'common'
          ? AUTH_MESSAGES.passwordCommon
          : problem === 'phone'
            ? AUTH_MESSAGES.passwordContainsPhone
            : MESSAGES.passwordTooShort,
      );
  }
  if (input.branchIds) {
    const known = await existingBranchIds(db, input.branchIds);
    const unknown = input.branchIds.filter((id) => !known.has(id));
    if (unknown.length) throw new Error(`Нет филиала с номером ${unknown.join(', ')}.`);
  }
  const staff = input.role !== 'customer';
  const needsTotp = staff && (input.resetTotp || !existing?.totpSecret);
  const totp = needsTotp ? newTotpSecret(input.phone) : undefined;
  const { id, created } = await upsertStaffAccount(db, {
    phone: input.phone,
    role: input.role,
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    // Leaving the staff drops the second factor with the role.
    ...(totp ? { totpSecret: encryptSecret(totp.base32, totpKey) } : staff ? {} : { totpSecret: null }),
    ...(input.branchIds ? { branchIds: input.branchIds } : staff ? {} : { branchIds: [] }),
  });
  if (totp || !staff) await revokeStaffSessions(db, id);
  return { id, created, ...(generatedPassword ? { generatedPassword } : {}), ...(totp ? { totp } : {}) };
}
