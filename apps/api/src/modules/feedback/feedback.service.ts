import type { FeedbackRequest } from '@podbor/contract';
import type { Db } from '../../db/client';
import type { Caller } from '../../plugins/auth-context';
import { insertFeedback, transportExists } from './feedback.repository';

export interface FeedbackContext {
  showcaseId: number;
  caller: Caller;
}

/**
 * Stores a callback request for staff. A transport id that no longer exists (a stale cookie of the storefront)
 * must not cost the customer their callback, so it is dropped rather than refused.
 */
export async function createFeedback(db: Db, input: FeedbackRequest, ctx: FeedbackContext): Promise<number> {
  const transportId =
    input.transport && (await transportExists(db, input.transport)) ? input.transport : null;
  return insertFeedback(db, {
    showcaseId: ctx.showcaseId,
    userId: ctx.caller.kind === 'user' ? ctx.caller.userId : null,
    visitorId: ctx.caller.kind === 'visitor' ? ctx.caller.visitorId : null,
    type: input.type,
    name: input.name,
    phone: input.phone,
    message: input.message,
    source: input.source ?? '',
    transportId,
  });
}
