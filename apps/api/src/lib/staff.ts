import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES, STAFF_MESSAGES, STAFF_ROLES, type StaffRole } from '@podbor/contract';
import type { Db } from '../db/client';
import { refreshTokenFamilies, users } from '../db/schema';
import { detailError } from './http-error';

// The `staff` auth level of the route table (back office): shop managers and administrators.

/**
 * The signed-in staff member calling a `staff` route (lib/route.ts runs it before the body is even read): 401
 * without a live session, 403 for anyone else — a customer, a staff member whose session was opened without the
 * authenticator code (a storefront sign-in), or a role the route does not allow. The role is read from the
 * account, not from the access token, so a manager demoted or switched off loses the back office at once rather
 * than when the token expires.
 */
export async function requireStaff(
  db: Db,
  request: FastifyRequest,
  roles: readonly StaffRole[] = STAFF_ROLES,
): Promise<{ userId: number; role: StaffRole }> {
  const session = request.authState.user;
  if (!session) throw detailError(401, MESSAGES.unauthenticated);
  const [account] = await db
    .select({ role: users.role, isActive: users.isActive, staffSession: refreshTokenFamilies.staff })
    .from(users)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.userId, users.id))
    .where(and(eq(users.id, session.userId), eq(refreshTokenFamilies.id, session.sessionId)));
  if (!account?.isActive) throw detailError(401, MESSAGES.unauthenticated);
  const role = account.role;
  if (role === 'customer') throw detailError(403, MESSAGES.forbidden);
  if (!account.staffSession) throw detailError(403, STAFF_MESSAGES.secondFactorRequired);
  if (!roles.includes(role)) throw detailError(403, MESSAGES.forbidden);
  return { userId: session.userId, role };
}

/** The staff member of a `staff` route's request (its auth was checked before the handler). */
export function staffOf(request: FastifyRequest): { userId: number } {
  const session = request.authState.user;
  if (!session) throw detailError(401, MESSAGES.unauthenticated);
  return { userId: session.userId };
}

/** SQL for «Фамилия Имя» of the users row aliased `alias`, null when the account has no name. */
export function staffName(alias: string): SQL {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`staffName: bad alias ${alias}`);
  return sql.raw(`nullif(trim(${alias}.last_name || ' ' || ${alias}.first_name), '')`);
}
