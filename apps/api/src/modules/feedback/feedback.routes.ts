import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, feedbackRequest, feedbackResponse } from '@podbor/contract';
import type { AppDeps } from '../../app';
import { throttled } from '../../lib/http-error';
import { getCaller } from '../../plugins/auth-context';
import { createFeedback } from './feedback.service';

/**
 * A person asks for a callback a few times at most; more from one address or for one number is a script
 * filling the staff's queue (and, for the phone, someone else's number being pestered with calls).
 */
export const FEEDBACK_PER_IP = { limit: 20, windowSec: 3600 };
export const FEEDBACK_PER_PHONE = { limit: 5, windowSec: 3600 };

const feedbackRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/feedback/',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Заявка на обратный звонок или консультацию',
        body: feedbackRequest,
        response: { 201: feedbackResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const byIp = await deps.limiter.hit(`feedback:ip:${request.ip}`, FEEDBACK_PER_IP.limit, FEEDBACK_PER_IP.windowSec);
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
    },
  );
};

export default feedbackRoutes;
