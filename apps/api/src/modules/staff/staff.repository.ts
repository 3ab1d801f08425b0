import { and, count, desc, eq, inArray, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditListQuery, StaffRole } from '@podbor/contract';
import type { Db } from '../../db/client';
import { auditLog, branches, staffBranches, users } from '../../db/schema';

// Staff accounts and the audit log, as the back office reads them.

export interface StaffAccount {
  id: number;
  phoneNumber: string | null;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  role: 'customer' | StaffRole;
  isActive: boolean;
  totpSecret: string | null;
}

const accountColumns = {
  id: users.id,
  phoneNumber: users.phoneNumber,
  passwordHash: users.passwordHash,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isActive: users.isActive,
  totpSecret: users.totpSecret,
};

export async function findAccountByPhone(db: Db, phone: string): Promise<StaffAccount | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.phoneNumber, phone)).limit(1);
  return row;
}

export async function findAccountById(db: Db, id: number): Promise<StaffAccount | undefined> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Spends the authenticator code of time step `step`: true once per step and account, false when that step or a
 * later one was already used (a code seen over a shoulder or replayed from a log signs in nobody).
 */
export async function spendTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return updated.length === 1;
}

export async function branchIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ branchId: staffBranches.branchId })
    .from(staffBranches)
    .where(eq(staffBranches.userId, userId))
    .orderBy(staffBranches.branchId);
  return rows.map((r) => r.branchId);
}

export interface AuditRow {
  id: number;
  at: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  action: string;
  entity: string;
  entityId: string;
  data: unknown;
}

/** One page of the audit log, newest first, and how many entries match. */
export async function auditPage(db: Db, query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
  const where: SQL[] = [];
  if (query.entity) where.push(eq(auditLog.entity, query.entity));
  if (query.entity_id) where.push(eq(auditLog.entityId, query.entity_id));
  if (query.user_id) where.push(eq(auditLog.userId, query.user_id));
  // A prefix: `order.` matches every order action. LIKE's own wildcards in the text are taken literally.
  if (query.action) where.push(like(auditLog.action, `${query.action.replace(/[\\%_]/g, '\\$&')}%`));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        data: auditLog.data,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(condition)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ n: sql<number>`${count()}::int`.mapWith(Number) })
      .from(auditLog)
      .where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Creates or updates a staff account (the `npm run staff` command); returns its id and whether it is new. */
export async function upsertStaffAccount(
  db: Db,
  input: {
    phone: string;
    role: 'customer' | StaffRole;
    passwordHash?: string;
    firstName?: string;
    lastName?: string;
    totpSecret?: string | null;
    branchIds?: number[];
  },
): Promise<{ id: number; created: boolean; totpSecret: string | null }> {
  return db.transaction(async (tx) => {
    const set = {
      role: input.role,
      isActive: true,
      ...(input.passwordHash ? { passwordHash: input.passwordHash, passwordChangedAt: new Date() } : {}),
      ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
      ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
      ...(input.totpSecret !== undefined ? { totpSecret: input.totpSecret, totpLastStep: null } : {}),
    };
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.phoneNumber, input.phone))
      .for('update');
    let id: number;
    if (existing) {
      id = existing.id;
      await tx.update(users).set(set).where(eq(users.id, id));
    } else {
      const [row] = await tx
        .insert(users)
        .values({ phoneNumber: input.phone, ...set })
        .returning({ id: users.id });
      id = row!.id;
    }
    if (input.branchIds) {
      await tx.delete(staffBranches).where(eq(staffBranches.userId, id));
      if (input.branchIds.length)
        await tx.insert(staffBranches).values(input.branchIds.map((branchId) => ({ userId: id, branchId })));
    }
    const [after] = await tx.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, id));
    return { id, created: !existing, totpSecret: after?.totpSecret ?? null };
  });
}

/** Which of `ids` are branches of the shop. */
export async function existingBranchIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: branches.id }).from(branches).where(inArray(branches.id, ids));
  return new Set(rows.map((r) => r.id));
}
