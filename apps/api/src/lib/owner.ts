import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@podbor/contract';
import { getCaller } from '../plugins/auth-context';
import { detailError } from './http-error';

/**
 * Who a cart, an order or a payment status belongs to: a signed-in user or an anonymous visitor (the calls of
 * `session` routes are the same for both).
 */
export type Owner = { userId: number } | { visitorId: number };

/** Cart, order and payment-status calls need a signed-in user or a known anonymous visitor; anyone else gets 401. */
export async function requireOwner(app: FastifyInstance, request: FastifyRequest): Promise<Owner> {
  const caller = await getCaller(app, request);
  if (caller.kind === 'user') return { userId: caller.userId };
  if (caller.kind === 'visitor') return { visitorId: caller.visitorId };
  throw detailError(401, MESSAGES.unauthenticated);
}

/** Scope of per-owner keys (Idempotency-Key, order limits). */
export const ownerScope = (owner: Owner) =>
  'userId' in owner ? `user:${owner.userId}` : `visitor:${owner.visitorId}`;
