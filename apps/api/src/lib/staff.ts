import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@podbor/contract';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { detailError } from './http-error';

// The `staff` auth level of the route table (back office): shop managers and administrators.

const STAFF_ROLES: ReadonlySet<string> = new Set(['manager', 'admin']);

/**
 * The signed-in staff member calling a `staff` route (lib/route.ts runs it before the body is even read): 401
 * without a live session, 403 for anyone else. The role is read from the account, not from the access token,
 * so a manager demoted or switched off loses the back office at once rather than when the token expires.
 */
export async function requireStaff(db: Db, request: FastifyRequest): Promise<{ userId: number }> {
  const session = request.authState.user;
  if (!session) throw detailError(401, MESSAGES.unauthenticated);
  const [account] = await db
    .select({ role: users.role, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, session.userId));
  if (!account?.isActive) throw detailError(401, MESSAGES.unauthenticated);
  if (!STAFF_ROLES.has(account.role)) throw detailError(403, MESSAGES.forbidden);
  return { userId: session.userId };
}

/** The staff member of a `staff` route's request (its auth was checked before the handler). */
export function staffOf(request: FastifyRequest): { userId: number } {
  const session = request.authState.user;
  if (!session) throw detailError(401, MESSAGES.unauthenticated);
  return { userId: session.userId };
}
