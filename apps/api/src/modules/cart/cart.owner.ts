import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '@podbor/contract';
import { detailError } from '../../lib/http-error';
import { getCaller } from '../../plugins/auth-context';
import type { CartOwner } from './cart.service';

/** Cart, order and payment-status calls need a signed-in user or a known anonymous visitor; anyone else gets 401. */
export async function requireOwner(app: FastifyInstance, request: FastifyRequest): Promise<CartOwner> {
  const caller = await getCaller(app, request);
  if (caller.kind === 'user') return { userId: caller.userId };
  if (caller.kind === 'visitor') return { visitorId: caller.visitorId };
  throw detailError(401, MESSAGES.unauthenticated);
}

/** Scope of per-caller keys (Idempotency-Key). */
export const ownerScope = (owner: CartOwner) =>
  'userId' in owner ? `user:${owner.userId}` : `visitor:${owner.visitorId}`;
