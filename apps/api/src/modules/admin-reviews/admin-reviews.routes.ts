import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { staffOf } from '../../lib/staff';
import { moderateReview, replyToReview, reviewsForModeration } from './admin-reviews.service';

const adminReviewsRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'adminReviews', async (request) => reviewsForModeration(app.db, request.query));
  route(app, 'adminReviewPublish', async (request) =>
    moderateReview(app.db, {
      id: request.params.id,
      userId: staffOf(request).userId,
      moderation: 'published',
    }),
  );
  route(app, 'adminReviewHide', async (request) =>
    moderateReview(app.db, {
      id: request.params.id,
      userId: staffOf(request).userId,
      moderation: 'hidden',
      reason: request.body.reason,
    }),
  );
  route(app, 'adminReviewReply', async (request) =>
    replyToReview(app.db, {
      id: request.params.id,
      userId: staffOf(request).userId,
      text: request.body.text,
    }),
  );
};

export default adminReviewsRoutes;
