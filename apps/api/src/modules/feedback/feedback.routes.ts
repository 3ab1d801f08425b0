import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { throttled } from '../../lib/http-error';
import { route } from '../../lib/route';
import { getCaller } from '../../plugins/auth-context';
import { createFeedback } from './feedback.service';

/**
 * A person asks for a callback a few times at most; more from one address or for one number is a script
 * filling the staff's queue (and, for the phone, someone else's number being pestered with calls).
 */
export const FEEDBACK_PER_IP = { limit: 20, windowSec: 3600 };
export const FEEDBACK_PER_PHONE = { limit: 5, windowSec: 3600 };

const feedbackRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, 'feedback', async (request, reply) => {
    const byIp = await deps.limiter.hit(
      `feedback:ip:${request.ip}`,
      FEEDBACK_PER_IP.limit,
      FEEDBACK_PER_IP.windowSec,
    );
    if (!byIp.allowed) throw throttled(byIp.retryAfterSec);
    const body = request.body;
    const byPhone = await deps.limiter.hit(
      `feedback:phone:${body.phone}`,
      FEEDBACK_PER_PHONE.limit,
      FEEDBACK_PER_PHONE.windowSec,
    );
    if (!byPhone.allowed) throw throttled(byPhone.retryAfterSec);
    const showcase = await deps.showcases.forRequest(request);
    const caller = await getCaller(app, request);
    const id = await createFeedback(app.db, body, { showcaseId: showcase.id, caller });
    return reply.status(201).send({ status: 'ok', id });
  });
};

export default feedbackRoutes;
